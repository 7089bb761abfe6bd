import Foundation
import Testing

@testable import places_cli

/// `places manpage`, through the binary: groff renders it without a warning, and it
/// holds every command and, under each command, every flag of the command table.
@Suite("End to end: man page")
struct ManPageEndToEndTests {
    static func requireGroff() throws -> String {
        try #require(
            ["/usr/bin/groff", "/usr/local/bin/groff", "/opt/homebrew/bin/groff"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "groff is not installed: apt-get install groff-base")
    }

    /// The page, rendered as plain text (no bold, no underline).
    static func rendered() throws -> (page: PlacesBinary.Result, warnings: PlacesBinary.Result, text: PlacesBinary.Result) {
        let groff = try requireGroff()
        let page = try PlacesBinary.run(["manpage"])
        let warnings = try PlacesBinary.shell("\"$PLACES\" manpage | \"\(groff)\" -man -Tutf8 -ww -z")
        let text = try PlacesBinary.shell("\"$PLACES\" manpage | \"\(groff)\" -man -Tutf8 -P-cbou")
        return (page, warnings, text)
    }

    @Test func rendersWithoutWarningsAndHasEverySection() throws {
        let (page, warnings, text) = try Self.rendered()
        #expect(page.status == 0 && page.stderr.isEmpty, "\(page)")
        #expect(page.stdout.hasPrefix(".\\\""), "a roff comment first")
        #expect(page.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "non-ASCII is escaped as \\[uXXXX]")
        #expect(warnings.status == 0 && warnings.stderr.isEmpty, "groff warnings: \(warnings.stderr)")
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text)")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "FILES", "EXAMPLES"] {
            #expect(text.stdout.contains("\n\(section)\n"), "no \(section) section")
        }
        // Minus signs, not hyphens: an option copied from the page works.
        #expect(text.stdout.contains("--type T[,T...]") && !text.stdout.contains("\u{2010}"))
    }

    /// Every command in COMMANDS and EXAMPLES; under OPTIONS, each command's subsection lists
    /// each of its flags as help spells them (`-h, --help`, `--type T[,T...]`).
    @Test func everyCommandAndEachOfItsFlagsIsOnThePage() throws {
        let text = try Self.rendered().text.stdout
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func section(_ name: String) -> ArraySlice<String> {
            guard let start = lines.firstIndex(of: name) else { return [] }
            let end = lines[(start + 1)...].firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") } ?? lines.endIndex
            return lines[(start + 1)..<end]
        }
        let commands = section("COMMANDS"), options = section("OPTIONS"), examples = section("EXAMPLES")
        for spec in CommandTable.all {
            #expect(commands.contains("       places \(spec.name)"), "COMMANDS lacks \(spec.name)")
            #expect(examples.contains { $0.contains(spec.examples[0]) }, "EXAMPLES lacks \(spec.examples[0])")
            guard let start = options.firstIndex(of: "   places \(spec.name)") else {
                Issue.record("OPTIONS has no subsection for \(spec.name)")
                continue
            }
            let end = options[(start + 1)...].firstIndex { $0.hasPrefix("   ") && !$0.hasPrefix("    ") } ?? options.endIndex
            let block = options[start..<end].joined(separator: "\n")
            for flag in spec.flags {
                let label = flag.spelledForms + (flag.valueName.map { " " + $0 } ?? "")
                #expect(block.contains("       " + label), "\(spec.name): \(label) missing from\n\(block)")
            }
        }
    }

    /// Every variable the CLI reads is under ENVIRONMENT (add it to ManualReference.environment).
    @Test func everyVariableTheCLIReadsIsUnderEnvironment() throws {
        let text = try Self.rendered().text.stdout
        let environment = try #require(
            text.range(of: "\nENVIRONMENT\n").flatMap { start in
                text.range(of: "\nEXIT STATUS\n").map { text[start.upperBound..<$0.lowerBound] }
            })
        let sources = PlacesBinary.repositoryRoot.appendingPathComponent("Sources/places-cli")
        var names: Set<String> = []
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let source = try String(contentsOf: file, encoding: .utf8)
            for match in source.matches(of: /"((?:PLACES|XDG)_[A-Z0-9_]+|[A-Z_]+_API_KEY|NO_COLOR|COLUMNS)"/) {
                names.insert(String(match.1))
            }
        }
        #expect(names.contains("GOOGLE_MAPS_API_KEY") && names.contains("PLACES_OSM_DATA"), "\(names)")
        for name in names.sorted() {
            #expect(environment.contains("       \(name)\n"), "ENVIRONMENT lacks \(name)")
        }
    }
}
