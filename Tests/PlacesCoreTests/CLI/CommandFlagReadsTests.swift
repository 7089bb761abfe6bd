import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import PlacesRouting
@testable import places_cli

/// Every command reads only the flags its spec declares: each command's option reading is
/// run with its positionals, alone and with each declared flag given a plausible value, and
/// no read of an undeclared flag may be reported, nor of a declaration of its name made for
/// another command. (A misspelt flag does not compile: flags are read by their declaration.)
@Suite(.serialized) struct CommandFlagReadsTests {
    /// A plausible value for each flag that takes one, by name.
    static let samples: [String: String] = [
        "at": "60.17,24.94", "near": "Helsinki", "from": "60.17,24.94", "to": "Espoo", "type": "cafe", "radius": "500",
        "limit": "5", "sort": "distance", "min-rating": "4", "price": "1-2", "filter": "x", "group-by": "cuisine",
        "format": "json", "fields": "name", "provider": "osm", "data": "/nonexistent/extract.json", "timeout": "5",
        "retries": "1", "record": "/nonexistent/cassettes", "replay": "/nonexistent/cassettes", "cache": "1h",
        "max-tier": "pro", "language": "fi", "region": "FI", "note": "x", "alias": "x", "mode": "walk", "router": "estimate",
        "jobs": "2", "qps": "1", "resume": "/nonexistent/out.ndjson", "log": "/nonexistent/log",
    ]

    static let positionals: [String: String] = [
        "QUERY": "sushi", "PLACE_ID": "osm:node/1", "DIR": "/nonexistent/cassettes", "SHELL": "bash", "FILE": "-", "COMMAND": "nearby",
    ]

    /// The undeclared reads `command` makes when its options are read from `args`.
    static func undeclaredReads(_ command: any PlacesCommand.Type, _ args: ParsedArguments) -> [String] {
        let found = Found()
        let listener: @Sendable (String) -> Void = { found.add($0) }
        FlagReadAudit.listening(listener) {
            _ = try? readOptions(command, args)
        }
        return found.all
    }

    static func readOptions<C: PlacesCommand>(_ command: C.Type, _ args: ParsedArguments) throws {
        _ = try command.options(args, context: RunContext(environment: [:]))
    }

    @Test func everyCommandReadsOnlyTheFlagsItDeclares() {
        var reports: [String] = []
        for command in Commands.all {
            let spec = command.spec
            let positionals = spec.positionals.map { Self.positionals[$0.name] ?? "x" }
            reports += Self.undeclaredReads(command, ParsedArguments(spec: spec, flags: [], positionals: positionals))
            for flag in spec.flags {
                let value = flag.takesValue ? (Self.samples[flag.name] ?? "1") : "true"
                let args = ParsedArguments(spec: spec, flags: [.init(name: flag.name, value: value)], positionals: positionals)
                reports += Self.undeclaredReads(command, args)
            }
        }
        #expect(reports.isEmpty, "\(Set(reports).sorted())")
    }

    @Test func anUndeclaredReadIsReported() {
        let args = ParsedArguments(spec: ManpageCommand.spec, flags: [], positionals: [])
        let found = Found()
        let listener: @Sendable (String) -> Void = { found.add($0) }
        let value = FlagReadAudit.listening(listener) { args.text(FilterFlags.nearby.radius) }
        #expect(value == nil)
        #expect(found.all == ["'places manpage' reads --radius, which it does not declare"])
    }

    /// `reverse --limit` and `autocomplete --limit` are two declarations (other defaults and
    /// ranges): reading the other command's is reported, and reads as not given.
    @Test func aReadOfAnotherCommandsDeclarationIsReported() throws {
        let args = ParsedArguments(spec: ReverseCommand.spec, flags: [.init(name: "limit", value: "40")], positionals: ["1,1"])
        let found = Found()
        let value = try FlagReadAudit.listening({ found.add($0) }, { try args[AutocompleteCommand.limit] })
        #expect(value == AutocompleteCommand.limit.defaultValue)
        #expect(found.all == ["'places reverse' reads a --limit declared for another command, not the one it declares"])
        #expect(try args[ReverseCommand.limit] == 40)
    }

    @Test func everyCommandIsListedOnceAndHelpFollowsTheList() {
        let paths = Commands.all.map { $0.spec.path }
        #expect(Set(paths).count == paths.count)
        #expect(CommandTable.all.map(\.path) == paths)
    }

    final class Found: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [String] = []
        func add(_ report: String) { lock.withLock { reports.append(report) } }
        var all: [String] { lock.withLock { reports } }
    }
}
