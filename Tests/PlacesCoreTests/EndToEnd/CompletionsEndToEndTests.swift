import Foundation
import Testing

@testable import places_cli

/// `places completions bash|zsh|fish`, through the binary: each script is valid for its
/// shell, and bash and fish complete commands, flags, values and favorites' ids with it.
@Suite("End to end: shell completions")
struct CompletionsEndToEndTests {
    static let loiste = "osm:node/1369465615"

    /// A favorites sandbox holding Loiste, and a directory with `places` (the built binary)
    /// first on PATH, as a user's shell has it.
    struct Shell {
        let favorites: FavoritesSandbox
        let bin: TemporaryDirectory
        var environment: [String: String] {
            var env = favorites.environment
            env["PATH"] = bin.path + ":/usr/bin:/bin"
            return env
        }

        init() throws {
            favorites = try FavoritesSandbox()
            bin = try TemporaryDirectory()
            try FileManager.default.createSymbolicLink(atPath: bin.file("places"), withDestinationPath: PlacesBinary.executable.path)
            let add = try favorites.run(["favorite", "add", CompletionsEndToEndTests.loiste], data: true)
            #expect(add.status == 0, "\(add)")
        }

        func run(_ script: String) throws -> PlacesBinary.Result {
            try PlacesBinary.shell(script, environment: environment)
        }
    }

    /// Where `name` is installed, or nil.
    static func installed(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `.ci/run` installs zsh and fish and sets `PLACES_REQUIRE_SHELLS=1`: there a missing
    /// shell fails its tests. Elsewhere (a newcomer's `swift test`) the tests of a shell that
    /// is not installed do not run, and say which package would run them.
    static let shellsRequired = ProcessInfo.processInfo.environment["PLACES_REQUIRE_SHELLS"] == "1"

    static func testable(_ name: String) -> Bool { shellsRequired || installed(name) != nil }

    static func requireShell(_ name: String) throws -> String {
        try #require(installed(name), "\(name) is not installed: apt-get install \(name)")
    }

    @Test(arguments: ["bash", "zsh", "fish"].filter(CompletionsEndToEndTests.testable))
    func eachScriptIsValidForItsShell(shell: String) throws {
        let path = try Self.requireShell(shell)
        let r = try PlacesBinary.run(["completions", shell])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let directory = try TemporaryDirectory()
        let file = try directory.write("places.\(shell)", Data(r.stdout.utf8))
        let check = try PlacesBinary.shell("\"\(path)\" -n \"\(file)\"")
        #expect(check.status == 0 && check.stderr.isEmpty, "\(shell) -n: \(check)")
        // Every command and every flag of the table is in the script.
        for spec in CommandTable.all {
            #expect(r.stdout.contains(spec.path.last!), "\(shell): \(spec.name)")
            for flag in spec.flags { #expect(r.stdout.contains(flag.name), "\(shell): \(spec.name) --\(flag.name)") }
        }
    }

    @Test func anUnknownShellIsAUsageErrorNamingTheSupportedOnes() throws {
        let r = try PlacesBinary.run(["completions", "tcsh"])
        #expect(r.status == 64 && r.stdout.isEmpty, "\(r)")
        #expect(r.errorLines == ["places: error: no completions for shell 'tcsh'; supported: bash, zsh, fish"], "\(r)")
        let missing = try PlacesBinary.run(["completions"])
        #expect(missing.status == 64 && missing.stdout.isEmpty && missing.errorLines.count == 1, "\(missing)")
    }

    /// The bash function, called as bash calls it (COMP_WORDS split at ':' and '=' as
    /// COMP_WORDBREAKS does), on the script the binary prints.
    @Test func bashCompletesCommandsFlagsValuesAndFavorites() throws {
        _ = try Self.requireShell("bash")
        let shell = try Shell()
        defer { shell.favorites.remove() }
        let r = try shell.run(
            """
            source <(places completions bash) || exit 9
            complete -p places >/dev/null || exit 8
            t() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _places; echo "$*|${COMPREPLY[*]}"; }
            t places nea
            t places nearby --type ca
            t places nearby --type = ca
            t places nearby --type cafe,ba
            t places nearby --fields +ra
            t places nearby --sort b
            t places nearby --format ge
            t places route-estimate --mode d
            t places nearby --provider o
            t places nearby --lim
            t places favorite r
            t places details ''
            t places details osm :
            t places favorite remove osm : no
            t places route-estimate --from ''
            t places help favorite l
            t places nearby --data Fixtures/osm/helsinki-p
            t places nearby --at 60,24 --near ''
            """)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let answers = Dictionary(
            r.stdout.split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
        ) { a, _ in a }
        #expect(answers["places nea"] == "nearby")
        let types = try #require(answers["places nearby --type ca"]).split(separator: " ")
        #expect(types.contains("cafe") && types.allSatisfy { $0.hasPrefix("ca") }, "\(types)")
        #expect(answers["places nearby --type = ca"] == answers["places nearby --type ca"])
        #expect(answers["places nearby --type cafe,ba"] == "cafe,bar cafe,bakery cafe,bank")
        #expect(answers["places nearby --fields +ra"] == "+rating +ratingCount")
        #expect(answers["places nearby --sort b"] == "best")
        #expect(answers["places nearby --format ge"] == "geojson")
        #expect(answers["places route-estimate --mode d"] == "drive")
        #expect(answers["places nearby --provider o"] == "osm")
        #expect(answers["places nearby --lim"] == "--limit")
        #expect(answers["places favorite r"] == "remove")
        #expect(answers["places details "] == Self.loiste)
        // Bash replaces only what follows the ':' it split at.
        #expect(answers["places details osm :"] == "node/1369465615")
        #expect(answers["places favorite remove osm : no"] == "node/1369465615")
        #expect(answers["places route-estimate --from "] == Self.loiste)
        #expect(answers["places help favorite l"] == "list")
        #expect(answers["places nearby --data Fixtures/osm/helsinki-p"] == "Fixtures/osm/helsinki-pois.json")
        // A gazetteer name is free text: nothing offered, no error.
        #expect(answers["places nearby --at 60,24 --near "] == "")
    }

    /// fish answers `complete -C LINE` with what it would offer.
    @Test(.enabled(if: CompletionsEndToEndTests.testable("fish"), "fish is not installed (apt-get install fish); .ci/run installs it"))
    func fishCompletesCommandsFlagsValuesAndFavorites() throws {
        let fish = try Self.requireShell("fish")
        let shell = try Shell()
        defer { shell.favorites.remove() }
        let r = try shell.run(
            """
            places completions fish > "$HOME/places.fish"
            "\(fish)" --no-config -c '
                source $HOME/places.fish
                for line in "places nea" "places nearby --type ca" "places nearby --type=cafe,ba" "places route-estimate --mode d" "places details " "places favorite "
                    for c in (complete -C"$line")
                        echo "$line|"(string split -f1 \\t -- $c)
                    end
                end'
            """)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let lines = Set(r.stdout.split(separator: "\n").map(String.init))
        for expected in [
            "places nea|nearby", "places nearby --type ca|cafe", "places nearby --type=cafe,ba|--type=cafe,bar",
            "places route-estimate --mode d|drive", "places details |\(Self.loiste)",
            "places favorite |add", "places favorite |list", "places favorite |remove",
        ] {
            #expect(lines.contains(expected), "\(expected) not in \(r.stdout)")
        }
        #expect(!lines.contains("places nearby --type ca|bar"))
    }

    /// zsh: sourced after compinit, the script registers `_places` for `places`; from
    /// `$fpath` compinit finds it by its `#compdef` line.
    @Test(.enabled(if: CompletionsEndToEndTests.testable("zsh"), "zsh is not installed (apt-get install zsh); .ci/run installs it"))
    func zshRegistersTheFunctionSourcedAndFromFpath() throws {
        let zsh = try Self.requireShell("zsh")
        let shell = try Shell()
        defer { shell.favorites.remove() }
        let r = try shell.run(
            """
            mkdir -p "$HOME/zfunc" && places completions zsh > "$HOME/zfunc/_places" || exit 9
            "\(zsh)" -f -c 'autoload -U compinit && compinit -u -D && source <(places completions zsh) && print -r -- "sourced:$_comps[places]"'
            "\(zsh)" -f -c 'fpath=($HOME/zfunc $fpath); autoload -U compinit && compinit -u -D && print -r -- "fpath:$_comps[places]"'
            """)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(r.stdout == "sourced:_places\nfpath:_places\n", "\(r)")
    }

    /// zsh's completion builtins only run inside the line editor, so here they are shell
    /// functions that print what they are given (filtered by PREFIX as compadd does, with
    /// compset moving a matched prefix to IPREFIX): what is tested is the script's own
    /// reading of the words and its choice of candidates.
    @Test(.enabled(if: CompletionsEndToEndTests.testable("zsh"), "zsh is not installed (apt-get install zsh); .ci/run installs it"))
    func zshCompletesCommandsFlagsValuesAndFavorites() throws {
        let zsh = try Self.requireShell("zsh")
        let shell = try Shell()
        defer { shell.favorites.remove() }
        let r = try shell.run(
            """
            places completions zsh > "$HOME/_places" || exit 9
            "\(zsh)" -f -c '
                compdef() { :; }
                compadd() {
                    local -a c; local a=0
                    while (( $# )); do case $1 in (-a) a=1; shift;; (--) shift; break;; (-*) shift;; (*) break;; esac; done
                    if (( a )); then c=(${(P)1}); else c=("$@"); fi
                    local x; for x in $c; do [[ $x == ${PREFIX}* ]] && print -r -- "$IPREFIX$x"; done
                }
                compset() { [[ $1 == -P ]] || return 1; local m=${(M)PREFIX##${~2}}; [[ -n $m ]] || return 1; IPREFIX+=$m; PREFIX=${PREFIX#$m}; }
                _describe() { local -a c=(${(P)${@[-1]}}); local x; for x in $c; do x=${x%%:*}; [[ $x == ${PREFIX}* ]] && print -r -- "$x"; done; }
                _files() { print -r -- "(files $*)"; }
                source $HOME/_places
                t() { words=("$@"); CURRENT=$#; PREFIX=$words[-1]; IPREFIX=; print -r -- "$*|${(j: :)${(f)"$(_places)"}}"; }
                t places nea
                t places nearby --type ca
                t places nearby --type=cafe,ba
                t places nearby --fields +ra
                t places route-estimate --mode d
                t places favorite r
                t places details ""
                t places route-estimate --to ""
                t places help favorite l
                t places nearby --lim
                t places nearby --data Fix
                t places nearby --record x
                t places nearby --at 60,24 --near ""
            '
            """)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        let expected = [
            "places nea|nearby",
            "places nearby --type ca|cafe car_rental",
            "places nearby --type=cafe,ba|--type=cafe,bar --type=cafe,bakery --type=cafe,bank",
            "places nearby --fields +ra|+rating +ratingCount",
            "places route-estimate --mode d|drive",
            "places favorite r|remove",
            "places details |\(Self.loiste)",
            "places route-estimate --to |\(Self.loiste)",
            "places help favorite l|list",
            "places nearby --lim|--limit",
            "places nearby --data Fix|(files )",
            "places nearby --record x|(files -/)",
            "places nearby --at 60,24 --near |",
        ]
        #expect(r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == expected + [""], "\(r)")
    }
}
