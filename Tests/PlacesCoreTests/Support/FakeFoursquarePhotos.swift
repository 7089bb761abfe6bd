import Foundation

/// Foursquare's photos over loopback, as providers.md §3.1 and the API reference give them:
/// `GET /places/{fsq_place_id}/photos` with `Authorization: Bearer KEY` and
/// `X-Places-Api-Version: 2025-06-17`, `limit` 1 to 50 (default 10) and `sort` POPULAR or
/// NEWEST, answering a bare JSON array of `{id, created_at, prefix, suffix, width, height,
/// classifications}` whose `prefix` (ending in "/") points at `imageBase`. A request off the
/// wire is a 400 `{"message": ...}` and is kept in `violations`.
final class FakeFoursquarePhotos: @unchecked Sendable {
    struct Photo: Sendable {
        var id: String
        var width: Int
        var height: Int
    }

    let server: FakeHTTPServer
    var baseURL: String { server.baseURL }
    var requests: [FakeHTTPServer.Request] { server.requests }
    private let found: Found

    /// Every way a request was off the documented wire.
    var violations: [String] { found.list }

    private final class Found: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        var list: [String] { lock.withLock { items } }
        func add(_ more: [String]) { lock.withLock { items += more } }
    }

    /// `places`: fsq_place_id → its photos, served at `imageBase/img/general/SIZE/ID.jpg`.
    init(key: String, places: [String: [Photo]], imageBase: String) throws {
        nonisolated(unsafe) let places = places
        let found = Found()
        self.found = found
        server = try FakeHTTPServer { request in
            var problems: [String] = []
            if request.method != "GET" { problems.append("\(request.method): only GET is documented") }
            if request.header("Authorization") != "Bearer \(key)" { problems.append("no Authorization: Bearer KEY") }
            if request.header("X-Places-Api-Version") != "2025-06-17" { problems.append("no X-Places-Api-Version: 2025-06-17") }
            let parts = request.path.split(separator: "/")
            if parts.count != 3 || parts[0] != "places" || parts[2] != "photos" {
                problems.append("\(request.path) is not /places/{id}/photos")
            }
            if let limit = request.query["limit"], Int(limit).map({ (1...50).contains($0) }) != true {
                problems.append("limit=\(limit) is not 1...50")
            }
            if let sort = request.query["sort"], !["POPULAR", "NEWEST"].contains(sort) { problems.append("sort=\(sort)") }
            let unknown = Set(request.query.keys).subtracting(["limit", "sort"])
            if !unknown.isEmpty { problems.append("undocumented parameters \(unknown.sorted())") }
            found.add(problems)
            guard problems.isEmpty else { return .json(400, #"{"message": "\#(problems.joined(separator: "; "))"}"#) }
            guard let photos = places[String(parts[1])] else { return .json(404, #"{"message": "Place not found"}"#) }
            let limit = request.query["limit"].flatMap(Int.init) ?? 10
            let entries = photos.prefix(limit).map { photo -> [String: Any] in
                [
                    "id": photo.id, "created_at": "2024-05-01T12:00:00.000Z", "prefix": "\(imageBase)/img/general/",
                    "suffix": "/\(photo.id).jpg", "width": photo.width, "height": photo.height,
                    "classifications": ["food"],
                ]
            }
            let data = try! JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys, .withoutEscapingSlashes])
            return .respond(status: 200, headers: [("Content-Type", "application/json")], body: data)
        }
    }
}
