/// File paths as text, split and joined as POSIX `dirname` and `basename` do. Every path a
/// user gives goes through these, never through Foundation: on Linux `NSString`'s
/// `deletingLastPathComponent` traps on a one-character path (`x`, `.`, `~`), and
/// `URL(fileURLWithPath:)` reads a leading `~` as the home directory.
package enum PathText {
    /// The directory part: `a/b` → `a`, `x` → `.`, `/x` → `/`, `a/` → `.`, `a//b` → `a`,
    /// `/` → `/`, `""` → `.`.
    package static func directory(of path: String) -> String {
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty else { return "." }
        guard bytes.contains(where: { $0 != slash }) else { return "/" }
        while bytes.last == slash { bytes.removeLast() }
        guard let cut = bytes.lastIndex(of: slash) else { return "." }
        bytes.removeSubrange(cut...)
        while bytes.last == slash { bytes.removeLast() }
        return bytes.isEmpty ? "/" : String(decoding: bytes, as: UTF8.self)
    }

    /// The last component: `a/b` → `b`, `a/` → `a`, `/` → `/`, `""` → `""`.
    static func name(of path: String) -> String {
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty else { return "" }
        guard bytes.contains(where: { $0 != slash }) else { return "/" }
        while bytes.last == slash { bytes.removeLast() }
        let start = bytes.lastIndex(of: slash).map { $0 + 1 } ?? 0
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// `name` inside `directory`, with one `/` between them (`""` joins to `name` itself).
    package static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.utf8.last == slash ? directory + name : directory + "/" + name
    }

    private static let slash = UInt8(ascii: "/")
}
