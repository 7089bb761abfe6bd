import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 33's fuzz campaign of crafted PBF blocks (`PBFBlockGenerator`), through the binary,
/// seeded and replayable as `FuzzTests`' (`PLACES_FUZZ_SEED`, `PLACES_FUZZ_CASE`,
/// `PLACES_FUZZ_CASES`): nearby, search, reverse, details and autocomplete on a file whose
/// declared counts and lengths, packed arrays, string tables and deltas are bent, or whose
/// bytes are flipped or cut. Besides what every run promises (`FuzzOracle`: no signal, one
/// error line, no hang), a run ends with 0 or 65 (or 66 for a details place the file does
/// not hold), in 256 MiB of memory and 1 GB of address space (`ulimit -v`): memory follows
/// the file, never what its blocks declare.
@Suite("Fuzz: PBF blocks")
struct FuzzPBFTests {
    static let cases = 240
    /// The children's `ulimit -v`: half the other campaigns', room for what a command on any
    /// of these files needs (a few hundred MB at most), not for an unbounded reading.
    static let addressSpaceKiB = 1_000_000
    /// The most a command may hold at once on any of these files, small as they are: the
    /// unbounded readings took 290 to 510 MB on blocks of 8 MiB (and gigabytes on larger
    /// ones), the bounded ones less than 100 MB.
    static let residentCeiling = 256 << 20

    @Test func craftedBlocks() async throws {
        let sandbox = try FuzzSandbox(name: "pbf")
        defer { sandbox.remove() }
        let campaign = FuzzCampaign(
            name: "PBF blocks",
            setting:
                "HOME=$D, $D/\(PBFBlockGenerator.fileName) made from the case's seed by PBFBlockGenerator.file(seed:), every PLACES_*_URL at a closed port, ulimit -v \(Self.addressSpaceKiB)",
            count: Self.cases, concurrency: 3,
            generate: { PBFBlockGenerator.make(&$0) },
            runCase: { label, seed, invocation in Self.runCase(label: label, seed: seed, invocation: invocation, sandbox: sandbox) })
        await campaign.run()
    }

    static func runCase(label: Int, seed: UInt64, invocation: FuzzInvocation, sandbox: FuzzSandbox) -> FuzzCaseResult {
        let dir: String
        let made = PBFBlockGenerator.file(seed: seed)
        do {
            dir = try sandbox.makeCase(label, favorites: .absent)
            try made.data.write(to: URL(fileURLWithPath: dir + "/" + PBFBlockGenerator.fileName))
        } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        defer { sandbox.removeCase(dir) }
        var environment = FuzzHarness.baseEnvironment(caseDirectory: dir, cache: sandbox.root + "/cache")
        // Nothing here needs the network: a command that tries it meets a closed port.
        for name in FuzzHarness.urlVariables { environment[name] = "http://127.0.0.1:9" }
        var child = FuzzChild(
            executable: PlacesBinary.executable.path, arguments: invocation.arguments.map { sandbox.resolve($0, caseDirectory: dir) },
            environment: environment, directory: dir, outputStem: sandbox.root + "/out-\(label)")
        child.addressSpaceLimitKiB = addressSpaceKiB
        let outcome: FuzzChild.Outcome
        do { outcome = try child.run(deadline: 120) } catch { return .harnessFailure(label, seed, invocation, error) }
        // No key is anywhere near these runs: the file, up to tens of MB, is not searched for one.
        unlink(dir + "/" + PBFBlockGenerator.fileName)
        var extra: [FuzzViolation] = []
        if case .exit(let code) = outcome.ending {
            let allowed: Set<Int32> = invocation.arguments.first == "details" ? [0, 65, 66] : [0, 65]
            if !allowed.contains(code) {
                extra.append(
                    FuzzViolation(
                        kind: "exit \(code) on a crafted PBF (only \(allowed.sorted().map(String.init).joined(separator: ", ")))",
                        detail: FuzzHarness.excerpt(outcome.stderrText)))
            }
        }
        if let peak = outcome.ownResidentBytes, peak > residentCeiling {
            extra.append(FuzzViolation(kind: "peak memory over \(residentCeiling >> 20) MiB on a crafted PBF", detail: "\(peak >> 20) MiB"))
        }
        let result = FuzzHarness.failures(
            index: label, seed: seed, invocation: invocation, outcome: outcome, extra: extra,
            caseDirectory: dir, classSuffix: { _ in "" })
        // The file is not in the invocation: say what was done to it.
        let file = "file: " + (made.what.isEmpty ? "well-formed" : made.what.joined(separator: "; ")) + " (\(made.data.count) bytes)"
        return FuzzCaseResult(
            ending: result.ending,
            failures: result.failures.map {
                FuzzFailure(
                    index: $0.index, seed: $0.seed, classKey: $0.classKey,
                    violation: FuzzViolation(
                        kind: $0.violation.kind, detail: [$0.violation.detail, file].filter { !$0.isEmpty }.joined(separator: " — ")),
                    invocation: $0.invocation, ending: $0.ending, stdout: $0.stdout, stderr: $0.stderr, replies: [])
            }, cpuSeconds: result.cpuSeconds)
    }
}
