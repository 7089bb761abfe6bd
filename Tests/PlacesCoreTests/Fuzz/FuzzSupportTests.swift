import Foundation
import Testing

/// The fuzz tests' own tools, checked: a fuzz test whose generator drifts, whose leak
/// detector misses a form or whose printed reproduction is wrong would pass without meaning.
@Suite("Fuzz support")
struct FuzzSupportTests {
    @Test func splitMixMatchesTheReferenceOutputs() {
        // The first outputs of SplitMix64 from seed 0 (Vigna's splitmix64.c).
        var rng = SplitMix64(seed: 0)
        #expect([rng.next(), rng.next(), rng.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42)
        #expect((0..<100).map { _ in a.below(7) } == (0..<100).map { _ in b.below(7) })
        #expect(SplitMix64.caseSeed(1, 2) != SplitMix64.caseSeed(1, 3))
    }

    @Test func everyEchoedFormOfAKeyIsFoundAndRedactionIsNot() {
        for key in FuzzCanary.all {
            for echo in FuzzCanary.echoes(of: key) {
                #expect(FuzzCanary.leak(in: "name: \(echo.text)!") != nil, "\(echo.form) of \(key)")
            }
            #expect(FuzzCanary.leak(in: "X-Goog-Api-Key: REDACTED") == nil)
            #expect(FuzzCanary.leak(in: "Bearer \(key)") == "exact")
        }
        #expect(FuzzCanary.leak(in: FuzzCanary.google.lowercased()) == "case-folded")
        #expect(FuzzCanary.leak(in: FuzzCanary.foursquare.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!) == "encoded")
        #expect(FuzzCanary.leak(in: "a \(FuzzCanary.google.dropFirst(20).prefix(10)) b") == "10 characters of it in a row")
        #expect(FuzzCanary.leak(in: "a \(FuzzCanary.google.dropFirst(20).prefix(9)) b") == nil)
    }

    @Test func theOracleKnowsTheContract() {
        func outcome(_ ending: FuzzChild.Ending, _ stdout: String = "", _ stderr: String = "") -> FuzzChild.Outcome {
            FuzzChild.Outcome(ending: ending, stdout: Data(stdout.utf8), stderr: Data(stderr.utf8), maxResidentBytes: 1 << 20, seconds: 0.1)
        }
        #expect(FuzzOracle.violations(of: outcome(.exit(0), "[]\n", "places: note: no places found\n")).isEmpty)
        #expect(FuzzOracle.violations(of: outcome(.exit(64), "", "places: warning: x\nplaces: error: bad\n")).isEmpty)
        #expect(FuzzOracle.violations(of: outcome(.exit(64), "", "")).map(\.kind) == ["failure with 0 places: error: lines"])
        #expect(
            FuzzOracle.violations(of: outcome(.exit(69), "partial", "places: error: x\n")).map(\.kind) == ["failure with output on stdout"])
        #expect(
            FuzzOracle.violations(of: outcome(.exit(70), "", "places: error: unexpected failure\n")).map(\.kind) == [
                "exit 70 (unexpected failure)"
            ])
        #expect(FuzzOracle.violations(of: outcome(.signal(4))).map(\.kind) == ["ended by signal 4"])
        #expect(FuzzOracle.violations(of: outcome(.exit(1), "", "places: error: x\n")).map(\.kind) == ["exit 1, not a contract code"])
        #expect(FuzzOracle.violations(of: outcome(.exit(0), "\u{1b}[31m")).map(\.kind) == ["control character U+001B on stdout"])
        #expect(FuzzOracle.violations(of: outcome(.exit(0), FuzzCanary.google)).map(\.kind) == ["key on stdout (exact)"])
    }

    /// What a report prints as the minimal command must give the binary the same bytes.
    @Test func quotedArgumentsReachAShellUnchanged() throws {
        let values = [
            "plain", "", "with space", "it's", "tab\there", "\u{1b}[31mred", "line\nbreak", "é🍣", "$(echo hi)", "`id`", "a\\b",
            String(repeating: "a", count: 5_000), "google:" + String(repeating: "A", count: 300), String(repeating: "%", count: 200),
            "{case}/fifo",
        ]
        for value in values {
            let script = "D=/dir; printf '%s' \(FuzzInvocation.quote(value))"
            let r = try PlacesBinary.shell(script)
            #expect(r.stdout == value.replacingOccurrences(of: "{case}", with: "/dir"), "\(FuzzInvocation.quote(value).prefix(80))")
        }
    }

    @Test func aChildEndedByASignalIsToldApartFromAnExit() throws {
        let dir = try TemporaryDirectory()
        let crash = FuzzChild(
            executable: "/bin/sh", arguments: ["-c", "kill -ILL $$"], environment: ["PATH": "/usr/bin:/bin"],
            directory: dir.path, outputStem: dir.file("crash"))
        #expect(try crash.run(deadline: 30).ending == .signal(4))
        let exit = FuzzChild(
            executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"], environment: ["PATH": "/usr/bin:/bin"],
            directory: dir.path, outputStem: dir.file("exit"))
        let ended = try exit.run(deadline: 30)
        #expect(ended.ending == .exit(3) && ended.stdoutText == "out\n" && ended.stderrText == "err\n")
        let hang = FuzzChild(
            executable: "/bin/sh", arguments: ["-c", "exec sleep 60"], environment: ["PATH": "/usr/bin:/bin"],
            directory: dir.path, outputStem: dir.file("hang"))
        if case .killed = try hang.run(deadline: 0.2).ending {} else { Issue.record("a hang was not killed") }
    }
}
