import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesProviderKit

/// Issue 33's fuzz campaign of route geometries, through the binary, seeded and replayable as
/// `FuzzTests`' (`PLACES_FUZZ_SEED`, `PLACES_FUZZ_CASE`, `PLACES_FUZZ_CASES`): hostile OSRM and
/// Google Routes answers (`RouteAnswerGenerator`: lines huge, degenerate, across the
/// antimeridian, round a pole, off the globe or not lines; figures, snapping and steps out of
/// range or of the wrong type; no route; a failing server) served by a loopback fake to
/// `route-estimate --router osrm|google` (plain, `--steps`, `--format geojson`, `--json`, ...)
/// and to `nearby`/`search --from --to --router ...` along the route, offline.
///
/// Besides what every run promises (`FuzzOracle`: an exit code of the contract and no signal,
/// one error line on failure, no control characters, at most 512 MiB resident, under a 2 GB
/// address-space limit): the exit code is the one the answer calls for in that form (0, 65,
/// 66 or 69: a check missed in one form is a wrong answer there); a line of more than
/// `PlausibleRoute.maxLinePoints` read is noted as thinned, and a drawn line never has more;
/// an end OSRM moved far is noted in every form.
@Suite("Fuzz: route geometries")
struct FuzzRouteTests {
    static let cases = 160

    @Test func routeGeometries() async throws {
        let sandbox = try FuzzSandbox(name: "route")
        let server = try RouteFuzzServer()
        defer {
            server.stop()
            sandbox.remove()
        }
        let campaign = FuzzCampaign(
            name: "route geometries",
            setting: "HOME=$D, GOOGLE_MAPS_API_KEY=FuzzCanary's key, PLACES_OSRM_URL and PLACES_GOOGLE_ROUTES_URL at a loopback server "
                + "answering the case's route (its seed, below)",
            count: Self.cases, concurrency: 4,
            generate: { RouteInvocationGenerator.make(&$0) },
            runCase: { label, seed, invocation in
                Self.runCase(label: label, seed: seed, invocation: invocation, sandbox: sandbox, server: server)
            })
        await campaign.run()
    }

    /// The case's answer: from its seed, for the router the invocation names.
    static func answer(seed: UInt64, invocation: FuzzInvocation) -> RouteAnswer {
        var rng = SplitMix64(seed: seed ^ 0x2545_F491_4F6C_DD1D)
        let router = invocation.pieces.first { $0.first == "--router" }?.last ?? "osrm"
        return RouteAnswerGenerator.answer(&rng, router: router)
    }

    static func runCase(
        label: Int, seed: UInt64, invocation: FuzzInvocation, sandbox: FuzzSandbox, server: RouteFuzzServer
    ) -> FuzzCaseResult {
        let dir: String
        do { dir = try sandbox.makeCase(label, favorites: .absent) } catch { return .harnessFailure(label, seed, invocation, error) }
        defer { sandbox.removeCase(dir) }
        let answer = Self.answer(seed: seed, invocation: invocation)
        server.serve(answer, for: label)
        defer { server.forget(label) }

        var environment = FuzzHarness.baseEnvironment(caseDirectory: dir, cache: sandbox.root + "/cache")
        environment["GOOGLE_MAPS_API_KEY"] = FuzzCanary.google
        environment["PLACES_OSRM_URL"] = server.baseURL + "/case-\(label)"
        environment["PLACES_GOOGLE_ROUTES_URL"] = server.baseURL + "/case-\(label)"
        let arguments = invocation.arguments.map { sandbox.resolve($0, caseDirectory: dir) }
        let child = FuzzChild(
            executable: PlacesBinary.executable.path, arguments: arguments, environment: environment,
            directory: dir, outputStem: sandbox.root + "/out-\(label)")
        let outcome: FuzzChild.Outcome
        // A thinned line along a route is the slowest legitimate case: about 10 s of the debug
        // build on a loaded machine.
        do { outcome = try child.run(deadline: 90) } catch { return .harnessFailure(label, seed, invocation, error) }

        let form = RouteInvocationGenerator.Form(arguments)
        let extra = Self.violations(outcome, answer: answer, form: form)
        let summary = ["#1 \(answer.summary)"]
        return FuzzHarness.failures(
            index: label, seed: seed, invocation: invocation, outcome: outcome, extra: extra,
            caseDirectory: dir, replies: summary, classSuffix: { _ in " · \(answer.tag.prefix(60))" })
    }

    /// What this run broke of the route's own promises.
    static func violations(_ outcome: FuzzChild.Outcome, answer: RouteAnswer, form: RouteInvocationGenerator.Form) -> [FuzzViolation] {
        guard case .exit(let code) = outcome.ending else { return [] }
        var found: [FuzzViolation] = []
        let expected = answer.expected(lineAsked: form.lineAsked, stepsAsked: form.stepsAsked)
        if !expected.contains(code) {
            found.append(
                FuzzViolation(
                    kind: "exit \(code) where the answer (\(answer.breaks.rawValue)) calls for \(expected.sorted()) \(form.name)",
                    detail: FuzzHarness.excerpt(outcome.stderrText)))
        }
        guard code == 0 else { return found }
        let stderr = outcome.stderrText
        if form.lineAsked, answer.linePoints > PlausibleRoute.maxLinePoints,
            !stderr.contains("more than the \(PlausibleRoute.maxLinePoints) kept")
        {
            found.append(
                FuzzViolation(
                    kind: "a line of \(answer.linePoints) points read without the note on thinning", detail: FuzzHarness.excerpt(stderr)))
        }
        if answer.farSnap, !stderr.contains("OSRM moved the start") {
            found.append(FuzzViolation(kind: "the start moved 400 m not noted \(form.name)", detail: FuzzHarness.excerpt(stderr)))
        }
        if form.drawn, let drawn = Self.drawnPoints(outcome.stdout), drawn > PlausibleRoute.maxLinePoints {
            found.append(FuzzViolation(kind: "a line of \(drawn) points drawn", detail: ""))
        }
        return found
    }

    /// How many points the GeoJSON's LineString has (the route's line comes first).
    static func drawnPoints(_ stdout: Data) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: stdout) as? [String: Any],
            let features = object["features"] as? [[String: Any]]
        else { return nil }
        for feature in features {
            if let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "LineString" {
                return (geometry["coordinates"] as? [Any])?.count
            }
        }
        return nil
    }
}

/// The commands of the route fuzz: `route-estimate` in each of its forms and a search along
/// the route, offline (the bundled extract), so that only the router's answer varies.
enum RouteInvocationGenerator {
    /// What a command line asks of the router's answer.
    struct Form {
        /// The line is read: `--steps`, `--format geojson`, or a search along the route.
        let lineAsked: Bool
        let stepsAsked: Bool
        /// The line is printed as GeoJSON.
        let drawn: Bool
        /// For a failure's class: `in route-estimate --steps`, `along a route`.
        let name: String

        init(_ arguments: [String]) {
            let along = arguments.first == "nearby" || arguments.first == "search"
            let steps = !along && arguments.contains("--steps")
            drawn = zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "geojson" }
            stepsAsked = steps
            lineAsked = along || steps || drawn
            let flags = [steps ? "--steps" : nil, drawn ? "--format geojson" : nil].compactMap { $0 }
            name = along ? "along a route" : "in route-estimate" + (flags.isEmpty ? "" : " " + flags.joined(separator: " "))
        }
    }

    static let ends = [
        ("60.1699,24.9384", "60.1841,24.9497"), ("65.0,179.99", "65.0,-179.99"), ("89.9,0", "89.9,180"), ("0,0", "0.001,179.999"),
    ]

    static func make(_ rng: inout SplitMix64) -> FuzzInvocation {
        let router = rng.pick(["osrm", "google"])
        let (from, to) = rng.percent(80) ? ends[0] : rng.pick(ends)
        var pieces: [[String]]
        if rng.percent(70) {
            pieces = [["route-estimate"], ["--from", from], ["--to", to], ["--router", router]]
            let forms: [[[String]]] = [
                [], [["--steps"]], [["--format", "geojson"]], [["--json"]], [["--steps"], ["--json"]],
                [["--steps"], ["--format", "geojson"]], [["--format", rng.pick(["csv", "ndjson", "table"])]],
            ]
            pieces += rng.pick(forms)
        } else {
            pieces =
                rng.percent(60)
                ? [["nearby"], ["--type", rng.pick(["cafe", "restaurant", "bar"])]] : [["search"], [rng.pick(["sushi", "kahvila"])]]
            pieces += [["--from", from], ["--to", to], ["--router", router], ["--provider", "osm"], ["--data", FuzzValues.helsinki]]
            if rng.percent(40) { pieces.append(["--radius", rng.pick(["50", "1000", "5000"])]) }
            if rng.percent(40) { pieces.append(["--limit", rng.pick(["1", "5", "50"])]) }
            if rng.percent(50) { pieces.append(rng.pick([["--json"], ["--format", "geojson"], ["--format", "csv"]])) }
        }
        if rng.percent(40) { pieces.append(["--mode", rng.pick(["walk", "bike", "drive"])]) }
        pieces += [["--timeout", "5"], ["--retries", "0"]]
        let pinned: Set<String> = [
            "route-estimate", "nearby", "search", "--type", "--from", "--to", "--router", "--provider", "--data", "--timeout", "--retries",
        ]
        return FuzzInvocation(pieces: pieces, environment: [], favorites: .absent, pinned: pinned)
    }
}

/// One loopback server for the whole campaign: a request under `/case-N/` gets case N's answer.
final class RouteFuzzServer: @unchecked Sendable {
    private let server: FakeHTTPServer
    private let answers = Answers()

    init() throws {
        let answers = self.answers
        server = try FakeHTTPServer { request in
            let label = request.path.split(separator: "/").first.flatMap { $0.hasPrefix("case-") ? Int($0.dropFirst(5)) : nil }
            guard let label, let answer = answers.get(label) else { return .json(500, "{}") }
            return .respond(status: answer.status, headers: [("Content-Type", "application/json")], body: answer.body)
        }
    }

    var baseURL: String { server.baseURL }

    func serve(_ answer: RouteAnswer, for label: Int) { answers.set(label, answer) }
    func forget(_ label: Int) { answers.set(label, nil) }
    func stop() { server.stop() }

    private final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var byCase: [Int: RouteAnswer] = [:]
        func set(_ label: Int, _ answer: RouteAnswer?) { lock.withLock { byCase[label] = answer } }
        func get(_ label: Int) -> RouteAnswer? { lock.withLock { byCase[label] } }
    }
}
