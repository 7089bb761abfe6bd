import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesSupport

/// One entry of the favorites file, field by field: required fields strictly, optional
/// ones leniently (absent or null is nil), unknown keys kept.
enum FavoriteEntryCodec {
    struct Problem: Error {
        let text: String
    }

    static let knownKeys: Set<String> = [
        "id", "provider", "name", "latitude", "longitude", "address", "categories",
        "cuisines", "website", "phone", "mapsUrl", "addedAt", "note", "alias",
    ]

    static func decode(_ entry: JSONValue) throws -> Favorite {
        guard let members = entry.objectMembers else { throw Problem(text: "is not an object") }
        func string(_ key: String) throws -> String? {
            switch members[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw Problem(text: "has a \"\(key)\" that is not text")
            }
        }
        func required(_ key: String) throws -> String {
            guard let s = try string(key) else { throw Problem(text: "has no \"\(key)\"") }
            return s
        }
        func number(_ key: String) throws -> Double {
            switch members[key] {
            case .number(let d)?: return d
            case .integer(let i)?: return Double(i)
            case nil, .null?: throw Problem(text: "has no \"\(key)\"")
            default: throw Problem(text: "has a \"\(key)\" that is not a number")
            }
        }
        func list(_ key: String) throws -> [String] {
            switch members[key] {
            case nil, .null?: return []
            case .array(let items)?:
                return try items.map { item in
                    guard case .string(let s) = item else { throw Problem(text: "has a \"\(key)\" list with an item that is not text") }
                    return s
                }
            default: throw Problem(text: "has a \"\(key)\" that is not a list")
            }
        }

        let idText = try required("id")
        guard let id = try? PlaceID(parsing: idText) else { throw Problem(text: "has an id '\(idText)' that is not PROVIDER:ID") }
        if let provider = try string("provider"), provider != id.provider.rawValue {
            throw Problem(text: "(\(id)) says provider \"\(provider)\" but its id is \(id.provider.rawValue)'s")
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: number("latitude"), longitude: number("longitude"))
        } catch let error as PlacesError {
            throw Problem(text: "(\(id)) has \(error.message)")
        }
        let addedAt = try required("addedAt")
        let (name, address, website, phone, mapsURL, note) = (
            try required("name"), try string("address"), try string("website"),
            try string("phone"), try string("mapsUrl"), try string("note")
        )
        let alias = try string("alias").flatMap { $0.isEmpty ? nil : $0 }
        // Read as strictly as it is written: a hand-edited or shared file may hold anything
        // here, and aliases reach shell completions and command lines.
        if let alias, !FavoriteAlias.isValid(alias) {
            throw Problem(
                text: "(\(id)) has an alias \(FavoriteAlias.shown(alias)) that is not one: \(FavoriteAlias.rule); fix or remove it")
        }
        let (categories, cuisines) = (try list("categories"), try list("cuisines"))
        do {
            return try Favorite(
                id: id, name: name, coordinate: coordinate, address: address, categories: categories,
                cuisines: cuisines, website: website, phone: phone, mapsURL: mapsURL, addedAt: addedAt,
                note: note, alias: alias, otherKeys: members.filter { !knownKeys.contains($0.key) })
        } catch let problem as Problem {
            throw Problem(text: "(\(id)) has an \(problem.text)")
        }
    }

    /// Every known key is written, `null` when unknown, so the format shows itself.
    static func encode(_ f: Favorite) -> JSONValue {
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        var members = f.otherKeys
        members["id"] = .string(f.id.description)
        members["provider"] = .string(f.provider.rawValue)
        members["name"] = .string(f.name)
        members["latitude"] = .number(f.coordinate.latitude)
        members["longitude"] = .number(f.coordinate.longitude)
        members["address"] = text(f.address)
        members["categories"] = .array(f.categories.map(JSONValue.string))
        members["cuisines"] = .array(f.cuisines.map(JSONValue.string))
        members["website"] = text(f.website)
        members["phone"] = text(f.phone)
        members["mapsUrl"] = text(f.mapsURL)
        members["addedAt"] = .string(f.addedAt)
        members["note"] = text(f.note)
        members["alias"] = text(f.alias)
        return .object(members.map { ($0.key, $0.value) })
    }
}
