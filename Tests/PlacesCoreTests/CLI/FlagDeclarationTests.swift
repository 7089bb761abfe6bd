import PlacesCore
import Testing

@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesSupport
@testable import places_cli

/// A flag's default and range are stated once, in its declaration (`Flag`): help prints
/// them from there and parsing enforces them from there, so the two cannot drift apart
/// (as `--jobs`'s `default: "4"`, `(1-64)`, `range: 1...64` and `defaultJobs = 4` could).
@Suite("Flags: declared once")
struct FlagDeclarationTests {
    /// A command line for `spec` that its option reading accepts, but for the flag under
    /// test: sample positionals, and the flags its usage line says it needs.
    static func commandLine(_ spec: CommandSpec) -> [String] {
        let positionals = spec.positionals.filter { !$0.optional }.map { CommandFlagReadsTests.positionals[$0.name] ?? "1,1" }
        let needed = spec.usageTerms.filter(\.required).compactMap(\.alternatives.first).flatMap { $0 }
        return spec.path + positionals
            + needed.flatMap { flag in
                ["--" + flag.name] + (flag.takesValue ? [CommandFlagReadsTests.samples[flag.name] ?? "1,1"] : [])
            }
    }

    /// The usage error reading `arguments` as its command's options throws, if any.
    static func usageError(_ arguments: [String]) -> String? {
        do {
            guard case .run(let args) = try ArgumentParser.parse(arguments), let command = Commands.command(path: args.spec.path) else {
                return "not a command: \(arguments)"
            }
            try CommandFlagReadsTests.readOptions(command, args)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            return nil
        }
    }

    /// A number just outside `bound` (`step` is -1 below the range, +1 above), as typed.
    static func beyond(_ bound: String, step: Double) -> String {
        let value = (Double(bound) ?? 0) + step
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    @Test func everyNumberFlagTakesItsBoundsAndRefusesWhatLiesBeyondInItsWords() throws {
        var checked = 0
        for spec in CommandTable.all {
            // What batch passes on to its lines is checked by each line (BatchEndToEndTests).
            for flag in spec.flags where spec.path != BatchCommand.spec.path || !BatchCommand.flagsForLines.contains(flag) {
                guard let range = flag.range else { continue }
                let line = Self.commandLine(spec)
                for bound in [range.lowest] + (range.highest.map { [$0] } ?? []) {
                    let error = Self.usageError(line + ["--\(flag.name)", bound])
                    #expect(error.map { !$0.contains("--\(flag.name)") } ?? true, "\(spec.name) --\(flag.name) \(bound): \(error ?? "")")
                }
                var outside = [Self.beyond(range.lowest, step: -1)]
                if let highest = range.highest { outside.append(Self.beyond(highest, step: 1)) }
                for value in outside {
                    let error = Self.usageError(line + ["--\(flag.name)", value]) ?? "accepted"
                    #expect(
                        error.hasPrefix("--\(flag.name) \(value) is out of range: it must be "),
                        "\(spec.name) --\(flag.name) \(value): \(error)")
                    #expect(error.contains(range.lowest) && range.highest.map(error.contains) != false, "\(spec.name): \(error)")
                }
                checked += 1
            }
        }
        // batch --jobs --qps, autocomplete/reverse/nearby/search --limit, --min-rating, and
        // --timeout --retries wherever the network flags are.
        #expect(checked > 10)
    }

    /// Where help names a range (`(1-64)`, `(0-5)`), it is the declared one.
    @Test func aRangeHelpStatesIsTheDeclaredOne() {
        var stating: Set<String> = []
        for spec in CommandTable.all {
            for flag in spec.flags {
                guard let range = flag.range, let highest = range.highest else { continue }
                let stated = flag.help.split(separator: "(").compactMap { $0.split(separator: ")").first }
                    .filter { $0.contains("-") && $0.allSatisfy { $0.isNumber || $0 == "-" || $0 == "." } }
                #expect(stated.allSatisfy { $0 == "\(range.lowest)-\(highest)" }, "\(spec.name) --\(flag.name): \(flag.help)")
                if !stated.isEmpty { stating.insert(flag.name) }
            }
        }
        // --jobs and --min-rating say their ranges.
        #expect(stating.count >= 2, "\(stating)")
    }

    /// What a command's options hold when a number flag is not given is its declared
    /// default, the one its help prints.
    @Test func anOmittedFlagIsItsDeclaredDefaultAsHelpPrintsIt() throws {
        let context = RunContext(environment: [:])
        func args(_ words: [String]) throws -> ParsedArguments {
            guard case .run(let args) = try ArgumentParser.parse(words) else { throw UsageError("not a command: \(words)") }
            return args
        }
        /// The flag's line in the command's help: `      --jobs N  ...` or `  -n, --limit N  ...`.
        func helpLine(_ spec: CommandSpec, _ flag: some DeclaredFlag) -> String {
            let label = "--\(flag.spec.name) "
            return HelpFormatter.command(spec).split(separator: "\n")
                .first { $0.hasPrefix("      " + label) || ($0.hasPrefix("  -") && $0.dropFirst(6).hasPrefix(label)) }.map(String.init)
                ?? ""
        }

        let batch = try BatchCommand.options(args(["batch"]), context: context)
        #expect(batch.jobs == BatchCommand.jobs.defaultValue)
        let jobs = BatchCommand.jobs.spec.range
        #expect(
            helpLine(BatchCommand.spec, BatchCommand.jobs)
                .hasSuffix("lines run at once (\(jobs?.lowest ?? "?")-\(jobs?.highest ?? "?")) (default: \(batch.jobs))"))

        let reverse = try ReverseCommand.options(args(["reverse", "1,1"]), context: context)
        #expect(reverse.limit == ReverseCommand.limit.defaultValue)
        #expect(helpLine(ReverseCommand.spec, ReverseCommand.limit).hasSuffix("(default: \(reverse.limit))"))

        let autocomplete = try AutocompleteCommand.options(args(["autocomplete", "sush"]), context: context)
        #expect(autocomplete.limit == AutocompleteRequest.defaultLimit)
        #expect(
            helpLine(AutocompleteCommand.spec, AutocompleteCommand.limit)
                .hasSuffix("at most \(AutocompleteRequest.maximumLimit) (default: \(autocomplete.limit))"))

        let nearby = try NearbyCommand.options(args(["nearby"]), context: context)
        #expect(nearby.limit == SearchDefaults.limit)
        #expect(nearby.network.timeoutSeconds == HTTPClient.defaultTimeout && nearby.network.retries == HTTPClient.defaultRetries)
        #expect(helpLine(NearbyCommand.spec, FilterFlags.nearby.limit).hasSuffix("(default: \(SearchDefaults.limit))"))
        #expect(helpLine(NearbyCommand.spec, NetworkFlags.timeout).hasSuffix("per attempt (default: \(Int(HTTPClient.defaultTimeout)))"))
        #expect(helpLine(NearbyCommand.spec, NetworkFlags.retries).hasSuffix("(default: \(HTTPClient.defaultRetries))"))

        let route = try RouteEstimateCommand.options(args(["route-estimate", "--from", "1,1", "--to", "2,2"]), context: context)
        #expect(route.mode == RouteFlags.mode.defaultValue && route.router == RouteFlags.router.defaultValue)
        #expect(helpLine(RouteEstimateCommand.spec, RouteFlags.mode).hasSuffix("(default: \(route.mode.rawValue))"))
    }

    /// A usage line spells each flag as help does and says `[options]` when it leaves flags out.
    @Test func usageIsMadeFromTheDeclarations() {
        #expect(
            BatchCommand.spec.usage
                == "places batch [FILE] [--jobs N] [--qps Q] [--resume FILE] [provider and network flags for every line]")
        #expect(
            NearbyCommand.spec.usage
                == "places nearby (--at LAT,LON | --near PLACE | --bbox SOUTH,WEST,NORTH,EAST | --from POINT --to POINT) [--type T[,T...]] [--radius M] [options]"
        )
        #expect(
            RouteEstimateCommand.spec.usage
                == "places route-estimate --from POINT --to POINT [--mode MODE] [--router ROUTER] [--steps] [options]")
        #expect(CompletionsCommand.spec.usage == "places completions bash|zsh|fish")
        #expect(HelpCommand.spec.usage == "places help [COMMAND]")
        #expect(ProvidersCommand.spec.usage == "places providers [--json] [options]")
    }
}
