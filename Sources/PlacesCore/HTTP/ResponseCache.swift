import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The response cache (`--cache TTL`): successful answers kept as files under a directory
/// (`$XDG_CACHE_HOME/places/http/` in the CLI), one per request, in the cassette format
/// (the request redacted, never a key) plus the time it was stored. Directory 0700, files
/// 0600, each written whole (temporary file, rename). One instance per directory per
/// process, so concurrent commands of one process (a batch) share its in-flight requests.
package final class ResponseCache: @unchecked Sendable {
    /// The path as given (see `PathText`).
    package let directory: String

    private let lock = NSLock()
    private var inFlight: [String: Task<HTTPResponse, Error>] = [:]
    private var tempCounter = 0

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: ResponseCache] = [:]

    /// The cache of `directory`, the same object for every caller in this process.
    package static func at(_ directory: String) -> ResponseCache {
        registryLock.withLock {
            if let cache = registry[directory] { return cache }
            let cache = ResponseCache(directory: directory)
            registry[directory] = cache
            return cache
        }
    }

    private init(directory: String) {
        self.directory = directory
    }

    /// The file name of a request: its cassette key (method, path, query and body without
    /// secrets, the matched headers) plus the origin it goes to, so that answers from a mirror
    /// or a test server never answer for the real service; and the key it is sent with, mixed
    /// into the hash (never stored), so that an answer fetched with one key never answers for
    /// another (a replaced or revoked key hears from the service itself).
    package static func key(for request: HTTPRequest) -> String {
        let url = request.url
        let origin = "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")"
        var identity = origin + "\n" + Cassette.key(for: request)
        let secrets = Set(request.secrets).sorted()
        if !secrets.isEmpty { identity += "\n" + secrets.joined(separator: "\n") }
        return String(SHA256.hex(identity).prefix(32))
    }

    package func path(for request: HTTPRequest) -> String {
        PathText.join(PathText.join(directory, request.service), Self.key(for: request) + ".json")
    }

    /// A stored answer and when it was stored.
    package struct Entry: Sendable {
        package let response: HTTPResponse
        package let storedAt: Date

        package func age(now: Date) -> Double { now.timeIntervalSince(storedAt) }
    }

    /// What the cache holds for `request`: nil when nothing; a damaged entry is reported and
    /// treated as missing (it is replaced by the next answer).
    package func lookUp(_ request: HTTPRequest, diagnostics: Diagnostics) -> Entry? {
        let file = path(for: request)
        let data: Data?
        do {
            data = try AtomicFile.contents(file)
        } catch {
            diagnostics.note("ignored the cached answer \(file): it cannot be read as a file; it will be replaced")
            return nil
        }
        guard let data else { return nil }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let stored = root["storedAt"] as? Double, stored.isFinite, abs(stored) < 1e11,
              let cassette = try? Cassette.parse(data, service: request.service, source: file),
              cassette.response.isSuccess else {
            diagnostics.note("ignored the damaged cached answer \(file); it will be replaced")
            return nil
        }
        // Kept by an older version: an error a service sent with a 200 is no answer.
        guard CachingTransport.keeps(cassette.response, for: request) else {
            diagnostics.note("ignored the cached answer \(file): it is an error the service sent, not an answer; it will be replaced")
            return nil
        }
        return Entry(response: cassette.response, storedAt: Date(timeIntervalSince1970: stored))
    }

    /// Stores a 2xx answer. Refuses (and writes nothing) when a secret would still reach the
    /// disk after redaction; a failed write is a note: the answer was fetched all the same.
    package func store(_ response: HTTPResponse, for request: HTTPRequest, knownSecrets: [String], now: Date,
                       diagnostics: Diagnostics) {
        let secrets = request.secrets + knownSecrets
        let cassette = Cassette(request: request, response: Redaction.scrub(response, secrets: secrets))
        guard let text = try? cassette.fileText(), let data = text.data(using: .utf8),
              var root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        root["storedAt"] = now.timeIntervalSince1970
        guard let out = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else { return }
        let outText = String(decoding: out, as: UTF8.self)
        if Redaction.contains(outText, secrets: secrets) {
            diagnostics.note("did not cache the answer of \(request.redacted.url.host ?? request.service): it would still hold an API key after redaction")
            return
        }
        let folder = PathText.join(directory, request.service)
        let name = Self.key(for: request) + ".json"
        let n: Int = lock.withLock {
            tempCounter += 1
            return tempCounter
        }
        do {
            try AtomicFile.makeDirectories(folder, mode: 0o700)
            _ = chmod(directory, 0o700)
            _ = chmod(folder, 0o700)
            try AtomicFile.replace(PathText.join(folder, name), with: Data(outText.utf8) + Data("\n".utf8),
                                   tempPath: PathText.join(folder, ".\(name).tmp-\(getpid())-\(n)"), mode: 0o600)
        } catch let error as SystemCallError {
            diagnostics.note("could not keep the answer in the response cache: \(error.description)")
        } catch {
            diagnostics.note("could not keep the answer in the response cache \(folder)")
        }
    }

    /// Runs `send` for `key` unless the same request is already on its way in this process,
    /// in which case its answer is shared: identical requests of concurrent commands go once.
    /// Returns the answer and whether it was shared.
    package func coalescing(_ key: String, _ send: @escaping @Sendable () async throws -> HTTPResponse) async throws -> (HTTPResponse, shared: Bool) {
        let (task, shared): (Task<HTTPResponse, Error>, Bool) = lock.withLock {
            if let running = inFlight[key] { return (running, true) }
            let task = Task { try await send() }
            inFlight[key] = task
            return (task, false)
        }
        if !shared {
            defer { lock.withLock { inFlight[key] = nil } }
            return (try await task.value, false)
        }
        return (try await task.value, true)
    }
}

extension ResponseCache: CustomStringConvertible {
    package var description: String { "ResponseCache(\(directory))" }
}
