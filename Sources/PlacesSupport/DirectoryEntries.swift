#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a directory and what each one is, read with `opendir`/`readdir` on the path
/// as given (no `~` expansion, unlike Foundation's readers), and canonical paths.
package enum DirectoryEntries {
    /// The names in `directory` (not `.` or `..`), sorted; nil when it cannot be read.
    package static func names(in directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// What is at `path` (following symbolic links), or nil when nothing is.
    package static func kind(of path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// What is at `path` itself: a symbolic link is `.symbolicLink`, not what it points to.
    package static func linkKind(of path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// The canonical absolute path of something that exists (symbolic links and `..`
    /// resolved); nil when it does not.
    package static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
