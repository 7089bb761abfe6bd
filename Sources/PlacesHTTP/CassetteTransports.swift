import Foundation
import PlacesModel
import PlacesSupport

/// `--record DIR`: sends through another transport and stores each exchange, redacted.
/// Refuses to write (and fails the command) if a secret would still reach the disk.
/// `DIR` is a path as given (see `PathText`): `~` in it is a directory named `~`.
package final class CassetteRecordingTransport: HTTPTransport, @unchecked Sendable {
    private let inner: HTTPTransport
    private let directory: String
    /// Key values from the environment, checked for in every file before it is written.
    private let knownSecrets: [String]
    /// The command line stored with each exchange (already scrubbed), for `cassettes list`.
    private let command: [String]?
    private let diagnostics: Diagnostics
    private let numbering = CassetteNumbering()

    package init(
        inner: HTTPTransport, directory: String, knownSecrets: [String], command: [String]? = nil,
        diagnostics: Diagnostics = .silent
    ) {
        self.inner = inner
        self.directory = directory
        self.knownSecrets = knownSecrets.flatMap(Redaction.secretForms)
        self.command = command.map { $0.map { Redaction.scrub($0, secrets: knownSecrets.flatMap(Redaction.secretForms)) } }
        self.diagnostics = diagnostics
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        let key = Cassette.key(for: request)
        let n = numbering.next(for: key)
        return try await send(request, number: n, timeout: timeout, maxResponseBytes: maxResponseBytes)
    }

    /// Sends and records as the `number`-th exchange of its key (the missing-only mode
    /// numbers requests by what it replayed before).
    func send(_ request: HTTPRequest, number: Int, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        let response = try await inner.send(request, timeout: timeout, maxResponseBytes: maxResponseBytes)
        let file = try record(Cassette(request: request, response: response, command: command), number: number)
        if !response.isSuccess {
            // A legitimate fixture for error tests, but often a rejected key: say so.
            diagnostics.note(
                "recorded \(file) with HTTP status \(response.status): it replays as that error; record again if that is not what you meant"
            )
        }
        return response
    }

    /// Writes the exchange; returns its path relative to the directory (`service/name`).
    private func record(_ cassette: Cassette, number n: Int) throws -> String {
        let key = Cassette.key(for: cassette.request)
        let text = try cassette.fileText()
        // Any form counts: exact, case-folded, percent-encoded or JSON-escaped (as the file's
        // own JSON would escape it), and any 12 characters of a key in a row.
        if Redaction.contains(text, secrets: cassette.request.secrets + knownSecrets) {
            let place = cassette.request.redacted.url.host ?? cassette.request.service
            throw PlacesError.badFile(
                path: directory,
                message:
                    "refusing to record: the exchange with \(place) would still contain an API key, or 12 or more characters of one, after redaction (the server echoed it); nothing was written to \(directory)"
            )
        }
        let folder = PathText.join(directory, cassette.request.service)
        let name = "\(key)-\(n).json"
        do {
            try AtomicFile.makeDirectories(folder, mode: 0o755)
            // Unique per write, not per process: the lines of a batch record side by side, each
            // with its own counts, so two may write the same recording at once (the last stays).
            try AtomicFile.replace(
                PathText.join(folder, name), with: Data(text.utf8),
                tempPath: PathText.join(folder, ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"), mode: 0o644)
        } catch let error as SystemCallError {
            let message = "cannot write the recording into \(folder): \(error.description)"
            // No room (a full disk, a quota, `ulimit -f`) is the storage's failure, not the setup's.
            if error.isStorageFailure { throw PlacesError.io(path: folder, message: message) }
            throw PlacesError.configuration(message: message)
        }
        return cassette.request.service + "/" + name
    }
}

/// Shows where it records, never the keys it checks for.
extension CassetteRecordingTransport: CustomStringConvertible, CustomReflectable {
    package var description: String { "CassetteRecordingTransport(\(directory))" }
    package var customMirror: Mirror { Mirror(self, children: ["directory": directory], displayStyle: .class) }
}

/// `--replay DIR`: answers every request from recorded exchanges and never touches the
/// network. Repeated identical requests get their recordings in recorded order. Given a
/// recorder (`--replay DIR --record DIR`), a request with no recording is sent and recorded
/// instead of failing: only what is missing goes out. That mode needs the service's key only
/// for a miss, so a directory that already holds everything replays without one.
package final class CassetteReplayTransport: HTTPTransport, @unchecked Sendable {
    private let cassettes: CassetteDirectory
    /// How to record what is missing, added to a miss (it names the caller's flags).
    private let refreshAdvice: String?
    private let recorder: CassetteRecordingTransport?
    /// The service whose key is absent: a miss is then `missingAPIKey`, never sent keyless.
    private let keyMissing: PlacesError.Service?
    private let diagnostics: Diagnostics
    private let usageLog: ReplayUsageLog?
    private let numbering = CassetteNumbering()

    /// `directory` is a path as given (see `PathText`); `usageLog`, when given, gets the
    /// path of every file replayed (see `ReplayUsageLog`). `keyMissing` names the service
    /// whose key the caller does not have: its misses are not sent, whatever `recorder` says.
    package init(
        directory: String, refreshAdvice: String? = nil, recordingMisses recorder: CassetteRecordingTransport? = nil,
        keyMissing: PlacesError.Service? = nil, diagnostics: Diagnostics = .silent, usageLog: ReplayUsageLog? = nil
    ) {
        self.cassettes = CassetteDirectory(directory)
        self.refreshAdvice = refreshAdvice
        self.recorder = recorder
        self.keyMissing = keyMissing
        self.diagnostics = diagnostics
        self.usageLog = usageLog
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        let key = Cassette.key(for: request)
        let n = numbering.next(for: key)
        let file = cassettes.file(service: request.service, key: key, number: n)
        // Anything but a readable regular file (a FIFO too, without blocking) is not a recording.
        guard let data = try? AtomicFile.contents(file) else {
            if let recorder {
                if let keyMissing {
                    // The request carries a placeholder for the key: sending it would be refused
                    // (and recorded as that refusal). Say which exchange is missing, then why.
                    diagnostics.note(ReplayMiss.message(for: request, number: n, in: cassettes, advice: nil))
                    throw PlacesError.missingAPIKey(keyMissing)
                }
                return try await recorder.send(request, number: n, timeout: timeout, maxResponseBytes: maxResponseBytes)
            }
            throw PlacesError.notFound(message: ReplayMiss.message(for: request, number: n, in: cassettes, advice: refreshAdvice))
        }
        let cassette = try Cassette.parse(data, service: request.service, source: file)
        if let usageLog {
            try usageLog.append(file) {
                diagnostics.note(
                    "the replay log \(usageLog.path) is a FIFO with no reader yet; waiting for one, as echo >FIFO would (Ctrl-C to stop)")
            }
        }
        if cassette.response.body.count > maxResponseBytes { throw TransportFailure.tooLarge(limit: maxResponseBytes, declared: nil) }
        return Self.rebasingLinks(cassette.response, from: cassette.request.url, to: request.url)
    }

    /// Matching ignores the host, so links in a recorded `Link` header (Foursquare's next
    /// page) that point to the host the exchange was recorded from are moved to the host
    /// being replayed; links to any other host are left as they are.
    static func rebasingLinks(_ response: HTTPResponse, from recorded: URL, to replayed: URL) -> HTTPResponse {
        guard let old = origin(recorded), let new = origin(replayed), old != new else { return response }
        var copy = response
        copy.headers = response.headers.map { header in
            guard header.name.caseInsensitiveCompare("Link") == .orderedSame else { return header }
            return (header.name, header.value.replacingOccurrences(of: "<\(old)/", with: "<\(new)/"))
        }
        return copy
    }

    private static func origin(_ url: URL) -> String? {
        guard let scheme = url.scheme, let host = url.host else { return nil }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}
