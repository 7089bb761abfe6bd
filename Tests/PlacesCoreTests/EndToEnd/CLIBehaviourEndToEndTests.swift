import Foundation
import Testing

/// Help, version, pipes and terminals, through the binary.
@Suite("End to end: help, version, pipes, terminals")
struct CLIBehaviourEndToEndTests {
    @Test func versionAndHelp() throws {
        let version = try PlacesBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("places ") && version.stdout.split(separator: "\n").count == 1)

        for args in [["help"], [], ["--help"], ["-h"]] {
            let r = try PlacesBinary.run(args)
            #expect(r.status == 0 && r.stdout.contains("Commands:") && r.stdout.contains("route-estimate"), "\(args)")
        }
        for args in [["help", "nearby"], ["nearby", "--help"], ["nearby", "--radius", "5", "-h"]] {
            let r = try PlacesBinary.run(args)
            #expect(r.status == 0, "\(args)")
            #expect(r.stdout.contains("Usage:\n  places nearby"))
            #expect(r.stdout.contains("--radius M") && r.stdout.contains("(default: 1000)"))
            #expect(r.stdout.contains("Example"))
        }
        let sub = try PlacesBinary.run(["help", "favorite", "add"])
        #expect(sub.stdout.contains("places favorite add PLACE_ID"))
    }

    /// `places ... | head -1` ends quietly with status 0, even with a lot left to write.
    @Test func closedPipeIsQuietSuccess() throws {
        let r = try PlacesBinary.shell(
            """
            "$PLACES" nearby --near Helsinki --radius 5000 --limit 1000 --format ndjson --data "$DATA" | head -1 >/dev/null
            echo "status=${PIPESTATUS[0]}"
            "$PLACES" nearby --near Helsinki --radius 5000 --limit 1000 --data "$DATA" | head -c 10 >/dev/null
            echo "status=${PIPESTATUS[0]}"
            """)
        #expect(r.stdout == "status=0\nstatus=0\n", "\(r)")
        #expect(r.stderr.isEmpty, "\(r)")
    }

    /// On a real pseudo-terminal (via script(1)): colour and clipping; NO_COLOR turns colour off.
    @Test func terminalGetsColourAndFitsItsWidthButNoColorWins() throws {
        let command = "script -qec 'stty cols 60 2>/dev/null; \"$PLACES\" nearby --near Helsinki --limit 5 --data \"$DATA\"' /dev/null"
        let coloured = try PlacesBinary.shell(command)
        #expect(coloured.stdout.contains("\u{1B}[1m"), "\(coloured)")
        // A pty ends lines with CRLF, which Swift counts as one Character.
        let plainLines = coloured.stdout.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
            .replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
        #expect(plainLines.count >= 6)
        for line in plainLines where !line.isEmpty { #expect(line.count <= 60, "\(line.count): \(line)") }

        var env = PlacesBinary.baseEnvironment()
        env["NO_COLOR"] = "1"
        let plain = try PlacesBinary.shell(command, environment: env)
        #expect(!plain.stdout.contains("\u{1B}["), "\(plain)")
        #expect(plain.stdout.contains("NAME"))
    }

    @Test func pipesAreNeverClippedOrColoured() throws {
        var env = PlacesBinary.baseEnvironment()
        env["COLUMNS"] = "40"
        let r = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "--limit", "5", "--data", PlacesBinary.helsinkiData], environment: env)
        #expect(!r.stdout.contains("\u{1B}"))
        #expect(r.stdout.split(separator: "\n").contains { $0.count > 40 })
        #expect(!r.stdout.contains("…"))
    }
}
