import Foundation
import Testing

/// Every error path: its exit code and exactly one `places: error:` line, nothing on stdout.
@Suite("End to end: error paths")
struct ErrorPathEndToEndTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let message: String
        var environment: [String: String] = [:]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let data = PlacesBinary.helsinkiData

    static let cases: [Case] = [
        Case(arguments: ["nearbyy"], status: 64, message: "did you mean 'nearby'?"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--radus", "5"], status: 64, message: "did you mean --radius?"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--radius"], status: 64, message: "--radius needs a value"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--radius", "abc"], status: 64, message: "--radius 'abc' is not a distance"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--radius", "0.5", "--data", data], status: 64, message: "metres, e.g. 1000"),
        Case(arguments: ["nearby", "--near", "Helsinki", "-r", "0.9m", "--data", data], status: 64, message: "metres, e.g. 1000"),
        Case(arguments: ["nearby", "--near", "Helsinki", "-q", "--data", data], status: 64, message: "its short flags: -t (--type)"),
        Case(arguments: ["nearby", "--at", "91,0", "--data", data], status: 64, message: "latitude 91.0 is out of range"),
        Case(arguments: ["nearby", "--at", "0,181", "--data", data], status: 64, message: "longitude 181.0 is out of range"),
        Case(arguments: ["nearby", "--at", "nan,0", "--data", data], status: 64, message: "not a coordinate"),
        Case(arguments: ["nearby", "--data", data], status: 64, message: "nearby needs a location"),
        Case(
            arguments: ["nearby", "--at", "1,1", "--near", "@nobody.here", "--data", data], status: 66,
            message: "no favorite has the alias @nobody.here"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--type", "cofee", "--data", data], status: 64, message: "did you mean cafe?"),
        Case(
            arguments: ["route-estimate", "--from", "Helsinki", "--to", "Espoo", "--mode", "hovercraft"], status: 64,
            message: "unknown --mode 'hovercraft'"),
        Case(
            arguments: ["nearby", "--near", "Helsinki", "--type", "restaurnt", "--data", data], status: 64,
            message: "did you mean restaurant?"),
        Case(
            arguments: ["nearby", "--near", "Helsinki", "--format", "yaml", "--data", data], status: 64, message: "unknown --format 'yaml'"),
        Case(
            arguments: ["nearby", "--near", "Helsinki", "--fields", "id,+name", "--data", data], status: 64,
            message: "mixes plain and +names"),
        Case(
            arguments: ["nearby", "--near", "Helsinki", "--fields", "bogus", "--data", data], status: 64, message: "unknown field 'bogus'"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--sort", "nearest", "--data", data], status: 64, message: "unknown --sort"),
        Case(
            arguments: ["nearby", "--near", "Helsinki", "--limit", "0", "--data", data], status: 64, message: "--limit 0 is out of range"),
        Case(
            arguments: ["nearby", "--near", "Helsinki", "--min-rating", "6", "--data", data], status: 64,
            message: "--min-rating 6 is out of range"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--price", "3-1", "--data", data], status: 64, message: "not a price range"),
        Case(
            arguments: ["nearby", "--near", "Helsinki", "--group-by", "country", "--data", data], status: 64,
            message: "--group-by 'country'"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--provider", "bing"], status: 64, message: "unknown --provider 'bing'"),
        Case(
            arguments: ["search", "sushi", "--sort", "distance", "--data", data], status: 64, message: "--sort distance needs a location"),
        Case(arguments: ["search", "sushi", "--radius", "100", "--data", data], status: 64, message: "--radius needs a location"),
        Case(arguments: ["search", "a", "b", "--data", data], status: 64, message: "unexpected extra argument 'b'"),
        Case(arguments: ["details", "nocolon"], status: 64, message: "is not a place id"),
        Case(arguments: ["details", "osm:area/5"], status: 64, message: "not an OpenStreetMap id"),
        Case(arguments: ["favorite"], status: 64, message: "needs a subcommand"),
        Case(arguments: ["--bogus"], status: 64, message: "must come after a command"),
        Case(arguments: ["nearby", "--near", "Atlantisxx", "--data", data], status: 66, message: "no place named 'Atlantisxx'"),
        Case(arguments: ["nearby", "--near", "Helsinkki", "--data", data], status: 66, message: "closest names: Helsinki (FI)"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--data", "/nonexistent/pois.json"], status: 66, message: "no such --data file"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--data", "/tmp"], status: 66, message: "is a directory"),
        Case(arguments: ["details", "osm:node/1", "--data", data], status: 66, message: "no place osm:node/1"),
        Case(arguments: ["nearby", "--near", "Helsinki", "--data", "Package.swift"], status: 65, message: "is not Overpass JSON"),
        Case(
            arguments: ["nearby", "--near", "Helsinki"], status: 78, message: "PLACES_PROVIDER='bogus'",
            environment: ["PLACES_PROVIDER": "bogus"]),
    ]

    @Test(arguments: cases)
    func exitCodeAndOneErrorLine(_ c: Case) throws {
        var env = PlacesBinary.baseEnvironment()
        env.merge(c.environment) { $1 }
        let r = try PlacesBinary.run(c.arguments, environment: env)
        #expect(r.status == c.status, "\(r)")
        #expect(r.errorLines.count == 1, "\(r)")
        #expect(r.errorLines.first?.contains(c.message) == true, "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack"), "\(r)")
    }
}
