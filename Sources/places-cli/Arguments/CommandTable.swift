import PlacesCore

/// The whole command tree of the contract, declared once: parsing, help, the shell
/// completions (`places completions`) and the man page (`places manpage`) all read it.
///
/// The flag groups several commands share are declared in `SharedFlags.swift`; each
/// command's own spec and flags are declared with the command (`Commands/NearbyCommand.swift`,
/// ...) and listed in `Commands.all`.
enum CommandTable {
    static let helpFlag = Flag<Bool>("help", short: "h", help: "show this help")

    // MARK: - Commands

    /// What `--provider A,B` / `all` does, for nearby and search.
    static let severalProviders = """
        Several providers (--provider osm,google,foursquare, or all) are asked at once and the venues that are the same \
        place merged: id and provider from the first in the list that has it, each other field from the first that knows \
        it, the others' ids in sameAs; the table's FROM column shows which had it (O G F, - where one did not). \
        A provider that fails is a warning while another answers.
        """

    static let cassettesDirectory = PositionalSpec(
        name: "DIR", help: "a directory --record wrote (DIR/<service>/<hash>-<n>.json)",
        completion: .directories)

    /// Every command's spec, in the order of `Commands.all` (help's order).
    static var all: [CommandSpec] { Commands.all.map { $0.spec } }

    /// The words that only group subcommands (`places favorite add`), with what the group is for.
    static let groupSummaries: [String: String] = [
        "favorite": "your saved places: add and remove them, list them offline",
        "cassettes": "recorded exchanges (--record): list them, check them for keys, find unused ones",
    ]

    /// The commands a batch line may run, for its messages.
    static var batchCommandWords: String {
        all.filter { $0.printsJSON && $0.path != ["batch"] }.map(\.name).joined(separator: ", ")
    }

    /// Top-level command words, for suggestions.
    static var topLevelWords: [String] {
        var words: [String] = []
        for spec in all where !words.contains(spec.path[0]) { words.append(spec.path[0]) }
        return words
    }

    static func command(path: [String]) -> CommandSpec? {
        all.first { $0.path == path }
    }

    static func subcommands(of word: String) -> [CommandSpec] {
        all.filter { $0.path.count > 1 && $0.path[0] == word }
    }
}
