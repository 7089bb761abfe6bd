import Foundation

@testable import PlacesCore
@testable import PlacesSupport

/// One broken promise of the contract in one run: `kind` names the class (runs that broke
/// the same promise the same way share it), `detail` says what was seen.
struct FuzzViolation: Hashable, CustomStringConvertible {
    let kind: String
    let detail: String

    var description: String { detail.isEmpty ? kind : "\(kind): \(detail)" }
}

/// What shared/spec/cli.md promises about every run, whatever the arguments and whatever
/// the servers answered: it ends by exit with one of the contract's codes (70 is "unexpected
/// failure"); a failure prints exactly one `places: error:` line and nothing on stdout; a
/// success prints no error line; no key in any form in anything printed or written; no
/// terminal control characters; memory bounded.
enum FuzzOracle {
    static let contractCodes: Set<Int32> = [0, 64, 65, 66, 69, 74, 75, 77, 78]
    /// Far above any command's need (about 60 MB with the bundled extract; the 64 MiB
    /// response cap is meant to bound the rest), far below a read without end.
    static let memoryCeiling = 512 << 20
    static let errorPrefix = "places: error:"

    /// `batchRecords`: the run is `places batch`, whose stdout holds one NDJSON record per
    /// line whatever the lines did; a failed batch prints them and its one error line.
    /// `streamRecords`: the run is `reverse -`, which prints a record a line and fails (65)
    /// after them when a line was not a point (its own campaign checks the records).
    static func violations(of outcome: FuzzChild.Outcome, batchRecords: Bool = false, streamRecords: Bool = false) -> [FuzzViolation] {
        var found: [FuzzViolation] = []
        let stdout = outcome.stdoutText, stderr = outcome.stderrText
        let errorLines = stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix(errorPrefix) }
        switch outcome.ending {
        case .signal(let number):
            found.append(FuzzViolation(kind: "ended by signal \(number)", detail: FuzzChild.signalName(number)))
        case .killed(let why):
            found.append(FuzzViolation(kind: "killed", detail: why))
        case .exit(let code) where code == 70:
            found.append(FuzzViolation(kind: "exit 70 (unexpected failure)", detail: errorLines.first.map(String.init) ?? ""))
        case .exit(let code) where !contractCodes.contains(code):
            found.append(FuzzViolation(kind: "exit \(code), not a contract code", detail: ""))
        case .exit(0):
            if !errorLines.isEmpty {
                found.append(FuzzViolation(kind: "success with a places: error: line", detail: String(errorLines[0])))
            }
        case .exit:
            if errorLines.count != 1 {
                found.append(
                    FuzzViolation(kind: "failure with \(errorLines.count) places: error: lines", detail: String(stderr.prefix(300))))
            }
            if batchRecords {
                // Read as the records are written: any depth (an id may nest past what
                // JSONSerialization reads).
                let notRecord = stdout.split(separator: "\n").first { line in
                    let spans = JSONSpans(Array(line.utf8))
                    guard let whole = spans.wholeValue, let members = spans.members(of: whole) else { return true }
                    return !members.contains { $0.key == "exitCode" } || !members.contains { $0.key == "line" }
                }
                if let notRecord {
                    found.append(FuzzViolation(kind: "batch output line that is not a record", detail: String(notRecord.prefix(200))))
                }
            } else if !streamRecords, !outcome.stdout.isEmpty {
                found.append(FuzzViolation(kind: "failure with output on stdout", detail: String(stdout.prefix(200))))
            }
        }
        if let form = FuzzCanary.leak(in: stdout) {
            found.append(FuzzViolation(kind: "key on stdout (\(form))", detail: excerpt(stdout)))
        }
        if let form = FuzzCanary.leak(in: stderr) {
            found.append(FuzzViolation(kind: "key on stderr (\(form))", detail: excerpt(stderr)))
        }
        for (stream, text) in [("stdout", stdout), ("stderr", stderr)] {
            if let scalar = text.unicodeScalars.first(where: isControl) {
                found.append(FuzzViolation(kind: "control character U+\(String(format: "%04X", scalar.value)) on \(stream)", detail: ""))
            }
        }
        if outcome.stdout.count > FuzzChild.outputCap || outcome.stderr.count > FuzzChild.outputCap {
            found.append(FuzzViolation(kind: "more than \(FuzzChild.outputCap >> 20) MiB of output", detail: ""))
        }
        if outcome.maxResidentBytes > memoryCeiling {
            found.append(
                FuzzViolation(kind: "peak memory over \(memoryCeiling >> 20) MiB", detail: "\(outcome.maxResidentBytes >> 20) MiB"))
        }
        return found
    }

    /// A place id printed on more than one line of a listing (`nearby`, `search`; not
    /// `--group-by`, where a place may stand under two cuisines): a page followed twice.
    static func repeatedPlace(in stdout: String) -> String? {
        var seen = Set<String>()
        for line in stdout.split(separator: "\n") {
            let ids = Set(line.matches(of: /(?:google|foursquare|osm):[A-Za-z0-9_\/-]+/).map { String($0.output) })
            for id in ids where !seen.insert(id).inserted { return id }
        }
        return nil
    }

    /// Every file under `directory` that holds a key in some form.
    static func leaks(inFilesUnder directory: String) -> [FuzzViolation] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [FuzzViolation] = []
        while let relative = walker.nextObject() as? String {
            let path = directory + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            if let form = FuzzCanary.leak(in: data) {
                found.append(FuzzViolation(kind: "key written to a file (\(form))", detail: relative))
            }
        }
        return found
    }

    /// Terminal control characters (`ControlText`); tab and line feed are the output's own layout.
    private static func isControl(_ s: Unicode.Scalar) -> Bool {
        s != "\t" && s != "\n" && ControlText.isControl(s)
    }

    private static func excerpt(_ text: String) -> String {
        let lines = text.split(separator: "\n").filter { FuzzCanary.leak(in: String($0)) != nil }
        return String((lines.first.map(String.init) ?? text).prefix(300))
    }
}
