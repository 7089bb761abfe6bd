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

/// A favorites file: places saved with a snapshot of what their provider said, so that
/// listing them needs no network. Read and changed so that no favorite is ever lost:
/// - changes are read-modify-write under an exclusive `flock` on `FILE.lock`, so
///   concurrent writers (processes, an app and its extension) all land;
/// - a write goes to a temporary file in the same directory, is flushed, and replaces
///   the file with one `rename` (then the directory is flushed), so a crash leaves the
///   old file or the new one;
/// - a file that cannot be read as favorites is never written (`PlacesError.badFile`);
/// - a missing file is an empty list; reading never creates anything.
public struct FavoritesStore: Sendable {
    /// The file as configured (what messages show).
    package let path: String
    /// A crash-test hook (`$PLACES_FAVORITES_WRITE_PAUSE_MS` in the CLI): sleep this long with
    /// half of the temporary file written, so a test can kill a writer there. It only slows a write.
    let writePauseMilliseconds: Int
    /// The words of its errors' advice (the CLI names `PLACES_FAVORITES_FILE`).
    let wording: Wording

    package init(path: String, writePauseMilliseconds: Int = 0, wording: Wording = .library) {
        self.path = path
        self.writePauseMilliseconds = writePauseMilliseconds
        self.wording = wording
    }

    /// The store in `file` (a file URL); nothing is created until the first save.
    public init(file: URL) {
        self.init(path: file.path)
    }

    /// Your favorites, oldest first; none when the file does not exist yet.
    public func favorites() throws -> [Favorite] {
        try load().favorites.sorted { a, b in a.addedDate != b.addedDate ? a.addedDate < b.addedDate : a.id < b.id }
    }

    /// Saves `venue` as a favorite, or refreshes the snapshot of one saved before (keeping
    /// when it was added, and its note unless `note` is given; an empty note clears it).
    @discardableResult
    public func save(_ venue: Venue, note: String? = nil, at date: Date = Date()) throws -> Favorite {
        try update { document -> Favorite in
            if let index = document.favorites.firstIndex(where: { $0.id == venue.id }) {
                document.favorites[index].refresh(from: venue, note: note)
                return document.favorites[index]
            }
            let favorite = Favorite(venue: venue, addedAt: date, note: note)
            document.favorites.append(favorite)
            return favorite
        }
    }

    /// Removes a favorite; false when it was not one. A missing file is not created.
    @discardableResult
    public func remove(_ id: PlaceID) throws -> Bool {
        guard try load().favorite(id) != nil else { return false }
        return try update { document -> Bool in
            guard let index = document.favorites.firstIndex(where: { $0.id == id }) else { return false }
            document.favorites.remove(at: index)
            return true
        }
    }

    /// The favorites as they are now; no lock is needed because writes replace the file whole.
    package func load() throws -> FavoritesDocument {
        try read(try target())
    }

    /// Runs `change` on the current favorites under the lock and writes the result if it
    /// differs. If `change` throws, nothing is written. Creates the directory (0700) and
    /// the file (0600) when they do not exist.
    @discardableResult
    package func update<T>(_ change: (inout FavoritesDocument) throws -> T) throws -> T {
        let file = try target()
        let lock = try lockForWriting(file)
        defer { lock.release() }

        let before = try bytes(of: file)
        var document = try before.map { try FavoritesDocument.decode($0, path: path, wording: wording) } ?? FavoritesDocument()
        let result = try change(&document)
        let after = document.encoded()
        guard after != before else { return result }
        AtomicFile.removeStrayTemporaryFiles(for: file)
        do {
            try AtomicFile.replace(
                file, with: after, tempPath: AtomicFile.temporaryPath(for: file), mode: 0o600,
                pauseMidwayMilliseconds: writePauseMilliseconds)
        } catch let error as SystemCallError where error.action == AtomicFile.flushDirectoryAction {
            throw PlacesError.io(
                path: path, message: "the favorites file \(path) was written, but \(error.description); the change may not survive a crash")
        } catch let error as SystemCallError where error.isStorageFailure {
            throw PlacesError.io(
                path: path,
                message:
                    "cannot write the favorites file \(path): \(error.reason) (writing \(error.path)); it was left as it was, nothing is lost: \(Self.advice(for: error))"
            )
        } catch let error as SystemCallError {
            throw PlacesError.configuration(
                message:
                    "\(error.description); the favorites file \(path) was left as it was: \(wording(.favoritesFix(.makeDirectoryWritable)))"
            )
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
    package func checkWritable() throws {
        let file = try target()
        var directory = Self.directory(of: file)
        var info = stat()
        while stat(directory, &info) != 0 {
            let parent = Self.directory(of: directory)
            guard errno == ENOENT, parent != directory else {
                throw PlacesError.configuration(
                    message:
                        "\(SystemCallError("reach", directory)) (for the favorites file \(path)); \(wording(.favoritesFix(.makeWritable)))")
            }
            directory = parent
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw PlacesError.configuration(
                message:
                    "\(SystemCallError("create the directory", directory, code: ENOTDIR)) (for the favorites file \(path)); \(wording(.favoritesFix(.makeWritable)))"
            )
        }
        let probe = PathText.join(directory, ".places-write-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let error = SystemCallError("write", probe)
            if error.isStorageFailure {
                throw PlacesError.io(
                    path: path,
                    message:
                        "cannot write in \(directory), where the favorites file \(path) lives: \(error.reason); nothing was changed: \(Self.advice(for: error))"
                )
            }
            throw PlacesError.configuration(
                message:
                    "cannot write in \(directory), where the favorites file \(path) lives (\(error.reason)); \(wording(.favoritesFix(.makeWritable)))"
            )
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
            throw PlacesError.io(
                path: path,
                message: "\(error.description) (for the favorites file \(path)); nothing was changed: \(Self.advice(for: error))")
        } catch let error as SystemCallError {
            throw PlacesError.configuration(
                message: "\(error.description) (for the favorites file \(path)); \(wording(.favoritesFix(.makeWritable)))")
        }
        do {
            return try FileLock(path: file + ".lock")
        } catch let error as UnexpectedFileKind {
            throw PlacesError.configuration(
                message:
                    "the favorites lock file \(error.path) is \(error.kind), not a regular file; \(wording(.favoritesFix(.removeLockFile)))"
            )
        } catch let error as SystemCallError where error.isStorageFailure {
            throw PlacesError.io(
                path: path,
                message:
                    "cannot write in \(directory), where the favorites file \(path) lives: \(error.reason); nothing was changed: \(Self.advice(for: error))"
            )
        } catch let error as SystemCallError {
            throw PlacesError.configuration(
                message:
                    "cannot write in \(directory), where the favorites file \(path) lives (\(error.reason)); \(wording(.favoritesFix(.makeWritable)))"
            )
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
        throw PlacesError.configuration(
            message: "the favorites file \(path) is a loop of symbolic links; \(wording(.favoritesFix(.pointAtFile)))")
    }

    private static func directory(of file: String) -> String {
        PathText.directory(of: file)
    }

    // MARK: - Reading

    private func read(_ file: String) throws -> FavoritesDocument {
        guard let data = try bytes(of: file) else { return FavoritesDocument() }
        return try FavoritesDocument.decode(data, path: path, wording: wording)
    }

    private func bytes(of file: String) throws -> Data? {
        do {
            return try AtomicFile.contents(file)
        } catch let error as UnexpectedFileKind {
            if error.kind == .directory {
                throw PlacesError.configuration(
                    message: "the favorites path \(path) is a directory, not a file; \(wording(.favoritesFix(.fileInDirectory(path))))")
            }
            let shown = error.path == path ? "" : " (it leads to \(error.path))"
            throw PlacesError.configuration(
                message: "the favorites path \(path)\(shown) is \(error.kind), not a regular file; \(wording(.favoritesFix(.regularFile)))")
        } catch let error as SystemCallError where error.isStorageFailure {
            throw PlacesError.io(path: path, message: "cannot read the favorites file \(path): \(error.reason); \(Self.advice(for: error))")
        } catch let error as SystemCallError {
            throw PlacesError.configuration(
                message: "cannot read the favorites file \(path): \(error.reason); \(wording(.favoritesFix(.makeReadable)))")
        }
    }
}
