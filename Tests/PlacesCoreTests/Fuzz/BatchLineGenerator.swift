import Foundation

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import PlacesSupport
@testable import places_cli

/// `places batch` inputs (issue 22): 1–10 lines each, bounded (no line past 1.1 MB, no id
/// nested past 800), seeded and replayable like every fuzz case. Lines are commands the
/// argument fuzzer makes, as arrays or `{"id", "args"}` objects with ids that broke the
/// batch before (20-digit numbers, `-0`, escapes, deep nesting), and lines that are not
/// lines: junk, non-string arguments, unknown keys, commands that print text. The batch's own
/// flags: jobs, pace, an extract (a file, sometimes a stream), the cache, `--resume` of a
/// previous output that is partly malformed.
enum BatchLineGenerator {
    static let ids = [
        "12345678901234567890", "-0", "1.0e+2", "1E400", "-1e-400", "0.1", "null", "true", "false", "\"\"",
        #""caf\u00e9""#, #""\ud800""#, #""line\nbreak""#, #"{"a" : [1, 2.50], "b": {}}"#, "[]", "{}",
        #""$(touch PWNED-id)""#, "99999999999999999999999999999999999999",
    ]

    static func make(_ rng: inout SplitMix64) -> FuzzInvocation {
        let lines = (0..<rng.int(in: 1...10)).map { _ in line(&rng) }
        var pieces: [[String]] = [["batch"], ["{case}/lines.ndjson"], ["--jobs", String(rng.int(in: 1...8))]]
        var files: [(name: String, lines: [String])] = [("lines.ndjson", lines)]
        let data = rng.weighted([(60, FuzzValues.helsinki), (25, ""), (5, "{case}/pipe"), (5, "-"), (5, "/dev/stdin")])
        if !data.isEmpty { pieces.append(["--data", data]) }
        if rng.percent(15) { pieces.append(["--provider", rng.pick(["osm", "google", "foursquare"])]) }
        if rng.percent(15) { pieces.append(["--cache", rng.pick(["1h", "off"])]) }
        if rng.percent(10) { pieces.append(["--no-cache"]) }
        if rng.percent(20) { pieces.append(["--qps", rng.pick(["100", "0.5", "1000"])]) }
        if rng.percent(30) { pieces.append(["--timeout", "1"]) }
        if rng.percent(30) { pieces.append(["--retries", "0"]) }
        if rng.percent(15) {
            pieces.append(["--resume", "{case}/previous.ndjson"])
            files.append(("previous.ndjson", previous(lines, &rng)))
        }
        var environment: [(name: String, value: String)] = []
        if rng.percent(40) { environment.append(("GOOGLE_MAPS_API_KEY", FuzzCanary.google)) }
        if rng.percent(30) { environment.append(("FOURSQUARE_API_KEY", FuzzCanary.foursquare)) }
        return FuzzInvocation(
            pieces: pieces, environment: environment, favorites: rng.weighted([(70, .absent), (25, .valid), (5, .damaged)]),
            files: files)
    }

    /// One input line.
    static func line(_ rng: inout SplitMix64) -> String {
        switch rng.weighted([(50, "array"), (25, "object"), (6, "text command"), (7, "junk"), (6, "odd object"), (6, "odd arguments")]) {
        case "array":
            return JSONValue.array(arguments(&rng).map(JSONValue.string)).compact
        case "object":
            return #"{"id":\#(id(&rng)),"args":\#(JSONValue.array(arguments(&rng).map(JSONValue.string)).compact)}"#
        case "text command":
            let args = rng.pick([
                ["completions", "bash"], ["manpage"], ["help"], ["batch"], ["cassettes", "list", "{case}/rec"],
                ["cassettes", "check", "{case}/rec"], ["cassettes", "unused", "{case}/rec", "--log", "{case}/empty", "--delete"],
            ])
            return #"{"id":\#(id(&rng)),"args":\#(JSONValue.array(args.map(JSONValue.string)).compact)}"#
        case "junk":
            return rng.pick([
                "not json", "   ", "{", "[", "[\"nearby\"", "\"just a string\"", "42", "[]", "{}", "\u{1b}[31m", "[\"nearby\"]\r",
                "{\"id\":1,\"args\":[\"providers\"]} trailing", String(repeating: "[", count: rng.int(in: 1...900)),
                rng.percent(10) ? "[\"" + String(repeating: "x", count: (1 << 20) + 10) + "\"]" : "[\"providers\",]",
            ])
        case "odd object":
            return rng.pick([
                #"{"id":1}"#, #"{"args":"nearby"}"#, #"{"id":1,"arg":["providers"]}"#, #"{"args":["providers"],"args":["manpage"]}"#,
                #"{"id":1,"id":2,"args":["providers"]}"#, #"{"args":[],"id":null}"#,
            ])
        default:
            return rng.pick([
                #"["nearby",1]"#, #"["nearby",null,"--at","1,2"]"#, #"[["nearby"]]"#, #"["providers",{"json":true}]"#, #"[true]"#,
            ])
        }
    }

    /// A command line the argument fuzzer would make (its file paths resolved in the case).
    static func arguments(_ rng: inout SplitMix64) -> [String] {
        var args = ArgumentVectorGenerator.make(&rng).arguments
        if args.isEmpty || rng.percent(40) {
            args = rng.pick([
                ["nearby", "--near", "Helsinki", "-n", "2"], ["search", "sushi", "--near", "Helsinki"],
                ["details", "osm:node/1369465615"], ["favorite", "list"], ["providers"],
                ["route-estimate", "--from", "Helsinki", "--to", "Espoo"],
            ])
            if rng.percent(30) {
                args += rng.pick([["--format", "csv", "--json"], ["--json", "--format", "csv"], ["--no-cache"], ["--cache", "off"]])
            }
        }
        return args
    }

    /// An id: one that broke the batch before, or nesting as deep as 800.
    static func id(_ rng: inout SplitMix64) -> String {
        if rng.percent(12) {
            let depth = rng.int(in: 1...800)
            return String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        return rng.pick(ids)
    }

    /// A previous output to resume: some lines' records whole and successful (with other
    /// ids), some missing a key, some cut short.
    static func previous(_ lines: [String], _ rng: inout SplitMix64) -> [String] {
        lines.indices.compactMap { index -> String? in
            guard rng.percent(60) else { return nil }
            let args = #"["favorite","list"]"#
            switch rng.below(4) {
            case 0: return #"{"id":"old","line":\#(index + 1),"args":\#(args),"exitCode":0,"result":[],"error":null}"#
            case 1: return #"{"id":"old","line":\#(index + 1),"args":\#(args),"exitCode":0,"error":null}"#
            case 2: return #"{"line":\#(index + 1),"args":\#(args),"exitCode":0,"result":["copied"],"error":null}"#
            default: return #"{"id":"old","line":\#(index + 1),"args":\#(args),"exitCode":0,"res"#
            }
        }
    }
}
