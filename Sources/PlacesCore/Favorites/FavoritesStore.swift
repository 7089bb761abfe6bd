import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The favorites file, read and changed so that no favorite is ever lost:
/// - changes are read-modify-write under an exclusive `flock` on `FILE.lock`, so
///   concurrent `places favorite add` processes all land;
/// - a write goes to a temporary file in the same directory, is flushed, and replaces
///   the file with one `rename` (then the directory is flushed), so a crash leaves the
///   old file or the new one;
/// - a file that cannot be read as favorites is never written: the error (65) says so;
/// - a missing file is an empty list; reading never creates anything.
public struct FavoritesStore: Sendable {
    /// The file as configured (what messages show).
    public let path: String
    /// A crash-test hook, `$PLACES_FAVORITES_WRITE_PAUSE_MS`: sleep this long with half of
    /// the temporary file written, so a test can kill a writer there. It only slows a write.
    public let writePauseMilliseconds: Int

    public init(path: String, writePauseMilliseconds: Int = 0) {
        self.path = path
        self.writePauseMilliseconds = writePauseMilliseconds
    }

    /// The store at the configured location (see `FavoritesLocation`).
    public static func located(in context: RunContext) throws -> FavoritesStore {
        let pause = context.value("PLACES_FAVORITES_WRITE_PAUSE_MS").flatMap(Int.init).map { min(max($0, 0), 60_000) } ?? 0
        return FavoritesStore(path: try FavoritesLocation.path(in: context), writePauseMilliseconds: pause)
    }

    /// The favorites as they are now; no lock is needed because writes replace the file whole.
    public func load() throws -> FavoritesDocument {
        try read(try target())
    }

    /// Runs `change` on the current favorites under the lock and writes the result if it
    /// differs. If `change` throws, nothing is written. Creates the directory (0700) and
    /// the file (0600) when they do not exist.
    @discardableResult
    public func update<T>(_ change: (inout FavoritesDocument) throws -> T) throws -> T {
        let file = try target()
        let lock = try lockForWriting(file)
        defer { lock.release() }

        let before = try Self.bytes(of: file, shownAs: path)
        var document = try before.map { try FavoritesDocument.decode($0, path: path) } ?? FavoritesDocument()
        let result = try change(&document)
        let after = document.encoded()
        guard after != before else { return result }
        Self.removeStrayTemporaryFiles(for: file)
        do {
            try AtomicFile.replace(file, with: after, tempPath: Self.temporaryPath(for: file), mode: 0o600,
                                   pauseMidwayMilliseconds: writePauseMilliseconds)
        } catch let error as SystemCallError where error.action == AtomicFile.flushDirectoryAction {
            throw PlacesError.ioError("the favorites file \(path) was written, but \(error.description); the change may not survive a crash")
        } catch let error as SystemCallError where error.isStorageFailure {
            throw PlacesError.ioError("cannot write the favorites file \(path): \(error.reason) (writing \(error.path)); it was left as it was, nothing is lost: \(Self.advice(for: error))")
        } catch let error as SystemCallError {
            throw PlacesError.configuration("\(error.description); the favorites file \(path) was left as it was: make its directory writable or set PLACES_FAVORITES_FILE")
        }
        return result
    }

    /// What to do about a storage failure.
    private static func advice(for error: SystemCallError) -> String {
        switch error.code {
        case EFBIG: return "the file size limit (ulimit -f) is too small for it; raise it and try again"
        case EIO: return "the disk reported an error; check it and try again"
        default: return "free some space on its disk and try again"
        }
    }

    /// Fails (78) now if the favorites could not be written later, and leaves nothing
    /// behind: a probe file is made and removed in the deepest directory of the path that
    /// exists, where the write (or the `mkdir` before it) will happen. `favorite add` calls
    /// it before a (possibly billed) provider request, so an unwritable path costs nothing.
    public func checkWritable() throws {
        let file = try target()
        var directory = Self.directory(of: file)
        var info = stat()
        while stat(directory, &info) != 0 {
            let parent = Self.directory(of: directory)
            guard errno == ENOENT, parent != directory else {
                throw PlacesError.configuration("\(SystemCallError("reach", directory)) (for the favorites file \(path)); make it writable or set PLACES_FAVORITES_FILE to a path you can write")
            }
            directory = parent
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw PlacesError.configuration("\(SystemCallError("create the directory", directory, code: ENOTDIR)) (for the favorites file \(path)); make it writable or set PLACES_FAVORITES_FILE to a path you can write")
        }
        let probe = PathText.join(directory, ".places-write-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let error = SystemCallError("write", probe)
            if error.isStorageFailure {
                throw PlacesError.ioError("cannot write in \(directory), where the favorites file \(path) lives: \(error.reason); nothing was changed: \(Self.advice(for: error))")
            }
            throw PlacesError.configuration("cannot write in \(directory), where the favorites file \(path) lives (\(error.reason)); make it writable or set PLACES_FAVORITES_FILE to a path you can write")
        }
        close(fd)
        unlink(probe)
    }

    /// Makes the directory (0700) and takes the exclusive lock beside `file`.
    private func lockForWriting(_ file: String) throws -> FileLock {
        let directory = Self.directory(of: file)
        do {
            try AtomicFile.makeDirectories(directory, mode: 0o700)
        } catch let error as SystemCallError where error.isStorageFailure {
            throw PlacesError.ioError("\(error.description) (for the favorites file \(path)); nothing was changed: \(Self.advice(for: error))")
        } catch let error as SystemCallError {
            throw PlacesError.configuration("\(error.description) (for the favorites file \(path)); make it writable or set PLACES_FAVORITES_FILE to a path you can write")
        }
        do {
            return try FileLock(path: file + ".lock")
        } catch let error as UnexpectedFileKind {
            throw PlacesError.configuration("the favorites lock file \(error.path) is \(error.kind), not a regular file; remove it (places makes a new one) or set PLACES_FAVORITES_FILE elsewhere")
        } catch let error as SystemCallError where error.isStorageFailure {
            throw PlacesError.ioError("cannot write in \(directory), where the favorites file \(path) lives: \(error.reason); nothing was changed: \(Self.advice(for: error))")
        } catch let error as SystemCallError {
            throw PlacesError.configuration("cannot write in \(directory), where the favorites file \(path) lives (\(error.reason)); make it writable or set PLACES_FAVORITES_FILE to a path you can write")
        }
    }

    // MARK: - Paths

    /// The file the path leads to: a symbolic link (say, into a dotfiles repository) is
    /// followed so that it is the target that gets replaced, not the link.
    private func target() throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { return current }
            let destination = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : PathText.join(Self.directory(of: current), destination)
        }
        throw PlacesError.configuration("the favorites file \(path) is a loop of symbolic links; point PLACES_FAVORITES_FILE at a file")
    }

    private static func directory(of file: String) -> String {
        PathText.directory(of: file)
    }

    /// The name (not the path) every temporary file for `file` starts with.
    private static func temporaryPrefix(for file: String) -> String {
        "." + PathText.name(of: file) + ".tmp-"
    }

    private static func temporaryPath(for file: String) -> String {
        PathText.join(directory(of: file), temporaryPrefix(for: file) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// Temporary files left by a writer that was killed. Only the lock holder writes
    /// one, so under the lock every one that exists is stray.
    private static func removeStrayTemporaryFiles(for file: String) {
        let prefix = temporaryPrefix(for: file)
        let directory = directory(of: file)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink(PathText.join(directory, name))
        }
    }

    // MARK: - Reading

    private func read(_ file: String) throws -> FavoritesDocument {
        guard let data = try Self.bytes(of: file, shownAs: path) else { return FavoritesDocument() }
        return try FavoritesDocument.decode(data, path: path)
    }

    private static func bytes(of file: String, shownAs path: String) throws -> Data? {
        do {
            return try AtomicFile.contents(file)
        } catch let error as UnexpectedFileKind {
            if error.kind == .directory {
                throw PlacesError.configuration("the favorites path \(path) is a directory, not a file; set PLACES_FAVORITES_FILE to a file such as \(path)/favorites.json")
            }
            let shown = error.path == path ? "" : " (it leads to \(error.path))"
            throw PlacesError.configuration("the favorites path \(path)\(shown) is \(error.kind), not a regular file; set PLACES_FAVORITES_FILE to the path of a regular file (it is created on the first favorite add)")
        } catch let error as SystemCallError where error.isStorageFailure {
            throw PlacesError.ioError("cannot read the favorites file \(path): \(error.reason); \(Self.advice(for: error))")
        } catch let error as SystemCallError {
            throw PlacesError.configuration("cannot read the favorites file \(path): \(error.reason); make it readable or set PLACES_FAVORITES_FILE to a file you can read and write")
        }
    }
}
