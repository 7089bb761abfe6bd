import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one case did wrong, with what is needed to see it again.
struct FuzzFailure: Sendable {
    let index: Int
    let seed: UInt64
    /// Failures of one class break the same promise the same way in the same command.
    let classKey: String
    let violation: FuzzViolation
    let invocation: FuzzInvocation
    let ending: String
    let stdout: String
    let stderr: String
    /// What the hostile server answered, in order.
    let replies: [String]
}

/// How one case went: how the child ended (for the campaign's tally) and what it broke.
struct FuzzCaseResult: Sendable {
    let ending: String
    let failures: [FuzzFailure]
    /// CPU the child used.
    var cpuSeconds: Double = 0
    /// What the hostile server answered.
    var replies: [String] = []

    /// A case the test itself could not run counts as failed: a fuzz test must not pass by not running.
    static func harnessFailure(_ index: Int, _ seed: UInt64, _ invocation: FuzzInvocation, _ error: Error) -> FuzzCaseResult {
        let violation = FuzzViolation(kind: "the test could not run the case", detail: "\(error)")
        return FuzzCaseResult(
            ending: "not run",
            failures: [
                FuzzFailure(
                    index: index, seed: seed, classKey: violation.kind, violation: violation,
                    invocation: invocation, ending: "not run", stdout: "", stderr: "", replies: [])
            ])
    }
}

/// Runs a fuzz campaign: `count` seeded cases, `concurrency` children at a time, then for
/// each failure class the first case minimised (pieces of argv and environment dropped while
/// the class still shows) and reported as an issue with its seed and a command to replay it.
///
/// `PLACES_FUZZ_SEED` (decimal or 0x-hex) changes the seed, `PLACES_FUZZ_CASE=N` runs case N
/// alone, `PLACES_FUZZ_CASES=N` runs N cases (for a longer local campaign), and
/// `PLACES_FUZZ_VERBOSE=1` prints every case, how it ended and what the server answered.
struct FuzzCampaign: Sendable {
    typealias CaseRunner = @Sendable (_ label: Int, _ seed: UInt64, _ invocation: FuzzInvocation) -> FuzzCaseResult

    let name: String
    /// What every case's environment holds besides its own variables, for the report.
    let setting: String
    let count: Int
    let concurrency: Int
    let generate: @Sendable (inout SplitMix64) -> FuzzInvocation
    let runCase: CaseRunner

    static let defaultSeed: UInt64 = 0x5EED_F022_0010
    /// Re-runs spent minimising one class, and in all.
    static let minimiseBudget = 30
    static let totalMinimiseBudget = 600

    static var seed: UInt64 {
        guard let text = ProcessInfo.processInfo.environment["PLACES_FUZZ_SEED"] else { return defaultSeed }
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) ?? defaultSeed : UInt64(text) ?? defaultSeed
    }

    func invocation(_ index: Int) -> (seed: UInt64, invocation: FuzzInvocation) {
        let seed = SplitMix64.caseSeed(Self.seed, index)
        var rng = SplitMix64(seed: seed)
        return (seed, generate(&rng))
    }

    /// Runs every case and records one issue per failure class. Returns the failures.
    @discardableResult
    func run() async -> [FuzzFailure] {
        let env = ProcessInfo.processInfo.environment
        let indices =
            env["PLACES_FUZZ_CASE"].flatMap(Int.init).map { [$0] } ?? Array(0..<(env["PLACES_FUZZ_CASES"].flatMap(Int.init) ?? count))
        let verbose = env["PLACES_FUZZ_VERBOSE"] != nil
        let started = Date()
        let cpuBefore = Self.cpuSeconds()
        let collected = Collected()
        await Self.forEach(indices, concurrency: concurrency) { index in
            let (seed, invocation) = self.invocation(index)
            let caseStarted = Date()
            let result = self.runCase(index, seed, invocation)
            collected.add(result, seconds: Date().timeIntervalSince(caseStarted), index: index)
            if verbose {
                let lines =
                    [
                        "case \(index): \(invocation.shellCommand.prefix(300)) → \(result.ending), \(String(format: "%.2f", result.cpuSeconds)) s CPU"
                    ]
                    + result.replies.map { "    \($0.prefix(300))" }
                print(lines.joined(separator: "\n"))
            }
        }
        let failures = collected.failures.sorted { ($0.index, $0.classKey) < ($1.index, $1.classKey) }
        let ran = Date().timeIntervalSince(started)
        let cpuAfter = Self.cpuSeconds()
        let cpu = (own: cpuAfter.own - cpuBefore.own, children: cpuAfter.children - cpuBefore.children)

        var grouped: [(key: String, failures: [FuzzFailure])] = []
        for failure in failures {
            if let i = grouped.firstIndex(where: { $0.key == failure.classKey }) {
                grouped[i].failures.append(failure)
            } else {
                grouped.append((failure.classKey, [failure]))
            }
        }
        let classes = grouped
        let minimised = Minimised()
        let budgetPerClass = max(3, min(Self.minimiseBudget, Self.totalMinimiseBudget / max(1, classes.count)))
        await Self.forEach(Array(classes.indices), concurrency: concurrency) { i in
            minimised.set(i, self.minimise(classes[i].failures[0], label: 10_000_000 + i * 1_000, budget: budgetPerClass))
        }
        let total = Date().timeIntervalSince(started)
        print(
            "fuzz \(name): \(indices.count) cases in \(String(format: "%.1f", ran)) s (\(String(format: "%.1f", total)) s with minimising), seed \(String(format: "0x%llX", Self.seed)), \(failures.count) failures in \(classes.count) classes; \(collected.timing)"
        )
        print("fuzz \(name): endings: \(collected.tally)")
        print(
            String(
                format:
                    "fuzz \(name): CPU while running the cases: %.1f s in the children, %.1f s in the test process (every test running now)",
                cpu.children, cpu.own))
        for (i, group) in classes.enumerated() {
            let first = minimised.get(i) ?? group.failures[0]
            Issue.record(
                Comment(
                    rawValue: report(group.key, first: first, original: group.failures[0], count: group.failures.count, of: indices.count)))
        }
        return failures
    }

    private func minimise(_ failure: FuzzFailure, label: Int, budget: Int) -> FuzzFailure {
        // A hang costs the watchdog's whole wait at every try: report it as found.
        if failure.violation.kind == "killed", failure.violation.detail.hasPrefix("still running") { return failure }
        var best = failure
        var runs = 0
        var improved = true
        while improved, runs < budget {
            improved = false
            for smaller in best.invocation.reductions {
                guard runs < budget else { break }
                runs += 1
                if let again = runCase(label + runs, failure.seed, smaller).failures.first(where: { $0.classKey == failure.classKey }) {
                    best = FuzzFailure(
                        index: failure.index, seed: failure.seed, classKey: failure.classKey, violation: again.violation,
                        invocation: smaller, ending: again.ending, stdout: again.stdout, stderr: again.stderr, replies: again.replies)
                    improved = true
                    break
                }
            }
        }
        return best
    }

    private func report(_ key: String, first: FuzzFailure, original: FuzzFailure, count: Int, of total: Int) -> String {
        var lines = [
            "fuzz \(name): \(key) — \(count) of \(total) cases; first: case \(original.index), seed \(String(format: "0x%llX", original.seed))"
        ]
        lines.append(
            "  replay:  PLACES_FUZZ_SEED=\(String(format: "0x%llX", Self.seed)) PLACES_FUZZ_CASE=\(original.index) swift test --filter Fuzz"
        )
        lines.append("  minimal: \(first.invocation.shellCommand)")
        for file in first.invocation.filesDescription { lines.append("  \(file)") }
        lines.append("  with:    \(setting)")
        lines.append("  broke:   \(first.violation)")
        lines.append("  ended:   \(first.ending)")
        if !first.stdout.isEmpty { lines.append("  stdout:  \(first.stdout)") }
        if !first.stderr.isEmpty { lines.append("  stderr:  \(first.stderr)") }
        for (i, reply) in first.replies.prefix(6).enumerated() { lines.append("  answer \(i + 1): \(reply)") }
        if first.replies.count > 6 { lines.append("  … \(first.replies.count - 6) more answers") }
        lines.append("  ($D: a directory with fifo, dir/, rec/, empty, nul, loop -> loop, unreadable.json; $S: FuzzSandbox's abused files)")
        return lines.joined(separator: "\n")
    }

    /// CPU seconds (user + system) of this process and of its waited-for children so far.
    static func cpuSeconds() -> (own: Double, children: Double) {
        #if canImport(Glibc)
        let (own, children) = (__rusage_who_t(RUSAGE_SELF.rawValue), __rusage_who_t(RUSAGE_CHILDREN.rawValue))
        #else
        let (own, children) = (RUSAGE_SELF, RUSAGE_CHILDREN)
        #endif
        func seconds(_ who: Int32) -> Double {
            var usage = rusage()
            getrusage(who, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        return (seconds(own), seconds(children))
    }

    /// Calls `body` for each index on `concurrency` threads of its own (not Swift's
    /// cooperative pool, which the other tests need while children run), and returns when all are done.
    static func forEach(_ indices: [Int], concurrency: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        let queue = WorkQueue(indices)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for _ in 0..<max(1, min(concurrency, indices.count)) {
                group.enter()
                Thread.detachNewThread {
                    while let index = queue.next() { body(index) }
                    group.leave()
                }
            }
            group.notify(queue: .global()) { done.resume() }
        }
    }

    private final class WorkQueue: @unchecked Sendable {
        private let lock = NSLock()
        private var remaining: ArraySlice<Int>
        init(_ indices: [Int]) { remaining = indices[...] }
        func next() -> Int? { lock.withLock { remaining.popFirst() } }
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [FuzzFailure] = []
        private var times: [(seconds: Double, index: Int)] = []
        private var cpu: [(seconds: Double, index: Int)] = []
        private var endings: [String: Int] = [:]
        func add(_ result: FuzzCaseResult, seconds: Double, index: Int) {
            lock.withLock {
                all += result.failures
                times.append((seconds, index))
                cpu.append((result.cpuSeconds, index))
                endings[result.ending, default: 0] += 1
            }
        }
        /// How the cases ended, most common first: a campaign that only ever reaches usage
        /// errors tests little, and this shows it.
        var tally: String {
            lock.withLock { endings.sorted { $0.value > $1.value }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ") }
        }
        var failures: [FuzzFailure] { lock.withLock { all } }
        /// Mean and 90th percentile of a case's time, and the slowest cases.
        var timing: String {
            lock.withLock {
                let sorted = times.sorted { $0.seconds < $1.seconds }
                guard !sorted.isEmpty else { return "" }
                let mean = sorted.map(\.seconds).reduce(0, +) / Double(sorted.count)
                let p90 = sorted[sorted.count * 9 / 10].seconds
                let slowest = sorted.suffix(3).reversed().map { "case \($0.index) \(String(format: "%.1f", $0.seconds)) s" }
                let hungriest = cpu.sorted { $0.seconds > $1.seconds }.prefix(3).map {
                    "case \($0.index) \(String(format: "%.2f", $0.seconds)) s"
                }
                let cpuMean = cpu.map(\.seconds).reduce(0, +) / Double(max(1, cpu.count))
                return String(format: "a case takes %.0f ms on average, %.0f ms at the 90th percentile; slowest: ", mean * 1000, p90 * 1000)
                    + slowest.joined(separator: ", ")
                    + String(format: "; a child uses %.0f ms of CPU on average; most: ", cpuMean * 1000) + hungriest.joined(separator: ", ")
            }
        }
    }

    private final class Minimised: @unchecked Sendable {
        private let lock = NSLock()
        private var byClass: [Int: FuzzFailure] = [:]
        func set(_ i: Int, _ failure: FuzzFailure) { lock.withLock { byClass[i] = failure } }
        func get(_ i: Int) -> FuzzFailure? { lock.withLock { byClass[i] } }
    }
}

/// Shared by the campaigns.
enum FuzzHarness {
    static let urlVariables = [
        "PLACES_GOOGLE_PLACES_URL", "PLACES_GOOGLE_ROUTES_URL", "PLACES_FOURSQUARE_URL", "PLACES_OVERPASS_URL", "PLACES_OSRM_URL",
    ]

    /// What every child gets: no developer settings, a home of its own, the run's index cache.
    static func baseEnvironment(caseDirectory: String, cache: String) -> [String: String] {
        PlacesBinary.sanitizerSettings.merging([
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": caseDirectory, "XDG_CACHE_HOME": cache,
            "PLACES_FAVORITES_FILE": caseDirectory + "/favorites.json",
        ]) { $1 }
    }

    /// The failures of one finished run: the oracle's, plus keys in files the case wrote.
    static func failures(
        index: Int, seed: UInt64, invocation: FuzzInvocation, outcome: FuzzChild.Outcome,
        extra: [FuzzViolation], caseDirectory: String, replies: [String] = [], classSuffix: (FuzzViolation) -> String
    ) -> FuzzCaseResult {
        let command = commandName(invocation)
        let stream = command == "reverse" && invocation.arguments.contains("-")
        let violations =
            FuzzOracle.violations(of: outcome, batchRecords: command == "batch", streamRecords: stream)
            + FuzzOracle.leaks(inFilesUnder: caseDirectory) + extra
        return FuzzCaseResult(
            ending: outcome.ending.description,
            failures: violations.map { violation in
                FuzzFailure(
                    index: index, seed: seed, classKey: "\(violation.kind) · \(command)\(classSuffix(violation))", violation: violation,
                    invocation: invocation, ending: outcome.ending.description,
                    stdout: excerpt(outcome.stdoutText), stderr: excerpt(outcome.stderrText), replies: replies)
            }, cpuSeconds: outcome.cpuSeconds, replies: replies)
    }

    static func commandName(_ invocation: FuzzInvocation) -> String {
        guard let first = invocation.pieces.first else { return "(no arguments)" }
        let words = first.filter { !$0.hasPrefix("-") }
        return words.isEmpty ? "(flags only)" : words.joined(separator: " ").prefix(30).description
    }

    static func excerpt(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let shown = lines.prefix(4).map { String($0.prefix(240)) }.joined(separator: " ⏎ ")
        return lines.count > 4 ? shown + " ⏎ … (\(lines.count) lines)" : shown
    }
}
