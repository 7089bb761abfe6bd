import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 22's fuzz campaigns, through the binary, seeded and replayable as `FuzzTests`'
/// (`PLACES_FUZZ_SEED`, `PLACES_FUZZ_CASE`, `PLACES_FUZZ_CASES`): batch inputs
/// (`BatchLineGenerator`) and favorites files (`FavoritesFileGenerator`). Besides what every
/// run promises (`FuzzOracle`): a batch writes one record per input line, in order, each
/// with a contract code (never 70) and the line's id as it was written; nothing a favorites
/// file holds ever runs, in `places` or in the bash completion, which offers only what
/// `favorite list` lists, each as one literal word; only `favorite add|remove` change the file.
@Suite("Fuzz: batch lines and favorites files")
struct FuzzFileTests {
    static let batchCases = 150
    static let favoritesCases = 240

    @Test func batchLines() async throws {
        let sandbox = try FuzzSandbox(name: "batch")
        let servers = try ArgumentFuzzServers()
        defer {
            servers.stop()
            sandbox.remove()
        }
        let campaign = FuzzCampaign(
            name: "batch lines",
            setting:
                "HOME=$D, PLACES_FAVORITES_FILE=$D/favorites.json, every PLACES_*_URL at a loopback server giving well-formed answers; the files named below in $D",
            count: Self.batchCases, concurrency: 6,
            generate: { BatchLineGenerator.make(&$0) },
            runCase: { label, seed, invocation in
                Self.runBatchCase(label: label, seed: seed, invocation: invocation, sandbox: sandbox, servers: servers)
            })
        await campaign.run()
    }

    @Test func favoritesFiles() async throws {
        let sandbox = try FuzzSandbox(name: "favorites")
        let servers = try ArgumentFuzzServers()
        defer {
            servers.stop()
            sandbox.remove()
        }
        let campaign = FuzzCampaign(
            name: "favorites files",
            setting:
                "HOME=$D, PLACES_FAVORITES_FILE=$D/favorites.json (below), PWN='$(touch PWNED-variable)', every PLACES_*_URL at a loopback server giving well-formed answers",
            count: Self.favoritesCases, concurrency: 6,
            generate: { FavoritesFileGenerator.make(&$0) },
            runCase: { label, seed, invocation in
                Self.runFavoritesCase(label: label, seed: seed, invocation: invocation, sandbox: sandbox, servers: servers)
            })
        await campaign.run()
    }

    // MARK: - One batch

    static func runBatchCase(
        label: Int, seed: UInt64, invocation: FuzzInvocation, sandbox: FuzzSandbox,
        servers: ArgumentFuzzServers
    ) -> FuzzCaseResult {
        let dir: String
        do {
            dir = try sandbox.makeCase(label, favorites: invocation.favorites)
            try sandbox.write(invocation.files, caseDirectory: dir)
        } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        defer { sandbox.removeCase(dir) }
        let outcome: FuzzChild.Outcome
        do { outcome = try run(invocation, in: dir, sandbox: sandbox, servers: servers, label: label, deadline: 60) } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        var extra = pwned(in: dir)
        let input = invocation.files.first { $0.name == "lines.ndjson" }?.lines.map { sandbox.resolve($0, caseDirectory: dir) } ?? []
        extra += recordViolations(outcome.stdoutText, input: input)
        return FuzzHarness.failures(
            index: label, seed: seed, invocation: invocation, outcome: outcome, extra: extra,
            caseDirectory: dir, classSuffix: { _ in "" })
    }

    /// What the records of a batch break: one per non-blank input line, in input order, each
    /// with a contract code and the line's own id text (or null).
    static func recordViolations(_ stdout: String, input: [String]) -> [FuzzViolation] {
        guard !stdout.isEmpty else { return [] }
        var found: [FuzzViolation] = []
        let expected = input.indices.filter { !input[$0].allSatisfy { $0 == " " || $0 == "\t" } }.map { $0 + 1 }
        var numbers: [Int] = []
        for record in stdout.split(separator: "\n") {
            let spans = JSONSpans(Array(record.utf8))
            guard let whole = spans.wholeValue, let members = spans.members(of: whole) else { continue }
            func text(_ key: String) -> String? { members.first { $0.key == key }.map { spans.text($0.value) } }
            guard let number = text("line").flatMap(Int.init), let code = text("exitCode").flatMap(Int32.init), let id = text("id") else {
                found.append(FuzzViolation(kind: "a record without line, exitCode or id", detail: String(record.prefix(200))))
                continue
            }
            numbers.append(number)
            if !FuzzOracle.contractCodes.contains(code) || code == 0 && text("error") != "null" {
                found.append(FuzzViolation(kind: "a record with exit code \(code)", detail: String(record.prefix(300))))
            }
            if id != "null", input.indices.contains(number - 1), !input[number - 1].contains("\"id\":" + id) {
                found.append(FuzzViolation(kind: "a record's id is not the line's as written", detail: "line \(number): \(id.prefix(80))"))
            }
        }
        if numbers != expected {
            found.append(
                FuzzViolation(
                    kind: "records are not one per input line in order",
                    detail: "lines \(expected.prefix(12)), records \(numbers.prefix(12))"))
        }
        return found
    }

    // MARK: - One favorites file

    static func runFavoritesCase(
        label: Int, seed: UInt64, invocation: FuzzInvocation, sandbox: FuzzSandbox,
        servers: ArgumentFuzzServers
    ) -> FuzzCaseResult {
        let dir: String
        do {
            dir = try sandbox.makeCase(label, favorites: .absent)
            try sandbox.write(invocation.files, caseDirectory: dir)
        } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        defer { sandbox.removeCase(dir) }
        let file = dir + "/favorites.json"
        let before = FileManager.default.contents(atPath: file)
        let outcome: FuzzChild.Outcome
        var extra: [FuzzViolation] = []
        do {
            outcome = try run(invocation, in: dir, sandbox: sandbox, servers: servers, label: label, deadline: 30)
            let writes =
                invocation.pieces.first.map { $0.starts(with: ["favorite", "add"]) || $0.starts(with: ["favorite", "remove"]) } ?? false
            if !writes, FileManager.default.contents(atPath: file) != before {
                extra.append(FuzzViolation(kind: "a read-only command changed the favorites file", detail: ""))
            }
            // A third of the files are completed too, as bash completes them.
            if label % 3 == 0 { extra += try completionViolations(in: dir, sandbox: sandbox, label: label) }
        } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        extra += pwned(in: dir)
        return FuzzHarness.failures(
            index: label, seed: seed, invocation: invocation, outcome: outcome, extra: extra,
            caseDirectory: dir, classSuffix: { _ in "" })
    }

    /// The real bash completion on the case's favorites: each candidate, read back by the
    /// shell, is one word and a value the listing holds (an id, or @alias).
    static func completionViolations(in dir: String, sandbox: FuzzSandbox, label: Int) throws -> [FuzzViolation] {
        var environment = FuzzHarness.baseEnvironment(caseDirectory: dir, cache: sandbox.root + "/cache")
        environment["PWN"] = "$(touch PWNED-variable)"
        let listing = try FuzzChild(
            executable: PlacesBinary.executable.path, arguments: ["favorite", "list", "--format", "csv", "--fields", "id,alias"],
            environment: environment, directory: dir, outputStem: sandbox.root + "/listing-\(label)"
        ).run(deadline: 30)
        var allowed = Set<String>()
        if listing.ending == .exit(0) {
            for line in listing.stdoutText.split(separator: "\n").dropFirst() {
                let parts = line.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                allowed.insert(parts[0])
                if parts.count > 1, !parts[1].isEmpty { allowed.insert("@" + parts[1]) }
            }
        }
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: dir + "/bin/places", withDestinationPath: PlacesBinary.executable.path)
        environment["PATH"] = dir + "/bin:/usr/bin:/bin"
        environment["PLACES"] = PlacesBinary.executable.path
        let script = #"""
            source <("$PLACES" completions bash) || exit 9
            t() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _places
                local c; local -a w
                for c in "${COMPREPLY[@]}"; do eval "w=( $c )"; printf '%s|%s\0' "${#w[@]}" "${w[0]}"; done
            }
            t places route-estimate --from ''
            t places details ''
            """#
        let shell = try FuzzChild(
            executable: "/bin/bash", arguments: ["-c", script], environment: environment, directory: dir,
            outputStem: sandbox.root + "/complete-\(label)"
        ).run(deadline: 30)
        guard shell.ending == .exit(0), shell.stderr.isEmpty else {
            return [FuzzViolation(kind: "the bash completion failed", detail: "\(shell.ending): \(shell.stderrText.prefix(200))")]
        }
        var found: [FuzzViolation] = []
        for candidate in shell.stdoutText.split(separator: "\0").map(String.init) {
            if !candidate.hasPrefix("1|") {
                found.append(
                    FuzzViolation(
                        kind: "a completion candidate the shell reads as other than one word", detail: String(candidate.prefix(120))))
            } else if !allowed.contains(String(candidate.dropFirst(2))) {
                found.append(
                    FuzzViolation(kind: "a completion candidate favorite list does not list", detail: String(candidate.prefix(120))))
            }
        }
        return found
    }

    // MARK: - Shared

    /// Runs the case's command in `dir` against the well-formed servers, feeding `{case}/pipe`
    /// when it is named, and freeing a feeder nobody read.
    static func run(
        _ invocation: FuzzInvocation, in dir: String, sandbox: FuzzSandbox, servers: ArgumentFuzzServers, label: Int,
        deadline: Double
    ) throws -> FuzzChild.Outcome {
        let arguments = invocation.arguments.map { sandbox.resolve($0, caseDirectory: dir) }
        var environment = FuzzHarness.baseEnvironment(caseDirectory: dir, cache: sandbox.root + "/cache")
        for (name, value) in invocation.environment { environment[name] = sandbox.resolve(value, caseDirectory: dir) }
        for (name, url) in servers.urls(tripwire: nil) { environment[name] = url }
        let named = (invocation.arguments + invocation.files.flatMap(\.lines)).contains { $0.contains("{case}/pipe") }
        let feeder = named ? FIFOWriter(path: dir + "/pipe", data: Data(FuzzSandbox.smallExtract.utf8), limit: 12) : nil
        let child = FuzzChild(
            executable: PlacesBinary.executable.path, arguments: arguments, environment: environment,
            directory: dir, outputStem: sandbox.root + "/out-\(label)")
        let outcome = try child.run(deadline: deadline)
        if let feeder {
            let unblock = open(dir + "/pipe", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            feeder.wait()
            if unblock >= 0 { close(unblock) }
        }
        return outcome
    }

    /// A file a hostile value made by running: each is a failure.
    static func pwned(in dir: String) -> [FuzzViolation] {
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: dir)) ?? []
        return all.filter { $0.contains("PWNED") }.map { FuzzViolation(kind: "code from the data ran", detail: $0) }
    }
}
