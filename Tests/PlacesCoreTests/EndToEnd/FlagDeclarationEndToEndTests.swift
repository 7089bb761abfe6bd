import Foundation
import Testing

@testable import places_cli

/// Through the binary: each command's usage line, help and parsing say the same of every
/// flag, since all three come from its one declaration.
@Suite("End to end: a flag declared once")
struct FlagDeclarationEndToEndTests {
    /// Help's flag lines (`  -t, --type T[,T...]  place types...`): name → placeholder
    /// (empty for a switch).
    static func flagLabels(_ help: String) -> [String: String] {
        var labels: [String: String] = [:]
        for line in help.split(separator: "\n") where line.hasPrefix("  ") {
            var words = line.split(separator: " ")[...]
            if let first = words.first, first.count == 3, first.hasPrefix("-"), first.hasSuffix(",") { words = words.dropFirst() }
            guard let label = words.first, label.hasPrefix("--"), let end = line.range(of: label)?.upperBound else { continue }
            // A placeholder follows the name after one space; the help, after two or more.
            let rest = line[end...]
            let placeholder = rest.hasPrefix(" ") && !rest.hasPrefix("  ") ? rest.dropFirst().prefix { $0 != " " } : ""
            labels[String(label.dropFirst(2))] = String(placeholder)
        }
        return labels
    }

    /// Every flag a usage line names is spelled as its help line spells it (`--type
    /// T[,T...]`, not `--type T`), and a usage line that leaves some of the command's flags
    /// out ends with a bracketed word for them (`[options]`), never pretending there are none.
    @Test func usageLinesSpellFlagsAsHelpDoesAndOwnUpToTheRest() throws {
        for spec in CommandTable.all {
            let r = try PlacesBinary.run(["help"] + spec.path)
            #expect(r.status == 0, "\(spec.name): \(r)")
            guard
                let usage = r.stdout.components(separatedBy: "Usage:\n  ").dropFirst().first?.split(separator: "\n").first.map(String.init)
            else {
                Issue.record("\(spec.name): no usage line: \(r)")
                continue
            }
            var unnamed: [String] = []
            for (name, placeholder) in Self.flagLabels(r.stdout) where name != "help" {
                guard let found = usage.range(of: "--\(name)", options: [], range: nil),
                    usage[found.upperBound...].first.map({ !$0.isLetter && $0 != "-" }) ?? true
                else {
                    unnamed.append(name)
                    continue
                }
                let after = usage[found.upperBound...]
                let expected = placeholder.isEmpty ? "" : " " + placeholder
                #expect(
                    after.hasPrefix(expected),
                    "\(spec.name): usage '\(usage)' spells --\(name) otherwise than help's '--\(name)\(expected)'")
                let next = after.dropFirst(expected.count).first
                #expect(next == nil || next == "]" || next == " " || next == ")", "\(spec.name): '\(usage)' --\(name)")
            }
            if !unnamed.isEmpty {
                let last = usage.split(separator: "[").last ?? ""
                #expect(
                    usage.hasSuffix("]") && !last.contains("--"),
                    "\(spec.name): usage '\(usage)' leaves out \(unnamed.sorted()) without saying there is more")
            }
        }
    }

    /// `--jobs`: help prints the declared range and default, and the binary takes the bounds
    /// and refuses what lies beyond them in the range's words.
    @Test func batchJobsHelpAndParsingAgreeWithTheDeclaration() throws {
        let declared = BatchCommand.jobs
        let lowest = try #require(declared.spec.range.flatMap { Int($0.lowest) })
        let highest = try #require(declared.spec.range?.highest.flatMap { Int($0) })
        let help = try PlacesBinary.run(["batch", "--help"])
        #expect(
            help.stdout.contains("--jobs N")
                && help.stdout.contains("lines run at once (\(lowest)-\(highest)) (default: \(declared.defaultValue))\n"), "\(help)")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("flag-declaration-\(UUID().uuidString).ndjson")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        for value in [lowest, highest] {
            let r = try PlacesBinary.run(["batch", empty.path, "--jobs", String(value)])
            #expect(r.status == 0 && r.stderr.isEmpty, "--jobs \(value): \(r)")
        }
        for value in [lowest - 1, highest + 1] {
            let r = try PlacesBinary.run(["batch", empty.path, "--jobs", String(value)])
            #expect(
                r.status == 64
                    && r.errorLines == [
                        "places: error: --jobs \(value) is out of range: it must be at least \(lowest) and at most \(highest)"
                    ], "--jobs \(value): \(r)")
        }
    }
}
