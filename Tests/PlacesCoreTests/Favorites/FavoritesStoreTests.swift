import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesSupport
@testable import places_cli

/// The store on a real file system: where the file lives, what is created, what is never written.
@Suite("Favorites store")
struct FavoritesStoreTests {
    static let venue = Venue(
        id: try! PlaceID(parsing: "osm:node/42"), name: "Cafe", coordinate: try! Coordinate(latitude: 60.17, longitude: 24.94),
        categories: ["cafe"], website: "https://cafe.example")

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func missingFileIsAnEmptyListAndReadingCreatesNothing() throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let store = FavoritesStore(path: sandbox.directory.appendingPathComponent("new/favorites.json").path)
        #expect(try store.load().favorites.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("new").path))
    }

    @Test func firstWriteCreatesDirectory0700AndFile0600() throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let path = sandbox.directory.appendingPathComponent("a/b/favorites.json").path
        let store = FavoritesStore(path: path)
        try store.update { $0.favorites.append(Favorite(venue: Self.venue, addedAt: Date(timeIntervalSince1970: 0), note: "hi")) }
        #expect(try Self.mode(sandbox.directory.appendingPathComponent("a").path) == 0o700)
        #expect(try Self.mode(sandbox.directory.appendingPathComponent("a/b").path) == 0o700)
        #expect(try Self.mode(path) == 0o600)
        let loaded = try store.load().favorites
        #expect(loaded.map(\.id.description) == ["osm:node/42"] && loaded[0].note == "hi" && loaded[0].addedAt == "1970-01-01T00:00:00Z")
        #expect(loaded[0].website == "https://cafe.example" && loaded[0].mapsURL == "https://www.openstreetmap.org/node/42")
    }

    @Test func aChangeThatThrowsWritesNothing() throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let store = FavoritesStore(path: sandbox.path)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.update { doc in
                doc.favorites.append(Favorite(venue: Self.venue, addedAt: Date(), note: nil))
                throw Stop()
            }
        }
        #expect(sandbox.bytes() == nil)
    }

    @Test func anUnreadableFileIsNeverWritten() throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let original = Data("{\"version\": 1, \"favorites\": [{\"id\": \"osm:node/1\"}]}\n".utf8)
        try original.write(to: sandbox.file)
        let store = FavoritesStore(path: sandbox.path)
        var ran = false
        #expect { try store.update { _ in ran = true } } throws: { ($0 as? PlacesError)?.kind == .badData }
        #expect(!ran)
        #expect(sandbox.bytes() == original)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter { $0 != "favorites.json.lock" } == [
                "favorites.json"
            ])
    }

    @Test func aDirectoryOrAFileInThePathIsConfiguration() throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let asDirectory = FavoritesStore(path: sandbox.directory.path)
        #expect { try asDirectory.load() } throws: {
            ($0 as? PlacesError)?.kind == .configuration && ($0 as? PlacesError)?.message.contains("is a directory") == true
        }
        #expect { try asDirectory.update { _ in } } throws: { ($0 as? PlacesError)?.kind == .configuration }
        try Data("x".utf8).write(to: sandbox.file)
        let underAFile = FavoritesStore(path: sandbox.path + "/favorites.json")
        #expect { try underAFile.update { _ in } } throws: {
            ($0 as? PlacesError)?.kind == .configuration && ($0 as? PlacesError)?.message.contains(sandbox.path) == true
        }
    }

    /// A favorites file kept in a dotfiles repository and linked into place stays a link.
    @Test func aSymbolicLinkIsFollowedNotReplaced() throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let target = sandbox.directory.appendingPathComponent("dotfiles/favorites.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path, withDestinationPath: "dotfiles/favorites.json")
        try FavoritesStore(path: sandbox.path).update { $0.favorites.append(Favorite(venue: Self.venue, addedAt: Date(), note: nil)) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path) == "dotfiles/favorites.json")
        #expect(try FavoritesDocument.decode(Data(contentsOf: target), path: "t").favorites.count == 1)
    }

    @Test func strayTemporaryFilesOfKilledWritersAreRemovedByTheNextWrite() throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let stray = sandbox.directory.appendingPathComponent(".favorites.json.tmp-99999-1")
        try Data("{\"half".utf8).write(to: stray)
        try FavoritesStore(path: sandbox.path).update { $0.favorites.append(Favorite(venue: Self.venue, addedAt: Date(), note: nil)) }
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).sorted() == [
                "favorites.json", "favorites.json.lock",
            ])
    }

    @Test func locationFollowsTheEnvironment() throws {
        func path(_ env: [String: String]) throws -> String { try FavoritesLocation.path(in: RunContext(environment: env)) }
        #expect(try path(["PLACES_FAVORITES_FILE": "/f.json", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/f.json")
        #expect(try path(["PLACES_FAVORITES_FILE": "", "XDG_DATA_HOME": "/x/", "HOME": "/h"]) == "/x/places/favorites.json")
        #expect(try path(["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/places/favorites.json")
        #expect(try path(["HOME": "/h"]) == "/h/.local/share/places/favorites.json")
        #expect { try path([:]) } throws: { ($0 as? PlacesError)?.kind == .configuration }
    }

    /// Running out of room (or an I/O error) is 74; a path or a permission problem stays 78.
    /// (EFBIG is shown through the binary with `ulimit -f 0`; the others cannot be made
    /// without root, so their mapping is checked here.)
    @Test func storageFailuresAreIOErrorsAndTheRestConfiguration() {
        for code in [ENOSPC, EDQUOT, EFBIG, EIO] { #expect(SystemCallError("write", "/f", code: code).isStorageFailure, "\(code)") }
        for code in [EACCES, EPERM, EROFS, ENOTDIR, EISDIR, ENOENT, ELOOP] {
            #expect(!SystemCallError("write", "/f", code: code).isStorageFailure, "\(code)")
        }
        #expect(PlacesError.io(path: "/f", message: "x").exitCode == 74)
    }
}
