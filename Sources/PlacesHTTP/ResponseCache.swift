import Foundation
import PlacesModel
import PlacesSupport

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
/// Nothing is kept longer than `longestKeep`: an expired entry is deleted when it is met,
/// and a write sweeps the directory of expired entries at most once a day.
package final class ResponseCache: @unchecked Sendable {
    /// The path as given (see `PathText`).
    let directory: String

    private let lock = NSLock()
    private var inFlight: [String: Task<HTTPResponse, Error>] = [:]
    private var tempCounter = 0
    /// Whether this process has looked for expired entries.
    private var swept = false

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

    /// The longest an answer is kept: Google's terms allow caching coordinates for at most
    /// 30 consecutive calendar days.
    package static let longestKeep = 30 * 86_400.0

    /// The file name of a request: its cassette key (method, path, query and body without
    /// secrets, the matched headers) plus the origin it goes to, so that answers from a mirror
    /// or a test server never answer for the real service; and the key it is sent with, mixed
    /// into the hash (never stored), so that an answer fetched with one key never answers for
    /// another (a replaced or revoked key hears from the service itself).
    static func key(for request: HTTPRequest) -> String {
        let url = request.url
        let origin = "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")"
        var identity = origin + "\n" + Cassette.key(for: request)
        let secrets = Set(request.secrets).sorted()
        if !secrets.isEmpty { identity += "\n" + secrets.joined(separator: "\n") }
        return String(SHA256.hex(identity).prefix(32))
    }

    func path(for request: HTTPRequest) -> String {
        PathText.join(PathText.join(directory, request.service), Self.key(for: request) + ".json")
    }

    /// A stored answer and when it was stored.
    struct Entry: Sendable {
        let response: HTTPResponse
        let storedAt: Date

        func age(now: Date) -> Double { now.timeIntervalSince(storedAt) }
    }

    /// What the cache holds for `request`: nil when nothing; a damaged entry is reported and
    /// treated as missing (it is replaced by the next answer).
    func lookUp(_ request: HTTPRequest, diagnostics: Diagnostics) -> Entry? {
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
            cassette.response.isSuccess
        else {
            diagnostics.note("ignored the damaged cached answer \(file); it will be replaced")
            return nil
        }
        // Kept by an older version: an error a service sent with a 200 is no answer.
        guard CachingTransport.keeps(cassette.response, for: request) else {
            diagnostics.note("ignored the cached answer \(file): it is an error the service sent, not an answer; it will be replaced")
            return nil
        }
        let entry = Entry(response: cassette.response, storedAt: Date(timeIntervalSince1970: stored))
        if entry.age(now: Date()) > Self.longestKeep {
            unlink(file)
            return nil
        }
        return entry
    }

    /// Stores a 2xx answer. Refuses (and writes nothing) when a secret would still reach the
    /// disk after redaction; a failed write is a note: the answer was fetched all the same.
    func store(
        _ response: HTTPResponse, for request: HTTPRequest, knownSecrets: [String], now: Date,
        diagnostics: Diagnostics
    ) {
        let secrets = request.secrets + knownSecrets
        let cassette = Cassette(request: request, response: Redaction.scrub(response, secrets: secrets))
        guard let text = try? cassette.fileText(), let data = text.data(using: .utf8),
            var root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return }
        root["storedAt"] = now.timeIntervalSince1970
        guard let out = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return }
        let outText = String(decoding: out, as: UTF8.self)
        if Redaction.contains(outText, secrets: secrets) {
            diagnostics.note(
                "did not cache the answer of \(request.redacted.url.host ?? request.service): it would still hold an API key after redaction"
            )
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
            try AtomicFile.replace(
                PathText.join(folder, name), with: Data(outText.utf8) + Data("\n".utf8),
                tempPath: PathText.join(folder, ".\(name).tmp-\(getpid())-\(n)"), mode: 0o600)
            sweepIfDue(now: now)
        } catch let error as SystemCallError {
            diagnostics.note("could not keep the answer in the response cache: \(error.description)")
        } catch {
            diagnostics.note("could not keep the answer in the response cache \(folder)")
        }
    }

    /// Deletes the entries older than `longestKeep` (by the time their file was written, as
    /// `storedAt` is), and temporary files a killed write left, at most once a day (a marker
    /// file's time says when) and once per process: a readdir and an lstat per entry. Only
    /// what this cache writes is touched; no symbolic link is followed.
    func sweepIfDue(now: Date) {
        let due: Bool = lock.withLock {
            defer { swept = true }
            return !swept
        }
        guard due else { return }
        let marker = PathText.join(directory, ".swept")
        var info = stat()
        if lstat(marker, &info) == 0, now.timeIntervalSince1970 - Self.modified(info) < 86_400 { return }
        let fd = open(marker, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
        let oldest = now.timeIntervalSince1970 - Self.longestKeep
        for service in DirectoryEntries.names(in: directory) ?? [] where !service.hasPrefix(".") {
            let folder = PathText.join(directory, service)
            guard DirectoryEntries.linkKind(of: folder) == .directory else { continue }
            for name in DirectoryEntries.names(in: folder) ?? [] {
                let isEntry = Self.isEntryName(name), isTemporary = name.hasPrefix(".") && name.contains(".json.tmp-")
                guard isEntry || isTemporary else { continue }
                let path = PathText.join(folder, name)
                guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .regular else { continue }
                let written = Self.modified(info)
                if (isEntry && written < oldest) || (isTemporary && written < now.timeIntervalSince1970 - 86_400) { unlink(path) }
            }
        }
    }

    private static func modified(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec)
        #else
        Double(info.st_mtim.tv_sec)
        #endif
    }

    /// `<32 hex digits>.json`: the name of an entry.
    static func isEntryName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        return utf8.count == 37 && name.hasSuffix(".json") && utf8[0..<32].allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// Runs `send` for `key` unless the same request is already on its way in this process,
    /// in which case its answer is shared: identical requests of concurrent commands go once.
    /// Returns the answer and whether it was shared.
    func coalescing(_ key: String, _ send: @escaping @Sendable () async throws -> HTTPResponse) async throws -> (HTTPResponse, shared: Bool)
    {
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
