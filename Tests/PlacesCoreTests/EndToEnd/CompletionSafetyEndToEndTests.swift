import Foundation
import Testing

/// Issue 22, item 1: a favorites file is data, never code. The completion scripts run for
/// real (bash's function as bash calls it; zsh's and fish's in their own shells) on favorites
/// holding `$(…)`, backticks, `${…}`, quotes, globs and a newline: nothing they hold runs, and
/// what is offered is the text as it stands. And `places` itself refuses, 65 naming the
/// entry, a stored alias that `favorite add` would refuse.
@Suite("End to end: completions never evaluate favorites")
struct CompletionSafetyEndToEndTests {
    /// Where every hostile value would leave a file if it ran.
    final class Scene {
        let root: TemporaryDirectory
        let bin: TemporaryDirectory
        var work: String { root.file("work") }
        var favorites: String { root.file("favorites.json") }

        init() throws {
            root = try TemporaryDirectory()
            bin = try TemporaryDirectory()
            // Files for a glob to match, were one ever expanded.
            try FileManager.default.createDirectory(atPath: root.file("work"), withIntermediateDirectories: true)
            for name in ["alpha", "beta", "@lunch-glob"] { try Data().write(to: URL(fileURLWithPath: work + "/" + name)) }
        }

        /// Files a hostile value made: any at all is a failure.
        var pwned: [String] {
            let all = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
            return all.filter { $0.contains("PWNED") }
        }

        /// What the shells run as `places`: the built binary, or a stand-in that prints `csv`
        /// as `favorite list --format csv --fields id,alias` would, whatever it holds.
        func install(fakeCSV csv: String? = nil) throws {
            let target = bin.file("places")
            try? FileManager.default.removeItem(atPath: target)
            if let csv {
                let listing = try root.write("listing.csv", Data(csv.utf8))
                try bin.write("places", Data("#!/bin/sh\ncat '\(listing)'\n".utf8))
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target)
            } else {
                try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: PlacesBinary.executable.path)
            }
        }

        var environment: [String: String] {
            var env = PlacesBinary.baseEnvironment(home: root.path)
            env["PLACES_FAVORITES_FILE"] = favorites
            env["PATH"] = bin.path + ":/usr/bin:/bin"
            env["PWN"] = "$(touch PWNED-from-variable)"
            return env
        }

        func run(_ script: String) throws -> PlacesBinary.Result {
            try PlacesBinary.shell("cd '\(work)' || exit 7\n" + script, environment: environment)
        }
    }

    /// Values a hand-edited or shared file could hold; run, each would leave a PWNED file.
    static let hostile = [
        "lunch$(touch${IFS}PWNED-dollar)",
        "`touch PWNED-backtick`",
        "${PWN}${HOME}$((1+1))",
        "it's \"quoted\" \\ back",
        "*",
        "@lunch-g?ob[a-z]",
        "~root",
        "-e",
        "$(touch PWNED-newline)\nsecond line",
    ]

    /// The listing a stand-in prints: hostile ids and aliases, one per line as CSV lines go
    /// (a value with a newline spans two).
    static var hostileCSV: String {
        "id,alias\n" + hostile.enumerated().map { i, value in "osm:node/\(i + 1),\(value)" }.joined(separator: "\n")
            + "\ngoogle:$(touch PWNED-id),plain\n"
    }

    /// What a script should offer for that listing, as the scripts read it: each line split at
    /// its first comma into an id and an alias; ids always, `@alias` for a place.
    static func expected(places: Bool, prefix: String) -> [String] {
        var out: [String] = []
        for line in hostileCSV.split(separator: "\n").dropFirst() {
            let parts = line.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if !parts[0].isEmpty { out.append(parts[0]) }
            if places, parts.count > 1, !parts[1].isEmpty { out.append("@" + parts[1]) }
        }
        return out.filter { $0.hasPrefix(prefix) }
    }

    /// A favorites file whose first entry carries `alias`; free text (name, note) hostile too.
    static func favoritesFile(alias: String?) -> String {
        let aliasText =
            alias.map {
                String(decoding: (try? JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed])) ?? Data(), as: UTF8.self)
            } ?? "null"
        return """
            {"favorites":[{"addedAt":"2026-01-02T03:04:05Z","address":"$(touch PWNED-address)","categories":["restaurant"],"cuisines":[],"id":"osm:node/1369465615","latitude":60.1702394,"longitude":24.938897,"name":"`touch PWNED-name`","note":"${PWN}","provider":"osm","alias":\(aliasText)}],"version":1}
            """
    }

    // MARK: - places itself

    @Test(arguments: hostile + ["", "@office", "a b", String(repeating: "x", count: 41)])
    func aStoredAliasThatAddWouldRefuseIs65NamingTheEntry(alias: String) throws {
        let scene = try Scene()
        try Data(Self.favoritesFile(alias: alias).utf8).write(to: URL(fileURLWithPath: scene.favorites))
        let before = try Data(contentsOf: URL(fileURLWithPath: scene.favorites))
        let entry = "favorites[0] (osm:node/1369465615) has an alias"
        for args in [["favorite", "list"], ["favorite", "list", "--format", "csv", "--fields", "id,alias"]] {
            let r = try PlacesBinary.run(args, environment: scene.environment)
            if alias.isEmpty {
                // An empty alias is no alias: the file reads.
                #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
                continue
            }
            #expect(r.status == 65 && r.stdout.isEmpty, "\(args): \(r)")
            #expect(r.errorLines.count == 1 && r.stderrLines.count == 1, "\(r)")
            #expect(r.stderr.contains(entry), "\(r)")
            #expect(r.stderr.contains("1–40 letters, digits, - _ or ., starting with a letter or digit"), "\(r)")
        }
        // A search only marks favorites: as with any file that does not read, one warning.
        let nearby = try PlacesBinary.run(
            ["nearby", "--near", "Helsinki", "-n", "1", "--data", PlacesBinary.helsinkiData],
            environment: scene.environment)
        #expect(nearby.status == 0, "\(nearby)")
        #expect(nearby.stderrLines.count == (alias.isEmpty ? 0 : 1) && (alias.isEmpty || nearby.stderr.contains(entry)), "\(nearby)")
        #expect(scene.pwned.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scene.favorites)) == before, "a file that does not read is never written")
    }

    @Test func aliasAtAloneIsAUsageErrorNotARemoval() throws {
        let scene = try Scene()
        try Data(Self.favoritesFile(alias: "lunch").utf8).write(to: URL(fileURLWithPath: scene.favorites))
        let r = try PlacesBinary.run(
            ["favorite", "add", "osm:node/1369465615", "--alias", "@", "--data", PlacesBinary.helsinkiData],
            environment: scene.environment)
        #expect(r.status == 64, "\(r)")
        #expect(
            r.errorLines == [
                "places: error: --alias '@' is not an alias: 1–40 letters, digits, - _ or ., starting with a letter or digit, e.g. --alias office (then --near @office); --alias '' removes an alias"
            ], "\(r)")
        let list = try PlacesBinary.run(["favorite", "list", "--format", "csv", "--fields", "id,alias"], environment: scene.environment)
        #expect(list.stdout == "id,alias\nosm:node/1369465615,lunch\n", "the alias is still there: \(list)")
    }

    // MARK: - bash

    /// Calls `_places` as bash does and prints each candidate as the shell reads it back when
    /// the line runs (one word, its text), NUL-separated, then `END`.
    static let bashHarness = """
        source <("$PLACES" completions bash) || exit 9
        t() {
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _places
            local c; local -a w
            for c in "${COMPREPLY[@]}"; do eval "w=( $c )"; printf '%s|%s\\0' "${#w[@]}" "${w[0]}"; done
            printf 'END\\0'
        }
        """

    static func bashAnswers(_ stdout: String) -> [[String]] {
        stdout.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            .split(separator: "END", omittingEmptySubsequences: false).map(Array.init)
    }

    @Test func bashOffersWhatAnyListingHoldsLiterallyAndRunsNothing() throws {
        _ = try CompletionsEndToEndTests.requireShell("bash")
        let scene = try Scene()
        try scene.install(fakeCSV: Self.hostileCSV)
        let r = try scene.run(
            Self.bashHarness + """

                t places route-estimate --from ''
                t places details ''
                t places route-estimate --to @
                t places favorite remove osm
                """)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(scene.pwned.isEmpty, "ran: \(scene.pwned)")
        let answers = Self.bashAnswers(r.stdout)
        try #require(answers.count >= 4, "\(r)")
        let cases: [(places: Bool, prefix: String)] = [(true, ""), (false, ""), (true, "@"), (false, "osm")]
        for (answer, c) in zip(answers, cases) {
            // Each candidate is one word, and that word is the listed text, character for character.
            #expect(answer.allSatisfy { $0.hasPrefix("1|") }, "split or globbed: \(answer)")
            #expect(answer.map { String($0.dropFirst(2)) } == Self.expected(places: c.places, prefix: c.prefix), "\(c)")
        }
    }

    @Test func bashOnAHostileFavoritesFileRunsNothing() throws {
        _ = try CompletionsEndToEndTests.requireShell("bash")
        let scene = try Scene()
        try scene.install()
        for alias in Self.hostile {
            try Data(Self.favoritesFile(alias: alias).utf8).write(to: URL(fileURLWithPath: scene.favorites))
            let r = try scene.run(Self.bashHarness + "\nt places route-estimate --from ''\nt places route-estimate --to @\n")
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
            // The file does not read as favorites (65, quiet here): nothing is offered.
            #expect(Self.bashAnswers(r.stdout).prefix(2).allSatisfy { $0.isEmpty }, "\(alias): \(r)")
        }
        // Hostile free text beside a good alias: the id and @lunch, and still nothing runs.
        try Data(Self.favoritesFile(alias: "lunch").utf8).write(to: URL(fileURLWithPath: scene.favorites))
        let r = try scene.run(Self.bashHarness + "\nt places route-estimate --from ''\n")
        #expect(Self.bashAnswers(r.stdout).first == ["1|osm:node/1369465615", "1|@lunch"], "\(r)")
        #expect(scene.pwned.isEmpty, "ran: \(scene.pwned)")
    }

    // MARK: - zsh

    @Test(.enabled(if: CompletionsEndToEndTests.testable("zsh"), "zsh is not installed (apt-get install zsh); .ci/run installs it"))
    func zshOffersWhatAnyListingHoldsLiterallyAndRunsNothing() throws {
        let zsh = try CompletionsEndToEndTests.requireShell("zsh")
        let scene = try Scene()
        try scene.install(fakeCSV: Self.hostileCSV)
        // compadd only runs inside the line editor: here it prints what it is given, one
        // candidate per NUL, unexpanded (as CompletionsEndToEndTests does it).
        let r = try scene.run(
            """
            "$PLACES" completions zsh > "$HOME/_places" || exit 9
            "\(zsh)" -f -c '
                setopt globsubst shwordsplit
                compdef() { :; }
                compadd() {
                    local a=0
                    while (( $# )); do case $1 in (-a) a=1; shift;; (--) shift; break;; (-*) shift;; (*) break;; esac; done
                    local -a c
                    if (( a )); then c=("${(@P)1}"); else c=("$@"); fi
                    local x; for x in "${c[@]}"; do [[ $x == ${(b)PREFIX}* ]] && print -rN -- "$x"; done
                }
                _describe() { :; }
                source $HOME/_places
                t() { words=("$@"); CURRENT=$#; PREFIX=$words[-1]; IPREFIX=; _places; print -rN -- END; }
                t places route-estimate --from ""
                t places details ""
                t places route-estimate --to @
            '
            """)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(scene.pwned.isEmpty, "ran: \(scene.pwned)")
        let answers = Self.bashAnswers(r.stdout)
        try #require(answers.count >= 3, "\(r)")
        #expect(answers[0] == Self.expected(places: true, prefix: ""))
        #expect(answers[1] == Self.expected(places: false, prefix: ""))
        #expect(answers[2] == Self.expected(places: true, prefix: "@"))
    }

    // MARK: - fish

    @Test(.enabled(if: CompletionsEndToEndTests.testable("fish"), "fish is not installed (apt-get install fish); .ci/run installs it"))
    func fishOffersWhatAnyListingHoldsLiterallyAndRunsNothing() throws {
        let fish = try CompletionsEndToEndTests.requireShell("fish")
        let scene = try Scene()
        try scene.install(fakeCSV: Self.hostileCSV)
        let r = try scene.run(
            """
            "$PLACES" completions fish > "$HOME/places.fish"
            "\(fish)" --no-config -c '
                source $HOME/places.fish
                for line in "places route-estimate --from " "places details " "places route-estimate --to @"
                    for c in (complete -C"$line")
                        printf "%s\\0" (string split -f1 \\t -- $c)
                    end
                    printf "END\\0"
                end'
            """)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(scene.pwned.isEmpty, "ran: \(scene.pwned)")
        let answers = Self.bashAnswers(r.stdout)
        try #require(answers.count >= 3, "\(r)")
        // fish sorts what it offers.
        #expect(Set(answers[0]) == Set(Self.expected(places: true, prefix: "")), "\(answers[0])")
        #expect(Set(answers[1]) == Set(Self.expected(places: false, prefix: "")), "\(answers[1])")
        #expect(Set(answers[2]) == Set(Self.expected(places: true, prefix: "@")), "\(answers[2])")
    }
}
