import Foundation

/// `--record DIR`: sends through another transport and stores each exchange, redacted.
/// Refuses to write (and fails the command) if a secret would still reach the disk.
/// `DIR` is a path as given (see `PathText`): `~` in it is a directory named `~`.
package final class CassetteRecordingTransport: HTTPTransport, @unchecked Sendable {
    private let inner: HTTPTransport
    private let directory: String
    /// Key values from the environment, checked for in every file before it is written.
    private let knownSecrets: [String]
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    package init(inner: HTTPTransport, directory: String, knownSecrets: [String]) {
        self.inner = inner
        self.directory = directory
        self.knownSecrets = knownSecrets.flatMap(Redaction.secretForms)
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        let response = try await inner.send(request, timeout: timeout, maxResponseBytes: maxResponseBytes)
        try record(Cassette(request: request, response: response))
        return response
    }

    private func record(_ cassette: Cassette) throws {
        let key = Cassette.key(for: cassette.request)
        let n: Int = lock.withLock {
            counts[key, default: 0] += 1
            return counts[key]!
        }
        let text = try cassette.fileText()
        // Any form counts: exact, case-folded, percent-encoded or JSON-escaped (as the file's
        // own JSON would escape it), and any 12 characters of a key in a row.
        if Redaction.contains(text, secrets: cassette.request.secrets + knownSecrets) {
            let place = cassette.request.redacted.url.host ?? cassette.request.service
            throw PlacesError.badFile(path: directory, message: "refusing to record: the exchange with \(place) would still contain an API key, or 12 or more characters of one, after redaction (the server echoed it); nothing was written to \(directory)")
        }
        let folder = PathText.join(directory, cassette.request.service)
        let name = "\(key)-\(n).json"
        do {
            try AtomicFile.makeDirectories(folder, mode: 0o755)
            // Unique per write, not per process: the lines of a batch record side by side, each
            // with its own counts, so two may write the same recording at once (the last stays).
            try AtomicFile.replace(PathText.join(folder, name), with: Data(text.utf8),
                                   tempPath: PathText.join(folder, ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"), mode: 0o644)
        } catch let error as SystemCallError {
            throw PlacesError.configuration(message: "cannot write the recording into \(folder): \(error.description)")
        }
    }
}

/// Shows where it records, never the keys it checks for.
extension CassetteRecordingTransport: CustomStringConvertible, CustomReflectable {
    package var description: String { "CassetteRecordingTransport(\(directory))" }
    package var customMirror: Mirror { Mirror(self, children: ["directory": directory], displayStyle: .class) }
}

/// `--replay DIR`: answers every request from recorded exchanges and never touches the
/// network. Repeated identical requests get their recordings in recorded order.
package final class CassetteReplayTransport: HTTPTransport, @unchecked Sendable {
    /// The path as given (see `PathText`).
    private let directory: String
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    package init(directory: String) {
        self.directory = directory
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        let key = Cassette.key(for: request)
        let n: Int = lock.withLock {
            counts[key, default: 0] += 1
            return counts[key]!
        }
        let folder = PathText.join(directory, request.service)
        let file = PathText.join(folder, "\(key)-\(n).json")
        // Anything but a readable regular file (a FIFO too, without blocking) is not a recording.
        guard let data = try? AtomicFile.contents(file) else {
            let recorded = FileManager.default.fileExists(atPath: PathText.join(folder, "\(key)-1.json"))
            let why = recorded ? "it was recorded \(n - 1) time(s) and asked for again" : "no recorded exchange matches it"
            throw PlacesError.notFound(message: "replay: \(why) in \(folder) (\(key)-\(n).json): \(Cassette.describe(request.redacted)); record it with --record \(directory)")
        }
        let cassette = try Cassette.parse(data, service: request.service, source: file)
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

/// `--dry-run`: captures the first request instead of sending it.
package struct DryRunTransport: HTTPTransport {
    package init() {}

    package func send(_ request: HTTPRequest, timeout: Double, maxResponseBytes: Int) async throws -> HTTPResponse {
        throw DryRunCapture(request: request)
    }
}

/// Thrown by `DryRunTransport` to stop a command at its first request; the runner prints it.
/// Printed any other way, it shows only the redacted request.
package struct DryRunCapture: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package let request: HTTPRequest

    package var description: String { "DryRunCapture(\(request.description))" }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: ["request": request.description], displayStyle: .struct) }
}
