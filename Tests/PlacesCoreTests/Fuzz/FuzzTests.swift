import Foundation
import Testing

@testable import places_cli

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 10's fuzz test, through the binary: a few thousand seeded argument vectors and a
/// few hundred seeded hostile answers from loopback servers. Every run must end by exit
/// (no signal), never with 70, with exactly one `places: error:` line and an empty stdout
/// on failure, and with no form of the canary keys in anything printed or written; a
/// redirect target must receive no key, a dry run nothing at all. Run alone with
/// `swift test --filter Fuzz`; a failure names its seed and a command that shows it.
@Suite("Fuzz")
struct FuzzTests {
    /// Sized for under a minute on a loaded 2-core machine: a launch of the debug binary
    /// costs about 30 ms of CPU (mostly dynamic loading), a hostile case about 60 ms.
    /// `PLACES_FUZZ_CASES` runs more.
    static let argumentCases = 1_500
    static let hostileCases = 300

    @Test func argumentVectors() async throws {
        let sandbox = try FuzzSandbox(name: "argv")
        let servers = try ArgumentFuzzServers()
        defer {
            servers.stop()
            sandbox.remove()
        }
        let campaign = FuzzCampaign(
            name: "argument vectors",
            setting:
                "HOME=$D, PLACES_FAVORITES_FILE=$D/favorites.json, every PLACES_*_URL at a loopback server giving well-formed answers (at a tripwire for a dry run or a replay)",
            count: Self.argumentCases, concurrency: 6,
            generate: { ArgumentVectorGenerator.make(&$0) },
            runCase: { label, seed, invocation in
                Self.runArgumentCase(label: label, seed: seed, invocation: invocation, sandbox: sandbox, servers: servers)
            })
        await campaign.run()
    }

    @Test func hostileAnswers() async throws {
        let sandbox = try FuzzSandbox(name: "hostile")
        // Another origin for redirects and links to point at: it must never see a key.
        let sink = try FakeHTTPServer { request in
            let endpoint = HostileEndpoint(path: request.path)
            return .json(200, endpoint.body().rendered)
        }
        defer {
            sink.stop()
            sandbox.remove()
        }
        let campaign = FuzzCampaign(
            name: "hostile answers",
            setting:
                "GOOGLE_MAPS_API_KEY and FOURSQUARE_API_KEY set to FuzzCanary's keys, every PLACES_*_URL at the case's hostile server, HOME=$D, PLACES_FAVORITES_FILE=$D/favorites.json",
            count: Self.hostileCases, concurrency: 6,
            generate: { HostileInvocationGenerator.make(&$0) },
            runCase: { label, seed, invocation in
                Self.runHostileCase(label: label, seed: seed, invocation: invocation, sandbox: sandbox, sink: sink)
            })
        await campaign.run()
    }

    // MARK: - One argument vector

    static func runArgumentCase(
        label: Int, seed: UInt64, invocation: FuzzInvocation, sandbox: FuzzSandbox,
        servers: ArgumentFuzzServers
    ) -> FuzzCaseResult {
        let dir: String
        do { dir = try sandbox.makeCase(label, favorites: invocation.favorites) } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        defer { sandbox.removeCase(dir) }
        let arguments = invocation.arguments.map { sandbox.resolve($0, caseDirectory: dir) }
        var environment = FuzzHarness.baseEnvironment(caseDirectory: dir, cache: sandbox.root + "/cache")
        for (name, value) in invocation.environment { environment[name] = sandbox.resolve(value, caseDirectory: dir) }

        // What the parser makes of it decides what may happen: a dry run or a replay must
        // send nothing (their URLs point at a tripwire), and only favorite add/remove may
        // change the favorites file.
        let parsed: ParsedArguments? = if case .run(let p)? = try? ArgumentParser.parse(arguments) { p } else { nil }
        let record = parsed?.values[NetworkFlags.record.name] != nil || !(environment["PLACES_RECORD"] ?? "").isEmpty
        let replay = parsed?.values[NetworkFlags.replay.name] != nil || !(environment["PLACES_REPLAY"] ?? "").isEmpty
        let dryRun = parsed?.values[NetworkFlags.dryRun.name] != nil
        let sendsNothing = dryRun || (replay && !record)
        for (name, url) in servers.urls(tripwire: sendsNothing ? label : nil) where invocation.value(of: name) == nil {
            environment[name] = url
        }
        let favoritesFile = dir + "/favorites.json"
        let before = FileManager.default.contents(atPath: favoritesFile)
        // An extract given as a FIFO on purpose gets a writer, as `--data <(cat f)` has.
        let feedsPipe = (invocation.arguments + invocation.environment.map(\.value)).contains { $0.contains("{case}/pipe") }
        let feeder = feedsPipe ? FIFOWriter(path: dir + "/pipe", data: Data(FuzzSandbox.smallExtract.utf8), limit: 12) : nil

        let child = FuzzChild(
            executable: PlacesBinary.executable.path, arguments: arguments, environment: environment,
            directory: dir, outputStem: sandbox.root + "/out-\(label)")
        let outcome: FuzzChild.Outcome
        // The slowest legitimate case took 4.5 s with the machine loaded 17-fold (the whole
        // suite running beside other work); a hang is forever.
        do { outcome = try child.run(deadline: 20) } catch { return .harnessFailure(label, seed, invocation, error) }
        if let feeder {
            // Unblocks a writer whose reader never came (a usage error before the file was read).
            let unblock = open(dir + "/pipe", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            feeder.wait()
            if unblock >= 0 { close(unblock) }
        }

        var extra: [FuzzViolation] = []
        let tripped = servers.tripwire.requests.filter { $0.target.hasPrefix("/case-\(label)/") }
        if sendsNothing, let first = tripped.first {
            extra.append(
                FuzzViolation(
                    kind: dryRun ? "a dry run sent a request" : "a replay sent a request",
                    detail: "\(first.method) \(first.target.prefix(120))"))
        }
        let mayWrite = parsed.map { $0.spec.path == ["favorite", "add"] || $0.spec.path == ["favorite", "remove"] } ?? false
        if !mayWrite || dryRun, FileManager.default.contents(atPath: favoritesFile) != before {
            extra.append(
                FuzzViolation(
                    kind: dryRun ? "a dry run changed the favorites file" : "a read-only command changed the favorites file", detail: ""))
        }
        return FuzzHarness.failures(
            index: label, seed: seed, invocation: invocation, outcome: outcome, extra: extra,
            caseDirectory: dir, classSuffix: { _ in "" })
    }

    // MARK: - One hostile exchange

    static func runHostileCase(
        label: Int, seed: UInt64, invocation: FuzzInvocation, sandbox: FuzzSandbox,
        sink: FakeHTTPServer
    ) -> FuzzCaseResult {
        let dir: String, server: HostileServer
        do {
            dir = try sandbox.makeCase(label, favorites: invocation.favorites)
            server = try HostileServer(caseIndex: label, seed: seed, sinkURL: sink.baseURL)
        } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        defer { sandbox.removeCase(dir) }
        let arguments = invocation.arguments.map { sandbox.resolve($0, caseDirectory: dir) }
        var environment = FuzzHarness.baseEnvironment(caseDirectory: dir, cache: sandbox.root + "/cache")
        environment["GOOGLE_MAPS_API_KEY"] = FuzzCanary.google
        environment["FOURSQUARE_API_KEY"] = FuzzCanary.foursquare
        for name in FuzzHarness.urlVariables {
            environment[name] = server.baseURL + (name == "PLACES_OVERPASS_URL" ? "/api/interpreter" : "")
        }

        let child = FuzzChild(
            executable: PlacesBinary.executable.path, arguments: arguments, environment: environment,
            directory: dir, outputStem: sandbox.root + "/out-\(label)")
        // Legitimately at most two 1 s attempts per request and a short backoff (an attempt
        // that fails ends the command): about 3 s; 4 s seen with the machine loaded 17-fold.
        let run = Result {
            try child.run(deadline: 30) {
                server.overBudget ? "more than \(HostileServer.requestBudget) requests: a loop without end" : nil
            }
        }
        let endless = server.finish()
        let outcome: FuzzChild.Outcome
        do { outcome = try run.get() } catch { return .harnessFailure(label, seed, invocation, error) }

        var extra: [FuzzViolation] = []
        for request in sink.requests where request.target.hasPrefix("/case-\(label)/") {
            if let form = FuzzCanary.leak(in: request.raw) {
                extra.append(
                    FuzzViolation(kind: "key sent to another origin (\(form))", detail: "\(request.method) \(request.target.prefix(120))"))
            }
        }
        if arguments.contains("--dry-run"), server.requestsSeen > 0 {
            extra.append(FuzzViolation(kind: "a dry run sent a request", detail: server.replies.first ?? ""))
        }
        if let read = endless.max(), read >= HostileReplies.endlessLimit {
            extra.append(
                FuzzViolation(
                    kind: "read a body without end past the 64 MiB cap", detail: "\(read >> 20) MiB taken before the client stopped"))
        }
        // What some answers mean whatever else happens: an error envelope is an error (not
        // places, not "no route"); a true gzip body is a body; a page is followed once.
        let used = server.scenarios
        if case .exit(let code) = outcome.ending {
            if !used.isEmpty, used.allSatisfy({ $0.scenario == .errorIn200 && $0.endpoint.key == FuzzCanary.google }),
                code == 0 || code == 66
            {
                extra.append(FuzzViolation(kind: "an error envelope in a 200 taken for an answer", detail: "exit \(code)"))
            }
            if !used.isEmpty, used.allSatisfy({ $0.scenario == .gzip }), code == 69 {
                extra.append(FuzzViolation(kind: "a true gzip body refused", detail: FuzzHarness.excerpt(outcome.stderrText)))
            }
        }
        let listing = ["nearby", "search"].contains(invocation.pieces.first?.first ?? "") && !arguments.contains("--group-by")
        if listing, let id = FuzzOracle.repeatedPlace(in: outcome.stdoutText) {
            extra.append(FuzzViolation(kind: "a place printed twice", detail: id))
        }
        let tag = server.lastTag ?? "no request"
        return FuzzHarness.failures(
            index: label, seed: seed, invocation: invocation, outcome: outcome, extra: extra,
            caseDirectory: dir, replies: server.replies, classSuffix: { _ in " · \(tag)" })
    }
}

/// The providers the argument fuzz talks to, and a tripwire for what must send nothing.
///
/// Every provider is one loopback server answering each API with a well-formed answer of
/// its shape (`HostileEndpoint.body`), made once. The full fakes (FakeGooglePlaces, ...)
/// take 0.3–0.8 s per request in a debug build, and FoundationNetworking keeps a core busy
/// while it waits, which would triple the suite's time; what this fuzz varies is the
/// arguments, not the answers (the hostile campaign varies those).
final class ArgumentFuzzServers: @unchecked Sendable {
    let providers: FakeHTTPServer
    /// Answers 500 to anything; a request under `/case-N/` is case N's.
    let tripwire: FakeHTTPServer

    init() throws {
        var answers: [HostileEndpoint: Data] = [:]
        for endpoint in HostileEndpoint.allCases { answers[endpoint] = Data(endpoint.body().rendered.utf8) }
        let made = answers
        providers = try FakeHTTPServer { request in
            .respond(status: 200, headers: [("Content-Type", "application/json")], body: made[HostileEndpoint(path: request.path)]!)
        }
        tripwire = try FakeHTTPServer { _ in .json(500, "{}") }
    }

    /// The URL variables: the providers, or the tripwire under `/case-N` for case N.
    func urls(tripwire label: Int?) -> [String: String] {
        let base = label.map { tripwire.baseURL + "/case-\($0)" } ?? providers.baseURL
        return [
            "PLACES_GOOGLE_PLACES_URL": base, "PLACES_GOOGLE_ROUTES_URL": base, "PLACES_FOURSQUARE_URL": base,
            "PLACES_OVERPASS_URL": base + "/api/interpreter", "PLACES_OSRM_URL": base,
        ]
    }

    func stop() {
        providers.stop()
        tripwire.stop()
    }
}
