import Foundation

@testable import places_cli

/// Argument vectors built from the real command table: every command, its flags and
/// positionals, values drawn from `FuzzValues` (mostly valid, often nasty), in both
/// `--flag value` and `--flag=value` forms, with unknown, repeated and missing flags, `--`,
/// and an environment with the canary keys, odd variables and odd favorites paths.
enum ArgumentVectorGenerator {
    static func make(_ rng: inout SplitMix64) -> FuzzInvocation {
        var pieces: [[String]] = []
        let spec = pickCommand(&rng)
        // How often a value is nasty, per case: some cases are all valid, so that the flags'
        // combinations are reached and not only the first bad value's usage error.
        let nasty = rng.pick([0, 0, 10, 25, 50])
        if let spec {
            pieces.append(spec.path.count == 2 && rng.percent(3) ? [spec.path[0]] : spec.path)
            pieces += positionals(for: spec, nasty: nasty, &rng)
            pieces += flags(for: spec, nasty: nasty, &rng)
        } else {
            pieces += junkCommand(&rng)
        }
        if pieces.count > 2, rng.percent(50) {
            pieces = [pieces[0]] + rng.shuffled(Array(pieces.dropFirst()))
        }
        return FuzzInvocation(
            pieces: pieces, environment: environment(favoritesCommand: spec?.path.first == "favorite", &rng),
            favorites: rng.weighted([(40, .absent), (50, .valid), (10, .damaged)]))
    }

    private static func pickCommand(_ rng: inout SplitMix64) -> CommandSpec? {
        let weights: [String: Int] = [
            "nearby": 22, "search": 18, "details": 12, "favorite add": 10, "favorite remove": 5,
            "favorite list": 8, "route-estimate": 12, "providers": 3, "help": 3,
        ]
        let choices = CommandTable.all.map { (weights[$0.name] ?? 3, Optional($0)) }
        return rng.weighted(choices + [(4, nil)])
    }

    /// No command, an unknown one, flags first, `--version`, or a command word repeated.
    private static func junkCommand(_ rng: inout SplitMix64) -> [[String]] {
        switch rng.below(5) {
        case 0: return []
        case 1: return [["--version"]] + (rng.percent(50) ? [[rng.pick(FuzzValues.strings)]] : [])
        case 2: return [[rng.pick(FuzzValues.strings)]]
        case 3: return [["--at", rng.pick(FuzzValues.valid("at"))], ["nearby"]]
        default: return (0..<rng.int(in: 1...3)).map { _ in [rng.pick(FuzzValues.commandWords)] }
        }
    }

    private static func positionals(for spec: CommandSpec, nasty: Int, _ rng: inout SplitMix64) -> [[String]] {
        var out: [[String]] = []
        for positional in spec.positionals where rng.percent(95) {
            if !rng.percent(nasty) {
                out.append([rng.pick(FuzzValues.valid(positional.name))])
            } else {
                out.append([
                    positional.name == "QUERY" ? rng.pick(FuzzValues.strings + FuzzValues.numbers) : FuzzValues.nasty(positional.name, &rng)
                ])
            }
        }
        if rng.percent(nasty / 5) { out.append([rng.pick(FuzzValues.strings + FuzzValues.commandWords)]) }
        return out
    }

    private static func flags(for spec: CommandSpec, nasty: Int, _ rng: inout SplitMix64) -> [[String]] {
        var chosen: [FlagSpec] = []
        func has(_ name: String) -> FlagSpec? { spec.flag(named: name) }
        // The flags that decide where the answer comes from, at the rates that make each
        // way common: the bundled extract, a dry run, a provider's fake.
        if let data = has("data"), rng.percent(50) { chosen.append(data) }
        if let dry = has("dry-run"), rng.percent(15) { chosen.append(dry) }
        if let provider = has("provider"), rng.percent(35) { chosen.append(provider) }
        if spec.name == "nearby" || spec.name == "search" || spec.name == "favorite list" {
            // --near is drawn less than --at: the gazetteer costs ~100 ms in a debug build.
            if rng.percent(spec.name == "nearby" ? 85 : 45) { chosen.append(has(rng.percent(88) ? "at" : "near")!) }
            if rng.percent(4) { chosen.append(has("near")!) }
        }
        if spec.name == "route-estimate" {
            if rng.percent(88) { chosen.append(has("from")!) }
            if rng.percent(88) { chosen.append(has("to")!) }
        }
        let rest = spec.flags.filter { flag in flag.name != "help" && !chosen.contains { $0.name == flag.name } }
        for flag in rest where rng.percent(14) { chosen.append(flag) }
        if rng.percent(1) { chosen.append(CommandTable.helpFlag.spec) }

        var out: [[String]] = []
        for flag in chosen { out.append(piece(for: flag, nasty: nasty, &rng)) }
        // Noise: an unknown flag, a repeated one, `--`, a single dash, a flag without its value.
        let noise = nasty / 6
        if rng.percent(noise) {
            let near = rng.pick(spec.flags).name
            out.append([rng.percent(50) ? "--" + String(near.dropLast()) : "--" + rng.pick(FuzzValues.strings)])
        }
        if rng.percent(noise), let again = out.randomElement(&rng) { out.append(again) }
        if rng.percent(noise) { out.insert(["--"], at: rng.below(out.count + 1)) }
        if rng.percent(noise) { out.append([rng.pick(["-", "-x", "-at", "-json", "---json"])]) }
        if rng.percent(noise), let flag = chosen.last, flag.takesValue { out.append(["--" + flag.name]) }
        return out
    }

    private static func piece(for flag: FlagSpec, nasty: Int, _ rng: inout SplitMix64) -> [String] {
        let name = "--" + flag.name
        guard flag.takesValue else {
            return rng.percent(3) ? ["\(name)=\(rng.pick(["true", "", "1", "no"]))"] : [name]
        }
        let value: String
        if !rng.percent(nasty) {
            value = rng.pick(FuzzValues.valid(flag.name))
        } else if FuzzValues.pathFlags.contains(flag.name) {
            value = FuzzValues.path(&rng, data: flag.name == "data")
        } else {
            value = rng.percent(60) ? FuzzValues.nasty(flag.name, &rng) : rng.pick(FuzzValues.numbers + FuzzValues.strings)
        }
        return rng.percent(20) ? ["\(name)=\(value)"] : [name, value]
    }

    private static func environment(favoritesCommand: Bool, _ rng: inout SplitMix64) -> [(name: String, value: String)] {
        var env: [(name: String, value: String)] = []
        if rng.percent(65) { env.append(("GOOGLE_MAPS_API_KEY", FuzzCanary.google)) }
        if rng.percent(50) { env.append(("FOURSQUARE_API_KEY", FuzzCanary.foursquare)) }
        if rng.percent(20) {
            env.append(
                ("PLACES_PROVIDER", rng.percent(70) ? rng.pick(["osm", "google", "foursquare", "OSM"]) : rng.pick(FuzzValues.strings)))
        }
        if rng.percent(15) { env.append(("PLACES_OSM_DATA", FuzzValues.helsinki)) }
        if rng.percent(4) { env.append(("PLACES_OSM_DATA", FuzzValues.path(&rng, data: true))) }
        // The favorites commands are where the favorites path matters most.
        if rng.percent(favoritesCommand ? 35 : 10) {
            env.append(
                (
                    "PLACES_FAVORITES_FILE",
                    rng.weighted([
                        (60, FuzzValues.path(&rng)), (25, rng.pick(FuzzValues.relativePaths)),
                        (15, rng.pick(FuzzValues.strings)),
                    ])
                ))
        }
        if rng.percent(5) {
            env.append(
                (
                    "PLACES_NOW",
                    rng.pick([
                        "2026-01-02T12:00:00Z", "2026-13-45T99:99:99Z", "1e19", "-1", "", "99999-01-01T00:00:00Z", "0000-01-01T00:00:00Z",
                    ])
                ))
        }
        if rng.percent(4) { env.append(("COLUMNS", rng.pick(FuzzValues.numbers))) }
        if rng.percent(8) { env.append(("NO_COLOR", "1")) }
        if rng.percent(4) { env.append(("TERM", rng.pick(["dumb", "xterm-256color", "", "\u{1b}"]))) }
        if rng.percent(2) { env.append(("PLACES_RECORD", rng.percent(50) ? "{case}/rec" : FuzzValues.path(&rng))) }
        if rng.percent(2) { env.append(("PLACES_REPLAY", rng.percent(50) ? "{case}/rec" : FuzzValues.path(&rng))) }
        if rng.percent(3) {
            // Never a real host: a nasty URL must not reach the internet.
            env.append(
                (
                    rng.pick(FuzzHarness.urlVariables),
                    rng.pick([
                        "http://127.0.0.1:1", "not a url", "file:///etc/passwd", "ftp://127.0.0.1/",
                        "http://", "http://[::1", "http://127.0.0.1:99999", "https://127.0.0.1:1",
                        "http://user:pass@127.0.0.1:1", "   ", "http://127.0.0.1:1/\u{1b}[31m",
                    ])
                ))
        }
        return env
    }
}

extension Array {
    func randomElement(_ rng: inout SplitMix64) -> Element? { isEmpty ? nil : self[rng.below(count)] }
}
