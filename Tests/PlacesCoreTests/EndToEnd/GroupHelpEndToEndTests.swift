import Foundation
import Testing

@testable import places_cli

/// Help for every command and every group of commands (`favorite`), in every form it can be
/// asked for, through the binary.
@Suite("End to end: help for groups and commands")
struct GroupHelpEndToEndTests {
    static let groups = Set(CommandTable.all.filter { $0.path.count > 1 }.map { $0.path[0] }).sorted()

    @Test func everyGroupPrintsItsSubcommandsHoweverItIsAskedFor() throws {
        #expect(Self.groups == ["cassettes", "favorite"])
        for group in Self.groups {
            let subcommands = CommandTable.subcommands(of: group).map { $0.path[1] }
            for args in [
                ["help", group], [group, "--help"], [group, "-h"], ["--help", group], [group, "bogus", "--help"], [group],
                [group, "--note", "x"],
            ] {
                let r = try PlacesBinary.run(args)
                // Without a subcommand it is still a usage error (64, one error line, empty
                // stdout), and the group's help follows the error line on stderr.
                let missing = !args.contains { $0 == "help" || $0 == "--help" || $0 == "-h" }
                let help = missing ? String(r.stderr.drop { $0 != "\n" }.dropFirst(2)) : r.stdout
                #expect(r.status == (missing ? 64 : 0), "\(args): \(r)")
                #expect(
                    missing
                        ? r.stdout.isEmpty && r.errorLines.count == 1 && r.errorLines[0].contains("needs a subcommand") : r.stderr.isEmpty,
                    "\(args): \(r)")
                #expect(help.hasPrefix("places \(group) — "), "\(args): \(r)")
                #expect(help.contains("Usage:\n  places \(group) SUBCOMMAND [flags]"), "\(args): \(r)")
                for sub in subcommands {
                    #expect(help.contains("\n  \(sub) "), "\(args) does not list \(sub): \(r)")
                }
            }
            for sub in subcommands {
                for args in [["help", group, sub], [group, sub, "--help"], ["help", group, sub, "extra"]] {
                    let r = try PlacesBinary.run(args)
                    #expect(r.status == 0 && r.stdout.hasPrefix("places \(group) \(sub) — "), "\(args): \(r)")
                }
            }
            let typo = String(subcommands[0].dropLast())
            let unknown = try PlacesBinary.run(["help", group, typo])
            #expect(unknown.status == 64 && unknown.errorLines.count == 1 && unknown.stdout.isEmpty, "\(unknown)")
            #expect(
                unknown.errorLines.first?.contains(
                    "unknown subcommand 'places \(group) \(typo)'; did you mean 'places \(group) \(subcommands[0])'?") == true, "\(unknown)"
            )
        }
    }

    @Test func everyCommandHasHelpAndNoHelpSuggestsTheWordItWasGiven() throws {
        for spec in CommandTable.all {
            let r = try PlacesBinary.run(["help"] + spec.path)
            #expect(r.status == 0 && r.stdout.hasPrefix("places \(spec.name) — "), "\(spec.path): \(r)")
            let flag = try PlacesBinary.run(spec.path + ["--help"])
            #expect(flag.status == 0 && flag.stdout == r.stdout, "\(spec.path) --help: \(flag)")
        }
        for word in ["favourite", "nearbyy", "routes"] {
            let r = try PlacesBinary.run(["help", word])
            #expect(r.status == 64 && r.errorLines.count == 1, "\(word): \(r)")
            #expect(!(r.errorLines.first ?? "").contains("did you mean '\(word)'"), "\(word): \(r)")
        }
        let suggestion = try PlacesBinary.run(["help", "favourite"])
        #expect(suggestion.errorLines.first?.contains("unknown command 'favourite'; did you mean 'favorite'?") == true, "\(suggestion)")
    }
}
