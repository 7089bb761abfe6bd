import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a fuzz run points the binary at. `shared` holds abused extracts and favorites
/// files, made once per run; each case gets a fresh directory (`{case}`) with a FIFO
/// nobody writes to (`fifo`), one the test feeds an extract through (`pipe`), a directory, an empty file, a file of NULs, a symlink loop and
/// sometimes a favorites file, so that whatever a case writes can be checked for keys.
final class FuzzSandbox: @unchecked Sendable {
    let root: String
    var shared: String { root + "/shared" }

    init(name: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("places-fuzz-\(name)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root + "/shared", withIntermediateDirectories: true)
        try makeSharedFiles()
    }

    deinit { remove() }

    /// Removes everything; the tests call it when done, since worker threads may still hold
    /// the sandbox for a moment after the last case, and the process may end first.
    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// How a case's favorites file starts.
    enum Favorites: CaseIterable {
        case absent, valid, damaged
    }

    /// A fresh directory for case `index`.
    func makeCase(_ index: Int, favorites: Favorites) throws -> String {
        let dir = root + "/case-\(index)"
        let fm = FileManager.default
        try? fm.removeItem(atPath: dir)
        try fm.createDirectory(atPath: dir + "/dir", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/rec", withIntermediateDirectories: true)
        guard mkfifo(dir + "/fifo", 0o600) == 0, mkfifo(dir + "/pipe", 0o600) == 0 else { throw POSIXError(.EIO) }
        try Data().write(to: URL(fileURLWithPath: dir + "/empty"))
        try Data(count: 4096).write(to: URL(fileURLWithPath: dir + "/nul"))
        try Data(Self.smallExtract.utf8).write(to: URL(fileURLWithPath: dir + "/unreadable.json"))
        chmod(dir + "/unreadable.json", 0)
        symlink(dir + "/loop", dir + "/loop")
        switch favorites {
        case .absent: break
        case .valid: try Data(Self.favorites.utf8).write(to: URL(fileURLWithPath: dir + "/favorites.json"))
        case .damaged: try Data(Self.favorites.prefix(200).utf8).write(to: URL(fileURLWithPath: dir + "/favorites.json"))
        }
        return dir
    }

    /// Writes a case's own files (`FuzzInvocation.files`) into its directory.
    func write(_ files: [(name: String, lines: [String])], caseDirectory dir: String) throws {
        for file in files {
            let text = file.lines.map { resolve($0, caseDirectory: dir) }.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + file.name))
        }
    }

    func removeCase(_ dir: String) {
        chmod(dir + "/unreadable.json", 0o600)
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// `{case}` and `{shared}` replaced by the real directories.
    func resolve(_ text: String, caseDirectory: String) -> String {
        guard text.contains("{") else { return text }
        return text.replacingOccurrences(of: "{case}", with: caseDirectory).replacingOccurrences(of: "{shared}", with: shared)
    }

    // MARK: - The abused files

    static let smallExtract =
        #"{"version":0.6,"elements":[{"type":"node","id":1369465615,"lat":60.1702394,"lon":24.938897,"tags":{"amenity":"restaurant","name":"Loiste"}}]}"#

    static let favorites = #"""
        {"favorites":[{"addedAt":"2026-01-02T03:04:05Z","address":"00100 Helsinki","categories":["restaurant"],"cuisines":[],"id":"osm:node/1369465615","latitude":60.1702394,"longitude":24.938897,"mapsUrl":"https://www.openstreetmap.org/node/1369465615","name":"Loiste","note":"hi","provider":"osm"},{"addedAt":"2026-01-02T03:04:06Z","categories":["cafe"],"cuisines":[],"id":"google:ChIJN1t_tDeuEmsRUsoyG83frY4","latitude":60.17,"longitude":24.94,"mapsUrl":"https://maps.google.com/?cid=1","name":"Kahvila","provider":"google"}],"version":1}
        """#

    private func makeSharedFiles() throws {
        let node =
            #"{"type":"node","id":1369465615,"lat":60.1702394,"lon":24.938897,"tags":{"amenity":"restaurant","name":"Loiste","opening_hours":"Mo-Fr 10:00-20:00"}}"#
        let helsinki = try Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData))
        let files: [String: Data] = [
            "deep.json": Data(
                ("{\"elements\":" + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "}").utf8),
            "nan.json": Data(
                #"{"elements":[{"type":"node","id":1,"lat":NaN,"lon":Infinity,"tags":{"amenity":"cafe","name":"Not a number"}},\#(node)]}"#
                    .utf8),
            "huge-numbers.json": Data(
                #"{"elements":[{"type":"node","id":99999999999999999999,"lat":1e308,"lon":-1e400,"tags":{"amenity":"cafe","name":"Far"}},{"type":"way","id":-5,"center":{"lat":60.17,"lon":24.94},"tags":{"amenity":"cafe","name":"Negative id"}},{"type":"node","id":9223372036854775807,"lat":60.17,"lon":24.94,"tags":{"amenity":"cafe","name":"Max id"}},\#(node)]}"#
                    .utf8),
            "truncated.json": helsinki.prefix(helsinki.count / 2),
            "utf16.json": Self.smallExtract.data(using: .utf16) ?? Data(),
            "wrong-types.json": Data(
                #"{"elements":[{"type":1,"id":"x","lat":"60","lon":[],"tags":"name"},{"type":"node","id":2,"lat":60.17,"lon":24.94,"tags":{"amenity":["cafe"],"name":{"fi":"x"}}},\#(node)]}"#
                    .utf8),
            "duplicates.json": Data(#"{"elements":[\#(node),\#(node),\#(node)]}"#.utf8),
            "elements-object.json": Data(#"{"elements":{"0":\#(node)}}"#.utf8),
            "bad-favorites.json": Data(
                Self.favorites.replacingOccurrences(of: "60.1702394", with: "1e400").replacingOccurrences(
                    of: "\"version\":1", with: "\"version\":99999999999999999999"
                ).utf8),
            "huge-favorites.json": Data(
                Self.favorites.replacingOccurrences(of: "2026-01-02T03:04:05Z", with: "99999-99-99T99:99:99Z").replacingOccurrences(
                    of: "24.938897", with: "1e308"
                ).utf8),
        ]
        for (name, data) in files {
            try data.write(to: URL(fileURLWithPath: shared + "/" + name))
        }
    }
}
