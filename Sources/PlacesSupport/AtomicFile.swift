import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File operations that never leave a half-written file where a reader can see it:
/// whole-file reads, and writes that go to a temporary file in the same directory,
/// are flushed to disk, and then replace the old file with one `rename`.
package enum AtomicFile {
    /// The content of `path`, or nil when there is no such file. Anything but a regular
    /// file is an error (`UnexpectedFileKind`), found before a byte is read: the open does
    /// not block (`O_NONBLOCK`), so a FIFO with no writer cannot hang the command. A file of
    /// more than `maxBytes` is an error too (`EFBIG`), read no further than that.
    package static func contents(_ path: String, maxBytes: Int = .max) throws -> Data? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw SystemCallError("read", path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemCallError("read", path) }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else { throw UnexpectedFileKind(path: path, kind: kind) }
        ReadOnlyFile.clearNonBlocking(fd)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { POSIX.read(fd, into: $0) }
            if n < 0 { throw SystemCallError("read", path) }
            if n == 0 { return data }
            guard n <= maxBytes - data.count else { throw SystemCallError("read", path, code: EFBIG) }
            data.append(contentsOf: buffer[0..<n])
        }
    }

    /// Creates `directory` and any missing parents with `mode`; existing ones are left as they are.
    package static func makeDirectories(_ directory: String, mode: mode_t) throws {
        if let failure = POSIX.makeDirectories(directory, mode: mode) {
            throw SystemCallError("create the directory", failure.path, code: failure.code)
        }
    }

    /// Replaces `path` with `data`: write `tempPath` (created, mode `mode`), flush it,
    /// rename it over `path`, flush the directory. A crash at any point leaves either the
    /// old file or the new one at `path`, never a mix; at worst a stray temporary file.
    /// `pauseMidwayMilliseconds` (for crash tests only) sleeps with half the data written.
    package static func replace(_ path: String, with data: Data, tempPath: String, mode: mode_t, pauseMidwayMilliseconds: Int = 0) throws {
        let fd = open(tempPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SystemCallError("create", tempPath) }
        do {
            let half = data.count / 2
            try writeAll(data.prefix(half), to: fd, path: tempPath)
            if pauseMidwayMilliseconds > 0 { usleep(useconds_t(pauseMidwayMilliseconds) * 1000) }
            try writeAll(data.dropFirst(half), to: fd, path: tempPath)
            try flush(fd, path: tempPath)
        } catch {
            close(fd)
            unlink(tempPath)
            throw error
        }
        guard close(fd) == 0 else {
            let failure = SystemCallError("write", tempPath)
            unlink(tempPath)
            throw failure
        }
        guard rename(tempPath, path) == 0 else {
            let failure = SystemCallError("replace", path)
            unlink(tempPath)
            throw failure
        }
        try flushDirectory(PathText.directory(of: path))
    }

    /// A fresh temporary path beside `file` for `replace`: `.NAME.tmp-PID-RANDOM` in its directory.
    package static func temporaryPath(for file: String) -> String {
        PathText.join(PathText.directory(of: file), temporaryPrefix(for: file) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// Removes the temporary files a killed writer of `file` left. Call it only under the
    /// file's lock (`FileLock`): only the lock holder writes one, so every one there is stray.
    package static func removeStrayTemporaryFiles(for file: String) {
        let prefix = temporaryPrefix(for: file)
        let directory = PathText.directory(of: file)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink(PathText.join(directory, name))
        }
    }

    /// The name (not the path) every temporary file for `file` starts with.
    private static func temporaryPrefix(for file: String) -> String {
        "." + PathText.name(of: file) + ".tmp-"
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        if let code = data.withUnsafeBytes({ POSIX.writeAll(fd, $0) }) {
            throw SystemCallError("write", path, code: code)
        }
    }

    private static func flush(_ fd: Int32, path: String) throws {
        guard POSIX.flush(fd) else { throw SystemCallError("flush", path) }
    }

    /// The action of the one error `replace` throws after the file was replaced.
    package static let flushDirectoryAction = "flush the directory"

    /// Makes the rename itself durable.
    private static func flushDirectory(_ directory: String) throws {
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError(flushDirectoryAction, directory) }
        defer { close(fd) }
        // Some file systems cannot fsync a directory (EINVAL); the rename has happened either way.
        if fsync(fd) != 0, errno != EINVAL { throw SystemCallError(flushDirectoryAction, directory) }
    }
}
