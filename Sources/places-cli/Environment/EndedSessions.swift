#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PlacesCore

/// The autocomplete sessions `details --session` has ended, so that a later command with
/// the same token is refused (64) instead of sent: Google bills every request of a reused
/// token on its own. One token a line in `$XDG_CACHE_HOME/places/ended-sessions` (else
/// `~/.cache/places/`), the newest `kept` of them; best effort: a file that cannot be read or
/// written only loses the guard, never a command.
struct EndedSessions {
    let path: String
    static let kept = 500

    init?(environment: [String: String]) {
        guard let cache = VenueIndexCache(environment: environment) else { return nil }
        path = PathText.join(cache.directory, "ended-sessions")
    }

    /// Whether `token`'s session was ended by an earlier `details --session`.
    func contains(_ token: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count < 1 << 20 else { return false }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").contains { $0 == token }
    }

    /// Records that `token`'s session has ended, keeping the newest `kept` tokens.
    func record(_ token: String) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard !directory.isEmpty, POSIX.makeDirectories(directory, mode: 0o755) == nil else { return }
        var lines = (FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "")
            .split(separator: "\n").map(String.init).filter { SessionToken.problem(with: $0) == nil && $0 != token }
        lines.append(token)
        let text = lines.suffix(Self.kept).joined(separator: "\n") + "\n"
        let temporary = "\(path).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Refuses a token whose session has ended, before anything is sent.
    static func check(_ token: String, context: RunContext) throws {
        guard let ended = EndedSessions(environment: context.environment), ended.contains(token) else { return }
        throw UsageError("--session \(token) has ended: places details --session ended it, and Google bills every request of a reused token on its own; start another with --session new")
    }
}
