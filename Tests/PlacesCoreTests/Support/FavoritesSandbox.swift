import Foundation

/// A temporary directory holding one favorites file, and the environment that points
/// `places` at it, so no test touches the real home or another test's favorites.
struct FavoritesSandbox {
    let directory: URL
    var file: URL { directory.appendingPathComponent("favorites.json") }
    var path: String { file.path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-favorites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    var environment: [String: String] {
        var env = PlacesBinary.baseEnvironment(home: directory.path)
        env["PLACES_FAVORITES_FILE"] = path
        return env
    }

    /// Runs `places` with this sandbox's favorites file (and `--data` for the commands that take it).
    func run(_ arguments: [String], data: Bool = false, environment extra: [String: String] = [:]) throws -> PlacesBinary.Result {
        try PlacesBinary.run(
            arguments + (data ? ["--data", PlacesBinary.helsinkiData] : []),
            environment: environment.merging(extra) { $1 })
    }

    /// The file's bytes, or nil when there is none.
    func bytes() -> Data? { try? Data(contentsOf: file) }

    /// The ids in `favorite list --json`, in its order.
    func listedIDs() throws -> [String] {
        let r = try run(["favorite", "list", "--json"])
        return try JSONHelpers.array(r.stdout).compactMap { $0["id"] as? String }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
