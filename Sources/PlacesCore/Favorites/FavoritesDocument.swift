import Foundation
import PlacesModel
import PlacesSupport

/// The favorites file's content: `{"favorites": [...], "version": 1}`, pretty-printed
/// with sorted keys and entries sorted by id, so the same favorites always give the
/// same bytes and a change diffs as the lines it touched.
package struct FavoritesDocument: Sendable, Equatable {
    /// The only format version this build reads and writes.
    static let currentVersion = 1

    package var favorites: [Favorite]
    /// Top-level keys this version does not know: written back as they were.
    var otherKeys: [String: JSONValue]

    init(favorites: [Favorite] = [], otherKeys: [String: JSONValue] = [:]) {
        self.favorites = favorites
        self.otherKeys = otherKeys
    }

    package func favorite(_ id: PlaceID) -> Favorite? {
        favorites.first { $0.id == id }
    }

    /// The favorite with this alias, ignoring case (`@Office` is `office`).
    package func favorite(alias: String) -> Favorite? {
        let key = FavoriteAlias.key(alias)
        return favorites.first { $0.alias.map(FavoriteAlias.key) == key }
    }

    /// Reads a file's bytes; anything that is not favorites format 1 is bad data (65)
    /// whose message says what is wrong and where, and that the file was left alone.
    static func decode(_ data: Data, path: String, wording: Wording = .library) throws -> FavoritesDocument {
        func bad(_ problem: String) -> PlacesError {
            PlacesError.badFile(path: path, message: wording(.favoritesUnreadable(path: path, problem: problem)))
        }
        if data.isEmpty { throw bad("it is empty") }
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw bad("it is not valid JSON")
        }
        guard var members = root.objectMembers else { throw bad("it is not a JSON object with \"version\" and \"favorites\"") }
        guard let version = members.removeValue(forKey: "version") else { throw bad("it has no \"version\"") }
        guard version == .integer(currentVersion) || version == .number(Double(currentVersion)) else {
            throw bad(wording(.favoritesNewerVersion(found: version.compact, current: currentVersion)))
        }
        guard case .array(let entries)? = members.removeValue(forKey: "favorites") else {
            throw bad("it has no \"favorites\" list")
        }
        var favorites: [Favorite] = []
        var seen = Set<PlaceID>()
        var aliases: [String: PlaceID] = [:]
        for (index, entry) in entries.enumerated() {
            let favorite: Favorite
            do {
                favorite = try FavoriteEntryCodec.decode(entry)
            } catch let problem as FavoriteEntryCodec.Problem {
                throw bad("favorites[\(index)] \(problem.text)")
            }
            guard seen.insert(favorite.id).inserted else {
                throw bad("\(favorite.id) is listed twice (favorites[\(index)]); keep one of them")
            }
            if let alias = favorite.alias {
                if let other = aliases[FavoriteAlias.key(alias)] {
                    throw bad(
                        "the alias '\(alias)' is given to both \(other) and \(favorite.id) (favorites[\(index)]); keep it on one of them")
                }
                aliases[FavoriteAlias.key(alias)] = favorite.id
            }
            favorites.append(favorite)
        }
        return FavoritesDocument(favorites: favorites, otherKeys: members)
    }

    /// The canonical text: pretty-printed, keys sorted, entries by id, ending with a newline.
    func encoded() -> Data {
        var members = otherKeys
        members["version"] = .integer(Self.currentVersion)
        members["favorites"] = .array(favorites.sorted { $0.id < $1.id }.map(FavoriteEntryCodec.encode))
        let root = JSONValue.object(members.map { ($0.key, $0.value) }).withSortedKeys
        return Data((root.pretty + "\n").utf8)
    }
}
