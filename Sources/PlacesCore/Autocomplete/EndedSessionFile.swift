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

/// A file of the autocomplete sessions that have ended, so that a later process refuses their
/// tokens: one token a line, oldest first, the newest `kept` of them.
///
/// Changed the way the favorites are, so that concurrent writers all land: read-modify-write
/// under an exclusive `flock` on `FILE.lock` (`FileLock`), the new text written to a temporary
/// file, flushed and renamed over the old one (`AtomicFile`). Reading needs no lock.
///
/// Bounded: Google documents no time after which an ended session's token may be reused (its
/// reference: "Once a session has concluded, the token is no longer valid"; a reused token is
/// billed request by request whenever it comes back), so no token ages out; the file keeps the
/// newest `kept` and is never read past `maxBytes`.
package struct EndedSessionFile: Sendable {
    package let path: String
    /// How many ended tokens are kept (about 18 KB at 36 characters a token).
    static let kept = 500
    /// The most of the file that is read: `kept` tokens of the longest length fit with room,
    /// so a longer file is not one this wrote.
    static let maxBytes = 64 * 1024

    /// Why the file cannot be read or written, in words (`cannot read PATH: Is a directory`).
    package struct Unusable: Error, Sendable {
        package let reason: String
    }

    package init(path: String) {
        self.path = path
    }

    /// Whether `token`'s session has ended; no file is none ended.
    package func contains(_ token: String) throws(Unusable) -> Bool {
        try tokens().contains(token)
    }

    /// Records that `token`'s session has ended, as the newest, keeping the newest `kept`.
    /// Creates the directory (`directoryMode`) and the file (0600) when they do not exist.
    package func record(_ token: String, directoryMode: mode_t = 0o755) throws(Unusable) {
        do {
            try AtomicFile.makeDirectories(PathText.directory(of: path), mode: directoryMode)
            let lock = try FileLock(path: path + ".lock")
            defer { lock.release() }
            var tokens = try tokens().filter { $0 != token }
            tokens.append(token)
            let text = tokens.suffix(Self.kept).map { $0 + "\n" }.joined()
            AtomicFile.removeStrayTemporaryFiles(for: path)
            try AtomicFile.replace(path, with: Data(text.utf8), tempPath: AtomicFile.temporaryPath(for: path), mode: 0o600)
        } catch let error as Unusable {
            throw error
        } catch let error as SystemCallError where error.action == AtomicFile.flushDirectoryAction {
            // The rename happened: the token is recorded, if not yet durably.
            return
        } catch let error as SystemCallError {
            throw Unusable(reason: error.description)
        } catch let error as UnexpectedFileKind {
            throw Unusable(reason: "\(error.path) is \(error.kind), not a regular file")
        } catch {
            throw Unusable(reason: "cannot write \(path)")
        }
    }

    /// The tokens in the file, oldest first; lines that are not tokens are dropped.
    private func tokens() throws(Unusable) -> [String] {
        let data: Data?
        do {
            data = try AtomicFile.contents(path, maxBytes: Self.maxBytes)
        } catch let error as SystemCallError where error.code == EFBIG {
            throw Unusable(reason: "\(path) is larger than \(Self.maxBytes) bytes, more than \(Self.kept) tokens take")
        } catch let error as SystemCallError {
            throw Unusable(reason: error.description)
        } catch let error as UnexpectedFileKind {
            throw Unusable(reason: "\(error.path) is \(error.kind), not a regular file")
        } catch {
            throw Unusable(reason: "cannot read \(path)")
        }
        guard let data else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { SessionToken.problem(with: $0) == nil }
    }
}
