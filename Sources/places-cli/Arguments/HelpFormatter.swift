import PlacesCore

/// Help text generated from the command table: usage, every flag with its default, examples.
enum HelpFormatter {
    static func text(for topic: HelpTopic) -> String {
        switch topic {
        case .general: return general()
        case .group(let word): return group(word)
        case .command(let spec): return command(spec)
        }
    }

    static func general() -> String {
        var out = """
            places \(PlacesVersion.current) — find nearby places from a shell: restaurants, cafes, ATMs, pharmacies.
            Providers: Google Places (New), Foursquare, OpenStreetMap (Overpass or an offline extract).

            Usage:
              places COMMAND [flags]

            Commands:

            """
        let width = CommandTable.all.map { $0.name.count }.max() ?? 0
        for spec in CommandTable.all {
            out += "  " + spec.name.padding(to: width) + "  " + spec.summary + "\n"
        }
        out += """

            Run 'places help COMMAND' or 'places COMMAND --help' for a command's flags.
            Several providers at once: --provider osm,google,foursquare (or all) merges the same places.
            Exit codes: 0 ok, 64 usage, 65 bad data, 66 not found, 69 unavailable, 74 I/O,
            75 rate limited, 77 key missing/rejected, 78 configuration ('places manpage' says more).

            Examples:
              places nearby --near Helsinki --type restaurant            (your default provider)
              places nearby --at 60.1699,24.9384 -t cafe -r 500 --data helsinki-pois.json

            --data FILE reads an OpenStreetMap extract (Overpass JSON or .osm.pbf), offline (no key, no network).
            The source tree ships one, Fixtures/osm/helsinki-pois.json (central Helsinki);
            export PLACES_OSM_DATA=/path/to/extract.json makes a file the default.

            """
        return out
    }

    static func command(_ spec: CommandSpec) -> String {
        var out = "places \(spec.name) — \(spec.summary)\n\nUsage:\n  \(spec.usage)\n"
        if !spec.positionals.isEmpty {
            out += "\nArguments:\n"
            let width = spec.positionals.map { $0.name.count }.max() ?? 0
            for p in spec.positionals { out += "  \(p.name.padding(to: width))  \(p.help)\n" }
        }
        let groups = spec.groups + [FlagGroup(title: "Help", flags: [CommandTable.helpFlag])]
        let width = groups.flatMap(\.flags).map { flagLabel($0).count }.max() ?? 0
        for group in groups {
            out += "\n\(group.title):\n"
            for flag in group.flags {
                var line = "  \(flagLabel(flag).padding(to: width))  \(flag.help)"
                if let d = flag.defaultText { line += " (default: \(d))" }
                out += line + "\n"
            }
        }
        for note in spec.notes { out += "\n\(note)\n" }
        out += "\nExample\(spec.examples.count > 1 ? "s" : ""):\n"
        for example in spec.examples { out += "  \(example)\n" }
        return out
    }

    /// A group word's help: its subcommands, and where their flags are explained.
    static func group(_ word: String) -> String {
        let subcommands = CommandTable.subcommands(of: word)
        let summary = CommandTable.groupSummaries[word] ?? subcommands.map { $0.path[1] }.joined(separator: ", ")
        var out = "places \(word) — \(summary)\n\nUsage:\n  places \(word) SUBCOMMAND [flags]\n\nSubcommands:\n"
        let width = subcommands.map { $0.path[1].count }.max() ?? 0
        for spec in subcommands {
            out += "  \(spec.path[1].padding(to: width))  \(spec.summary)\n"
        }
        out += "\nRun 'places help \(word) SUBCOMMAND' or 'places \(word) SUBCOMMAND --help' for its flags.\n"
        out += "\nExamples:\n"
        for spec in subcommands { out += "  \(spec.examples[0])\n" }
        return out
    }

    private static func flagLabel(_ flag: FlagSpec) -> String {
        (flag.short == nil ? "    --\(flag.name)" : flag.spelledForms) + (flag.valueName.map { " \($0)" } ?? "")
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
