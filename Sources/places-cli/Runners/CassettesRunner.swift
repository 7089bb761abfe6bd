import Foundation
import PlacesCore
import PlacesHTTP
import PlacesSupport

/// Upkeep of a cassette directory: list what it holds, check it before a commit, find (and
/// prune) the files no logged replay used.
enum CassettesRunner {
    /// One tab-separated line per exchange under a header line.
    static func list(_ directory: CassetteDirectory) throws -> String {
        try directory.requireExisting(role: "cassette directory")
        var lines = ["FILE\tMETHOD\tENDPOINT\tSTATUS\tREQUEST\tCOMMAND"]
        for entry in directory.entries() {
            // One unreadable file does not hide the others: `check` says what is wrong with it.
            guard let cassette = try? directory.load(entry) else {
                lines.append([entry.relativePath, "-", "-", "unreadable", "run places cassettes check", "-"].joined(separator: "\t"))
                continue
            }
            let request = cassette.request.redacted
            let columns = [
                entry.relativePath, request.method.uppercased(),
                URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? request.url.path,
                String(cassette.response.status), CassetteSummary.request(request),
                cassette.command.map(shellLine) ?? "-",
            ]
            lines.append(columns.map { TerminalText.sanitizedLine($0).replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every problem on stderr, then one error (65) when there is any; else a summary on
    /// stdout with the exchanges whose answers are errors.
    static func check(_ directory: CassetteDirectory, context: RunContext) throws -> String {
        try directory.requireExisting(role: "cassette directory")
        let audit = CassetteAudit(knownSecrets: ServiceVariables.keyVariables.compactMap { context.value($0) })
        var problems = 0
        var errorAnswers: [String] = []
        let entries = directory.entries()
        for entry in entries {
            let data: Data
            do {
                guard let read = try directory.contents(of: entry.path) else { continue }
                data = read
            } catch let error as PlacesError {
                problems += 1
                context.diagnostics.warning(error.message)
                continue
            }
            let (found, cassette) = audit.audit(data, service: entry.service, path: entry.relativePath)
            for problem in found { context.diagnostics.warning(problem) }
            problems += found.count
            if found.isEmpty, let cassette, !cassette.response.isSuccess {
                errorAnswers.append("\(entry.relativePath) (HTTP \(cassette.response.status))")
            }
        }
        if problems > 0 {
            throw PlacesError.badFile(
                path: directory.path,
                message:
                    "cassettes check: \(problems) problem(s) in \(entries.count) exchange(s) in \(directory.path), listed above; fix or re-record them before committing"
            )
        }
        var text = "\(entries.count) exchange(s) in \(directory.path): every file parses, no key found\n"
        if !errorAnswers.isEmpty {
            text += "error answers (fixtures for error tests): " + errorAnswers.joined(separator: ", ") + "\n"
        }
        return text
    }

    /// The exchanges no run in the log answered from, one a line; with `delete`, removed
    /// (with `dryRun` too, only said). Only DIR's own recordings are looked at: nothing
    /// behind a symbolic link, nothing outside a service folder, nothing that does not read
    /// as an exchange (`CassetteDeletion`); what was passed over is a note.
    static func unused(
        _ directory: CassetteDirectory, log: ReplayUsageLog, delete: Bool, dryRun: Bool, context: RunContext
    ) throws -> String {
        try directory.requireExisting(role: "cassette directory")
        guard FileManager.default.fileExists(atPath: log.path) else {
            throw PlacesError.notFound(
                message:
                    "no replay log at \(log.path): run the replays with PLACES_REPLAY_LOG=\(log.path) first, so it names the files they use"
            )
        }
        let used = try log.usedFiles()
        let survey = CassetteDeletion.survey(directory)
        for passed in survey.passedOver {
            context.diagnostics.note("left \(passed): cassettes unused only looks at \(directory.path)'s own recordings")
        }
        let entries = survey.recordings
        let unused = entries.filter { !used.contains(DirectoryEntries.canonicalPath($0.path) ?? $0.path) }
        // A log that names no file of DIR is a log of other runs (or of none): calling every
        // file unused, or deleting them all, would be wrong.
        if !entries.isEmpty && unused.count == entries.count {
            throw PlacesError.notFound(
                message:
                    "the replay log \(log.path) names no exchange in \(directory.path): run the replays of \(directory.path) with PLACES_REPLAY_LOG=\(log.path) first"
            )
        }
        var listed: [CassetteDirectory.Entry] = []
        for entry in unused {
            switch try CassetteDeletion.examine(entry, in: directory, delete: delete && !dryRun) {
            case .recording: listed.append(entry)
            case .notARecording(let why): context.diagnostics.note("left \(entry.relativePath): \(why)")
            }
        }
        if delete && !listed.isEmpty {
            context.diagnostics.note(
                dryRun
                    ? "dry run: would delete \(listed.count) unused exchange(s) from \(directory.path), listed on stdout; nothing was deleted"
                    : "deleted \(listed.count) unused exchange(s) from \(directory.path)")
        }
        return listed.map { $0.relativePath + "\n" }.joined()
    }

    /// A command line as a shell would take it back: words with anything unusual quoted.
    static func shellLine(_ words: [String]) -> String {
        words.map { word in
            let plain =
                !word.isEmpty
                && word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.,:/=+@%".unicodeScalars.contains($0) }
            return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
