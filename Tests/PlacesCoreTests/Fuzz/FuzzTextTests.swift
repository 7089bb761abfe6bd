import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesSupport

/// Issue 33's fuzz campaigns, through the binary, seeded and replayable as `FuzzTests`'
/// (`PLACES_FUZZ_SEED`, `PLACES_FUZZ_CASE`, `PLACES_FUZZ_CASES`): hostile text from
/// providers and extracts (`HostileTextGenerator`) and `reverse -` inputs
/// (`ReverseLineGenerator`). Besides what every run promises (`FuzzOracle`): hostile text
/// never fails a command, and its output reads back in its format with no control character
/// in it (`FuzzOutputShape`), CSV as exactly the records printed; a `reverse -` stream gives
/// each line exactly the record the line asks for, in order, in NDJSON or CSV, and 65 naming
/// the first line that was not a point.
@Suite("Fuzz: hostile text and reverse lines")
struct FuzzTextTests {
    static let textCases = 160
    static let lineCases = 120

    @Test func hostileText() async throws {
        let sandbox = try FuzzSandbox(name: "text")
        let answers = try CaseAnswers()
        defer {
            answers.stop()
            sandbox.remove()
        }
        let campaign = FuzzCampaign(
            name: "hostile text",
            setting: "HOME=$D, GOOGLE_MAPS_API_KEY set, every PLACES_*_URL at a loopback server answering the case with its answer.json",
            count: Self.textCases, concurrency: 6,
            generate: { HostileTextGenerator.make(&$0) },
            runCase: { label, seed, invocation in
                Self.runTextCase(label: label, seed: seed, invocation: invocation, sandbox: sandbox, answers: answers)
            })
        await campaign.run()
    }

    @Test func reverseLines() async throws {
        let sandbox = try FuzzSandbox(name: "lines")
        defer { sandbox.remove() }
        let campaign = FuzzCampaign(
            name: "reverse lines",
            setting: "HOME=$D; stdin: the file points, each line after its tag and tab ({xff}: 0xFF), the last without LF for an odd seed",
            count: Self.lineCases, concurrency: 6,
            generate: { ReverseLineGenerator.make(&$0) },
            runCase: { label, seed, invocation in
                Self.runLinesCase(label: label, seed: seed, invocation: invocation, sandbox: sandbox)
            })
        await campaign.run()
    }

    // MARK: - Hostile text

    static func runTextCase(
        label: Int, seed: UInt64, invocation: FuzzInvocation, sandbox: FuzzSandbox, answers: CaseAnswers
    ) -> FuzzCaseResult {
        let dir: String
        do {
            dir = try sandbox.makeCase(label, favorites: .absent)
            try sandbox.write(invocation.files, caseDirectory: dir)
        } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        defer { sandbox.removeCase(dir) }
        answers.set(label, invocation.files.first { $0.name == "answer.json" }?.lines.joined(separator: "\n"))
        defer { answers.set(label, nil) }
        let arguments = invocation.arguments.map { sandbox.resolve($0, caseDirectory: dir) }
        var environment = FuzzHarness.baseEnvironment(caseDirectory: dir, cache: sandbox.root + "/cache")
        for (name, value) in invocation.environment { environment[name] = value }
        for name in FuzzHarness.urlVariables + ["PLACES_NOMINATIM_URL", "PLACES_GOOGLE_GEOCODING_URL"] {
            environment[name] = answers.baseURL + "/case-\(label)" + (name == "PLACES_OVERPASS_URL" ? "/api/interpreter" : "")
        }
        var child = FuzzChild(
            executable: PlacesBinary.executable.path, arguments: arguments, environment: environment,
            directory: dir, outputStem: sandbox.root + "/out-\(label)")
        let points = invocation.files.first { $0.name == "points" }?.lines
        if points != nil { child.standardInput = dir + "/points" }
        let outcome: FuzzChild.Outcome
        do { outcome = try child.run(deadline: 30) } catch { return .harnessFailure(label, seed, invocation, error) }

        var extra: [FuzzViolation] = []
        if case .exit(let code) = outcome.ending {
            if code != 0 {
                extra.append(
                    FuzzViolation(kind: "hostile text failed the command (exit \(code))", detail: FuzzHarness.excerpt(outcome.stderrText)))
            } else {
                extra += FuzzOutputShape.violations(
                    outcome.stdoutText, format: format(of: invocation.arguments),
                    rows: expectedRows(invocation, points: points))
            }
        }
        return FuzzHarness.failures(
            index: label, seed: seed, invocation: invocation, outcome: outcome, extra: extra,
            caseDirectory: dir, classSuffix: { _ in "" })
    }

    /// `--format`'s value, `json` for `--json`, else the default table.
    static func format(of arguments: [String]) -> String {
        if let i = arguments.lastIndex(of: "--format"), i + 1 < arguments.count { return arguments[i + 1] }
        return arguments.contains("--json") ? "json" : "table"
    }

    /// A record per point `reverse` was given (as arguments or stdin lines), else the count
    /// the case's `rows` file gives.
    static func expectedRows(_ invocation: FuzzInvocation, points: [String]?) -> Int? {
        let command = invocation.pieces.first?.first
        if command == "reverse" {
            if invocation.arguments.contains("-") { return points?.filter { !$0.allSatisfy(\.isWhitespace) }.count }
            return invocation.pieces.dropFirst().filter { $0.count == 1 && ($0[0].first?.isNumber ?? false) }.count
        }
        return invocation.files.first { $0.name == "rows" }?.lines.first.flatMap { Int($0) }
    }

    // MARK: - Reverse lines

    /// What a line must give.
    enum Expected: Equatable {
        case point(Double, Double)
        case bad
        case blank
    }

    static func runLinesCase(label: Int, seed: UInt64, invocation: FuzzInvocation, sandbox: FuzzSandbox) -> FuzzCaseResult {
        let dir: String
        let stored = invocation.files.first { $0.name == "points" }?.lines ?? []
        do {
            dir = try sandbox.makeCase(label, favorites: .absent)
            try ReverseLineGenerator.input(stored, finalNewline: seed & 1 == 0).write(to: URL(fileURLWithPath: dir + "/input"))
        } catch {
            return .harnessFailure(label, seed, invocation, error)
        }
        defer { sandbox.removeCase(dir) }
        var child = FuzzChild(
            executable: PlacesBinary.executable.path, arguments: invocation.arguments,
            environment: FuzzHarness.baseEnvironment(caseDirectory: dir, cache: sandbox.root + "/cache"),
            directory: dir, outputStem: sandbox.root + "/out-\(label)")
        child.standardInput = dir + "/input"
        let outcome: FuzzChild.Outcome
        do { outcome = try child.run(deadline: 60) } catch { return .harnessFailure(label, seed, invocation, error) }
        let expected = stored.map(expectation)
        return FuzzHarness.failures(
            index: label, seed: seed, invocation: invocation, outcome: outcome,
            extra: recordViolations(outcome, expected: expected, format: format(of: invocation.arguments)),
            caseDirectory: dir, classSuffix: { _ in "" })
    }

    static func expectation(_ stored: String) -> Expected {
        let tag = ReverseLineGenerator.split(stored).tag.split(separator: " ")
        switch tag.first {
        case "point":
            guard tag.count == 3, let lat = Double(tag[1]), let lon = Double(tag[2]) else { return .bad }
            return .point(lat, lon)
        case "blank": return .blank
        default: return .bad
        }
    }

    /// The records against what each line asked: one per line but the blank ones, in order,
    /// numbered as the lines; a point's record at exactly its point, a bad line's an error
    /// alone; 0, or 65 naming the first bad line.
    static func recordViolations(_ outcome: FuzzChild.Outcome, expected: [Expected], format: String) -> [FuzzViolation] {
        guard case .exit(let code) = outcome.ending else { return [] }
        var found: [FuzzViolation] = []
        let asked = expected.enumerated().filter { $0.element != .blank }.map { (line: $0.offset + 1, expected: $0.element) }
        let firstBad = asked.first { $0.expected == .bad }?.line
        if code != (firstBad == nil ? 0 : 65) {
            found.append(
                FuzzViolation(
                    kind: "exit \(code) for a stream \(firstBad == nil ? "of points only" : "with a line that is not a point")",
                    detail: FuzzHarness.excerpt(outcome.stderrText)))
            return found
        }
        if let firstBad, !outcome.stderrText.contains("(the first: line \(firstBad))") {
            found.append(
                FuzzViolation(
                    kind: "the error line does not name the first line that was not a point",
                    detail: "line \(firstBad): \(outcome.stderrText.prefix(200))"))
        }
        let csv = format == "csv"
        found += FuzzOutputShape.violations(outcome.stdoutText, format: csv ? "csv" : "ndjson", rows: asked.count)
        // Each record: its line number, then a point exactly where the line put it, or an error alone.
        var got: [(line: Int?, record: Expected, text: String)] = []
        if csv {
            guard let records = CSVReader.records(outcome.stdoutText) else { return found }
            if records.first != ReverseRenderer.streamCSVHeader {
                found.append(
                    FuzzViolation(kind: "a CSV stream without its header first", detail: records.first?.joined(separator: ",") ?? ""))
            }
            let error = ReverseRenderer.streamCSVHeader.count - 1
            for row in records.dropFirst() where row.count == ReverseRenderer.streamCSVHeader.count {
                let point = Double(row[1]).flatMap { lat in Double(row[2]).map { Expected.point(lat, $0) } }
                let kind: Expected = row[error].isEmpty ? point ?? .blank : (row[1].isEmpty ? .bad : .blank)
                if row[error].contains("null") {
                    found.append(FuzzViolation(kind: "an error record that says null for what the line held", detail: row[error]))
                }
                got.append((Int(row[0]), kind, row.joined(separator: ",")))
            }
        } else {
            for line in outcome.stdoutText.split(separator: "\n") {
                let spans = JSONSpans(Array(line.utf8))
                guard let whole = spans.wholeValue, let members = spans.members(of: whole) else { continue }
                let number = members.first { $0.key == "line" }.flatMap { Int(spans.text($0.value)) }
                let keys = members.map(\.key)
                var kind = Expected.blank
                if keys == ["line", "error"] {
                    kind = .bad
                    if let message = members.last.map({ spans.text($0.value) }), message.contains("null") {
                        found.append(
                            FuzzViolation(kind: "an error record that says null for what the line held", detail: String(line.prefix(200))))
                    }
                } else if let lat = members.first(where: { $0.key == "latitude" }).flatMap({ Double(spans.text($0.value)) }),
                    let lon = members.first(where: { $0.key == "longitude" }).flatMap({ Double(spans.text($0.value)) }),
                    !keys.contains("error")
                {
                    kind = .point(lat, lon)
                }
                got.append((number, kind, String(line.prefix(200))))
            }
        }
        if got.map(\.line) != asked.map(\.line) {
            found.append(
                FuzzViolation(
                    kind: "records are not one per line in order",
                    detail: "lines \(asked.map(\.line).prefix(14)), records \(got.map { $0.line ?? -1 }.prefix(14))"))
            return found
        }
        for (record, line) in zip(got, asked) where record.record != line.expected {
            found.append(
                FuzzViolation(
                    kind: "a record that is not what its line asked", detail: "line \(line.line) asked \(line.expected): \(record.text)"))
            break
        }
        return found
    }
}

/// The hostile-text campaign's one server: every request under `/case-N/` is answered with
/// case N's body (whatever the path: a case asks one service), 404 when it has none.
final class CaseAnswers: @unchecked Sendable {
    private let server: FakeHTTPServer
    private let bodies: Bodies

    var baseURL: String { server.baseURL }

    init() throws {
        let bodies = Bodies()
        self.bodies = bodies
        server = try FakeHTTPServer { request in
            let parts = request.path.split(separator: "/", maxSplits: 1)
            guard let first = parts.first, first.hasPrefix("case-"), let label = Int(first.dropFirst(5)), let body = bodies.get(label)
            else {
                return .json(404, #"{"error":"no such case"}"#)
            }
            return .json(200, body)
        }
    }

    func set(_ label: Int, _ body: String?) { bodies.set(label, body) }

    func stop() { server.stop() }

    private final class Bodies: @unchecked Sendable {
        private let lock = NSLock()
        private var byLabel: [Int: String] = [:]
        func set(_ label: Int, _ body: String?) { lock.withLock { byLabel[label] = body } }
        func get(_ label: Int) -> String? { lock.withLock { byLabel[label] } }
    }
}
