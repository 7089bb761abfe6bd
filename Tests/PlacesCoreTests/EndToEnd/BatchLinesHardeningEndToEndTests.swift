import Foundation
import Testing

/// Issue 22, items 5–8 and 13 (ids), through the binary: what a batch line may run, which
/// flag wins, what `--resume` copies, ids echoed as written, and an extract given as a stream.
@Suite("End to end: batch lines under hostile input")
struct BatchLinesHardeningEndToEndTests {
    static let near = #""nearby","--near","Helsinki","-n","1""#

    static func records(_ stdout: String) throws -> [[String: Any]] {
        try BatchEndToEndTests.records(stdout)
    }

    /// Runs `places batch FILE args` on `lines` with the bundled extract.
    static func batch(
        _ lines: [String], _ args: [String] = ["--data", PlacesBinary.helsinkiData],
        environment: [String: String] = PlacesBinary.baseEnvironment()
    ) throws -> (PlacesBinary.Result, TemporaryDirectory) {
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.ndjson", Data((lines.joined(separator: "\n") + "\n").utf8))
        return (try PlacesBinary.run(["batch", input] + args, environment: environment), dir)
    }

    // MARK: - Item 6: commands that print no JSON

    @Test func commandsThatPrintNoJSONAreRefusedBeforeTheyRun() throws {
        let scene = try TemporaryDirectory()
        let osm = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures/osm").path
        let recordings = try FileManager.default.contentsOfDirectory(atPath: osm).filter { $0.hasSuffix("-1.json") }.sorted()
        try FileManager.default.createDirectory(atPath: scene.file("dir/osm"), withIntermediateDirectories: true)
        for name in recordings { try FileManager.default.copyItem(atPath: osm + "/" + name, toPath: scene.file("dir/osm/" + name)) }
        let used = try #require(DirectoryCanonical.path(scene.file("dir/osm/" + recordings[0])))
        let log = try scene.write("used.log", Data((used + "\n").utf8))
        let dir = scene.file("dir")
        let (r, _) = try Self.batch([
            #"["completions","bash"]"#, #"["manpage"]"#, #"["cassettes","list","\#(dir)"]"#,
            #"["cassettes","check","\#(dir)"]"#, #"["cassettes","unused","\#(dir)","--log","\#(log)","--delete"]"#,
            #"[\#(Self.near)]"#,
        ])
        #expect(r.status == 64, "\(r)")
        let records = try Self.records(r.stdout)
        #expect(records.map { $0["exitCode"] as? Int } == [64, 64, 64, 64, 64, 0], "\(r)")
        for record in records.prefix(5) {
            #expect((record["error"] as? String)?.contains("prints text, not JSON") == true, "\(record)")
        }
        #expect(!r.stderr.contains("unexpected failure"), "\(r)")
        #expect(scene.contents(of: "dir/osm") == recordings, "cassettes unused --delete ran in the batch")
    }

    // MARK: - Item 7: which flag wins

    @Test func theLineWinsOverTheBatchAndTheLastFlagOverTheFirst() throws {
        let (r, _) = try Self.batch(
            [
                #"[\#(Self.near),"--no-cache"]"#, #"[\#(Self.near),"--format","csv","--json"]"#,
                #"[\#(Self.near),"--json","--format","csv"]"#, #"[\#(Self.near),"--cache","off"]"#,
            ],
            ["--data", PlacesBinary.helsinkiData, "--cache", "1h"])
        let records = try Self.records(r.stdout)
        #expect(records.map { $0["exitCode"] as? Int } == [0, 0, 64, 0], "\(r)")
        #expect(records[2]["error"] as? String == "--format csv: in a batch every line prints JSON; drop --format", "\(r)")
        #expect(records[0]["result"] is [Any] && records[1]["result"] is [Any], "\(r)")
    }

    // MARK: - Item 8: --resume

    @Test func resumeGivesCopiedRecordsTheNewIdsAndRunsMalformedOnesAgain() throws {
        let dir = try TemporaryDirectory()
        let args = #"["nearby","--near","Helsinki","-n","1"]"#
        let lines = [#"{"id":"new-1","args":\#(args)}"#, #"{"id":"new-2","args":\#(args)}"#, #"{"id":"new-3","args":\#(args)}"#]
        let input = try dir.write("in.ndjson", Data((lines.joined(separator: "\n") + "\n").utf8))
        // Line 1 succeeded (its result marked to show it is copied, not run); line 2's record
        // lacks "result"; line 3's lacks "id".
        let previous = [
            #"{"id":"old-1","line":1,"args":["nearby","--near","Helsinki","-n","1"],"exitCode":0,"result":["copied"],"error":null}"#,
            #"{"id":"old-2","line":2,"args":["nearby","--near","Helsinki","-n","1"],"exitCode":0,"error":null}"#,
            #"{"line":3,"args":["nearby","--near","Helsinki","-n","1"],"exitCode":0,"result":["copied"],"error":null}"#,
        ]
        let resume = try dir.write("previous.ndjson", Data((previous.joined(separator: "\n") + "\n").utf8))
        let r = try PlacesBinary.run(["batch", input, "--resume", resume, "--data", PlacesBinary.helsinkiData])
        #expect(r.status == 0, "\(r)")
        let records = try Self.records(r.stdout)
        #expect(records.map { $0["id"] as? String } == ["new-1", "new-2", "new-3"], "\(r)")
        #expect((records[0]["result"] as? [String]) == ["copied"], "line 1 copied")
        for record in records.dropFirst() {
            #expect((record["result"] as? [[String: Any]])?.first?["id"] != nil, "run again: \(record)")
        }
    }

    // MARK: - Item 13: ids as written

    @Test func idsAreEchoedByteForByteAtAnyDepth() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let ids = ["12345678901234567890", "-0", "1.0e+2", #""caf\u00e9""#, #"{"a" : [1, 2.50]}"#, deep]
        let (r, _) = try Self.batch(ids.map { #"{"id":\#($0),"args":["favorite","list"]}"# }, [])
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == ids.count, "\(r.stdout.prefix(300))")
        for (line, id) in zip(lines, ids) {
            #expect(line.hasPrefix(#"{"id":\#(id),"line":"#), "\(line.prefix(120))")
        }
    }

    /// Found by the batch-line fuzz: CR LF is one `Character` in a Swift `String`, so a file
    /// with CRLF line ends was read as one line ("not JSON"); and a record echoed a line's
    /// arguments with C1 and bidirectional control characters raw.
    @Test func crlfLinesAreLinesAndEchoedArgumentsCarryNoControlCharacters() throws {
        let dir = try TemporaryDirectory()
        let input = try dir.write(
            "in.ndjson", Data("[\"providers\"]\r\n{\"id\":7,\"args\":[\"favorite\",\"list\",\"--near\",\"\u{85}\u{202E}x\"]}\r\n".utf8))
        let r = try PlacesBinary.run(["batch", input])
        let records = try Self.records(r.stdout)
        #expect(records.map { $0["line"] as? Int } == [1, 2], "\(r)")
        #expect(records.first?["exitCode"] as? Int == 0, "\(r)")
        #expect(r.stdout.contains(#""--near","\u0085\u202ex""#), "\(r)")
        #expect(!r.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E }, "\(r)")
    }

    // MARK: - Item 5: an extract as a stream

    @Test(arguments: [
        (#""$PLACES" batch "$IN" --data <(cat "$DATA")"#, "--data /dev/fd/"),
        (#"cat "$DATA" | "$PLACES" batch "$IN" --data /dev/stdin"#, "--data /dev/stdin is a stream"),
        (#""$PLACES" batch "$IN" --data - < "$DATA""#, "--data - is a stream"),
        (#"cat "$IN" | "$PLACES" batch --data -"#, "--data - and the batch's input are both stdin"),
        // The writer waits for a reader; opening the FIFO read-write and closing it lets it go
        // (it holds none of the test's pipes, so nothing outlives the shell).
        (
            #"mkfifo "$T/fifo"; (cat "$DATA" > "$T/fifo" 2>/dev/null </dev/null &); "$PLACES" batch "$IN" --data "$T/fifo"; s=$?; exec 3<>"$T/fifo"; exec 3<&-; exit $s"#,
            "/fifo is a stream"
        ),
        (
            #"printf '["nearby","--near","Helsinki","--data","-"]\n' > "$T/own"; "$PLACES" batch "$T/own" < "$DATA""#,
            "line 1: --data - is a stream"
        ),
    ])
    func aStreamAsTheExtractOfABatchIsAUsageError(_ script: String, _ says: String) throws {
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.ndjson", Data((Array(repeating: #"[\#(Self.near)]"#, count: 8).joined(separator: "\n") + "\n").utf8))
        var env = PlacesBinary.baseEnvironment()
        env["IN"] = input
        env["T"] = dir.path
        let outcome = try BoundedRun.shell(script, environment: env)
        let r = outcome.result
        #expect(!outcome.timedOut, "\(outcome)")
        #expect(r.status == 64, "\(r)")
        #expect(r.errorLines.count == 1 && r.stderr.contains(says), "\(r)")
    }

    @Test func aStreamInPlacesOSMDataIsAConfigurationError() throws {
        var env = PlacesBinary.baseEnvironment()
        env["PLACES_OSM_DATA"] = "/dev/stdin"
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.ndjson", Data(#"[\#(Self.near)]"#.utf8))
        let r = try PlacesBinary.shell("cat \"$DATA\" | \"$PLACES\" batch '\(input)'", environment: env)
        #expect(r.status == 78 && r.stdout.isEmpty, "\(r)")
        #expect(r.errorLines.count == 1 && r.stderr.contains("$PLACES_OSM_DATA /dev/stdin is a stream"), "\(r)")
    }
}

/// The canonical path of a file, as `PLACES_REPLAY_LOG` names it.
enum DirectoryCanonical {
    static func path(_ path: String) -> String? {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
