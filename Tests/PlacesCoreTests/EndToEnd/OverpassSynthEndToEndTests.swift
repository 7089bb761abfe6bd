import Foundation
import Testing

/// The `overpass-synth` executable, run as Scripts/bench.sh runs it.
@Suite("End to end: overpass-synth")
struct OverpassSynthEndToEndTests {
    static let executable = PlacesBinary.packageExecutable("overpass-synth")

    @Test(arguments: [["--help"], ["-h"], ["--elements", "5", "--help"]])
    func helpIsPrintedOnStdoutWithStatusZero(arguments: [String]) throws {
        let r = try PlacesBinary.run(arguments, executable: Self.executable)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(r.stdout.contains("usage: overpass-synth [--elements N] [--seed S] [--style overpass|varied]"), "\(r)")
        for flag in ["--elements N", "--seed S", "--style STYLE", "-h, --help"] { #expect(r.stdout.contains(flag), "\(flag)") }
    }

    @Test func anUnknownFlagIsNamedAsUnknown() throws {
        let r = try PlacesBinary.run(["--bogus"], executable: Self.executable)
        #expect(r.status == 64 && r.stdout.isEmpty, "\(r)")
        #expect(r.stderr.hasPrefix("overpass-synth: error: unknown flag '--bogus'\n"), "\(r)")
    }

    @Test func aDocumentStillComesOut() throws {
        let r = try PlacesBinary.run(["--elements", "3", "--seed", "2"], executable: Self.executable)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect((object?["elements"] as? [Any])?.count == 3)
    }
}
