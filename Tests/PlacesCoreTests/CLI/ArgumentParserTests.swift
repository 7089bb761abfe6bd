import PlacesCore
import Testing

@testable import PlacesOSMExtract
@testable import PlacesRouting
@testable import PlacesSupport
@testable import places_cli

@Suite("ArgumentParser")
struct ArgumentParserTests {
    func run(_ args: [String]) throws -> ParsedArguments {
        guard case .run(let parsed) = try ArgumentParser.parse(args) else {
            Issue.record("expected a command for \(args)")
            throw UsageError("not a command")
        }
        return parsed
    }

    func usageError(_ args: [String]) -> String? {
        do {
            _ = try ArgumentParser.parse(args)
            return nil
        } catch let error as UsageError {
            #expect(ErrorReport.report(error)?.code == 64)
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func valueAfterSpaceAndAfterEquals() throws {
        let a = try run(["nearby", "--radius", "500", "--type=cafe"])
        #expect(a.text(FilterFlags.nearby.radius) == "500")
        #expect(a.text(FilterFlags.nearby.type) == "cafe")
    }

    @Test func negativeValueIsAValueNotAFlag() throws {
        #expect(try run(["nearby", "--at", "-33.8688,151.2093"]).text(LocationFlags.at) == "-33.8688,151.2093")
        #expect(try run(["nearby", "--at=-33.8688,151.2093"]).text(LocationFlags.at) == "-33.8688,151.2093")
    }

    @Test func switchesTakeNoValue() throws {
        #expect(try run(["nearby", "--open-now"])[FilterFlags.nearby.openNow] == true)
        #expect(usageError(["nearby", "--open-now=yes"])?.contains("takes no value") == true)
    }

    @Test func nearMissSuggestsTheFlag() {
        #expect(usageError(["nearby", "--radus", "5"])?.contains("did you mean --radius?") == true)
        #expect(usageError(["nearby", "--lmit", "5"])?.contains("did you mean --limit?") == true)
    }

    @Test func unknownFlagWithoutNearMissHasNoSuggestion() {
        let message = usageError(["nearby", "--zzzzzz"])
        #expect(message?.contains("unknown flag '--zzzzzz'") == true)
        #expect(message?.contains("did you mean") == false)
    }

    @Test func missingValue() {
        #expect(usageError(["nearby", "--radius"])?.contains("--radius needs a value") == true)
        #expect(usageError(["nearby", "-r"])?.contains("-r needs a value") == true)
    }

    /// A shell alias's flag can be given again: the last value wins; --type and --fields keep every value.
    @Test func repeatedFlagLastWinsAndListsAccumulate() throws {
        let a = try run(["nearby", "--radius", "1", "--limit", "5", "--radius", "2", "-n", "10", "--type", "cafe", "-t", "bar"])
        #expect(a.text(FilterFlags.nearby.radius) == "2")
        #expect(try a[FilterFlags.nearby.limit] == 10)
        #expect(try a[FilterFlags.nearby.type] == [.cafe, .bar])
        #expect(a.lastGiven(of: [LocationFlags.at, LocationFlags.near]) == nil)
        let b = try run(["nearby", "--near", "Paris", "--at", "1,1"])
        #expect(b.lastGiven(of: [LocationFlags.at, LocationFlags.near]) == LocationFlags.at.spec)
    }

    /// Short forms as getopt takes them: `-n 5`, `-n5`, `-n=5`, bundled switches before a value flag.
    @Test func shortFlags() throws {
        let filters = FilterFlags.nearby
        #expect(try run(["nearby", "-n", "5"]).text(filters.limit) == "5")
        #expect(try run(["nearby", "-n5"]).text(filters.limit) == "5")
        #expect(try run(["nearby", "-n=5"]).text(filters.limit) == "5")
        #expect(try run(["nearby", "-tcafe"]).text(filters.type) == "cafe")
        #expect(try run(["nearby", "-r=1km"]).text(filters.radius) == "1km")
        let bundled = try run(["nearby", "-jn5"])
        #expect(bundled.isGiven(OutputFlags.json) && bundled.text(filters.limit) == "5")
        #expect(try run(["nearby", "--at", "-33.8688,151.2093"]).text(LocationFlags.at) == "-33.8688,151.2093")
        #expect(usageError(["nearby", "-jx"])?.contains("'-x' in '-jx'") == true)
        #expect(usageError(["nearby", "-limit", "5"])?.contains("long flags take two dashes: --limit") == true)
        if case .help(.command(let spec))? = try? ArgumentParser.parse(["search", "-h"]) {
            #expect(spec.name == "search")
        } else {
            Issue.record("search -h is not help")
        }
    }

    @Test func emptyValueIsAnErrorExceptWhereItMeansSomething() throws {
        #expect(usageError(["nearby", "--type", ""])?.contains("--type needs a non-empty value") == true)
        #expect(usageError(["nearby", "--near="])?.contains("--near needs a non-empty value") == true)
        // --note '' clears a favorite's note.
        #expect(try run(["favorite", "add", "osm:node/1", "--note", ""])[FavoriteAddCommand.note] == "")
        #expect(try run(["favorite", "add", "osm:node/1", "--note="])[FavoriteAddCommand.note] == "")
    }

    @Test func helpAnywhereWins() throws {
        #expect(try ArgumentParser.parse(["nearby", "--radius", "5", "-h"]) == .help(.command(NearbyCommand.spec)))
        #expect(try ArgumentParser.parse(["favorite", "add", "--help"]) == .help(.command(FavoriteAddCommand.spec)))
        #expect(try ArgumentParser.parse(["help", "search"]) == .help(.command(SearchCommand.spec)))
        #expect(try ArgumentParser.parse([]) == .help(.general))
        #expect(try ArgumentParser.parse(["help", "favorite"]) == .help(.group("favorite")))
        #expect(try ArgumentParser.parse(["favorite", "--help"]) == .help(.group("favorite")))
        #expect(try ArgumentParser.parse(["favorite", "nope", "-h"]) == .help(.group("favorite")))
        #expect(try ArgumentParser.parse(["help", "favorite", "list"]) == .help(.command(FavoriteListCommand.spec)))
        #expect(ArgumentParser.groupMissingSubcommand(["favorite"]) == "favorite")
        #expect(ArgumentParser.groupMissingSubcommand(["favorite", "list"]) == nil)
        #expect(try ArgumentParser.parse(["--version"]) == .version)
    }

    @Test func doubleDashEndsFlags() throws {
        let a = try run(["search", "--", "-weird query-"])
        #expect(a.positionals == ["-weird query-"])
    }

    @Test func subcommandsAndCommandErrors() throws {
        #expect(try run(["favorite", "list"]).spec.path == ["favorite", "list"])
        #expect(usageError(["favorite"])?.contains("needs a subcommand") == true)
        #expect(usageError(["favorite", "ad"])?.contains("did you mean 'places favorite add'") == true)
        #expect(usageError(["nearbyy"])?.contains("did you mean 'nearby'") == true)
        #expect(usageError(["search"])?.contains("needs QUERY") == true)
        #expect(usageError(["search", "a", "b"])?.contains("unexpected extra argument 'b'") == true)
    }

    @Test func everyCommandHasHelpWithUsageFlagsDefaultsAndExample() {
        for spec in CommandTable.all {
            let text = HelpFormatter.command(spec)
            #expect(text.contains("Usage:\n  places \(spec.name)"), "\(spec.name)")
            #expect(text.contains("Example"), "\(spec.name)")
            for flag in spec.flags { #expect(text.contains("--\(flag.name)"), "\(spec.name) --\(flag.name)") }
        }
        #expect(HelpFormatter.command(NearbyCommand.spec).contains("(default: 1000)"))
    }
}
