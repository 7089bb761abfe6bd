import Foundation

/// Google's photo wire over loopback, checked field by field against the Places API v1
/// discovery document (rev 20261101) and providers.md §1.5: Place Details `GET /v1/places/{id}`
/// with the field mask `photos` and the key in `X-Goog-Api-Key`, answering `photos[]` (`name`
/// `places/{id}/photos/{ref}`, `widthPx`, `heightPx`, `authorAttributions[]`, `flagContentUri`,
/// `googleMapsUri`); then `places.photos.getMedia`, `GET /v1/{name}` where the name matches
/// `^places/[^/]+/photos/[^/]+/media$`, with `maxWidthPx` and/or `maxHeightPx` (int32,
/// 1 to 4800, at least one) and `skipHttpRedirect=true`, answering `PhotoMedia`
/// `{name, photoUri}` whose `photoUri` points at `imageBase`. A request off the wire is a 400
/// and is kept in `violations`.
final class FakeGooglePhotos: @unchecked Sendable {
    struct Photo: Sendable {
        var ref: String
        var width: Int
        var height: Int
        var authors: [(name: String, uri: String)]
    }

    let server: FakeHTTPServer
    var baseURL: String { server.baseURL }
    var requests: [FakeHTTPServer.Request] { server.requests }
    private let found: Found

    /// Every way a request was off the documented wire.
    var violations: [String] { found.list }

    /// The violations, kept from the server's threads.
    private final class Found: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        var list: [String] { lock.withLock { items } }
        func add(_ more: [String]) { lock.withLock { items += more } }
    }

    /// `places`: place id → its photos. `photoUri` answers `imageBase/p/REF?w=W&h=H` unless
    /// `photoURI` says otherwise; `override` answers first (nil to fall through).
    init(
        key: String, places: [String: [Photo]], imageBase: String, photoURI: (@Sendable (String) -> String)? = nil,
        override: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil
    ) throws {
        nonisolated(unsafe) let places = places
        let found = Found()
        self.found = found
        server = try FakeHTTPServer { request in
            if let reply = override?(request) { return reply }
            let (reply, problems) = Self.answer(request, key: key, places: places, imageBase: imageBase, photoURI: photoURI)
            found.add(problems)
            return reply
        }
    }

    static func answer(
        _ request: FakeHTTPServer.Request, key: String, places: [String: [Photo]], imageBase: String,
        photoURI: (@Sendable (String) -> String)?
    ) -> (FakeHTTPServer.Reply, [String]) {
        var problems: [String] = []
        if request.method != "GET" { problems.append("\(request.method) \(request.path): only GET is documented") }
        if request.header("X-Goog-Api-Key") != key { problems.append("\(request.path): no X-Goog-Api-Key with the key") }
        if request.query.keys.contains(where: { $0.lowercased() == "key" }) { problems.append("\(request.path): the key in the URL") }
        guard problems.isEmpty else { return (error(400, "INVALID_ARGUMENT", problems.joined(separator: "; ")), problems) }

        if request.path.hasSuffix("/media") {
            guard request.path.wholeMatch(of: /\/v1\/places\/[^\/]+\/photos\/[^\/]+\/media/) != nil else {
                problems.append("\(request.path) does not match ^places/[^/]+/photos/[^/]+/media$")
                return (error(400, "INVALID_ARGUMENT", problems[0]), problems)
            }
            let sizes = ["maxWidthPx", "maxHeightPx"].compactMap { name in request.query[name].map { (name, $0) } }
            if sizes.isEmpty { problems.append("neither maxWidthPx nor maxHeightPx") }
            for (name, value) in sizes where Int32(value).map({ (1...4800).contains($0) }) != true {
                problems.append("\(name)=\(value) is not an int32 in 1...4800")
            }
            if request.query["skipHttpRedirect"] != "true" { problems.append("no skipHttpRedirect=true") }
            let unknown = Set(request.query.keys).subtracting(["maxWidthPx", "maxHeightPx", "skipHttpRedirect"])
            if !unknown.isEmpty { problems.append("undocumented parameters \(unknown.sorted())") }
            if request.header("X-Goog-FieldMask") != nil { problems.append("a field mask on getMedia, which takes none") }
            guard problems.isEmpty else { return (error(400, "INVALID_ARGUMENT", problems.joined(separator: "; ")), problems) }
            let parts = request.path.split(separator: "/")
            let placeID = String(parts[2]), ref = String(parts[4])
            guard places[placeID]?.contains(where: { $0.ref == ref }) == true else {
                return (error(404, "NOT_FOUND", "Requested entity was not found."), [])
            }
            let name = "places/\(placeID)/photos/\(ref)"
            let uri =
                photoURI?(ref)
                ?? "\(imageBase)/p/\(ref)?w=\(request.query["maxWidthPx"] ?? "")&h=\(request.query["maxHeightPx"] ?? "")"
            return (json(["name": name + "/media", "photoUri": uri]), [])
        }

        guard request.path.hasPrefix("/v1/places/"), !request.path.dropFirst("/v1/places/".count).contains("/") else {
            return (error(404, "NOT_FOUND", "Method not found."), ["\(request.path) is no documented method"])
        }
        if request.header("X-Goog-FieldMask") != "photos" {
            problems.append("field mask '\(request.header("X-Goog-FieldMask") ?? "")': a photo needs 'photos' alone (IDs Only)")
            return (error(400, "INVALID_ARGUMENT", problems[0]), problems)
        }
        let placeID = String(request.path.dropFirst("/v1/places/".count))
        guard let photos = places[placeID] else { return (error(404, "NOT_FOUND", "Requested entity was not found."), []) }
        guard !photos.isEmpty else { return (json([:]), []) }
        return (
            json([
                "photos": photos.map { photo -> [String: Any] in
                    [
                        "name": "places/\(placeID)/photos/\(photo.ref)", "widthPx": photo.width, "heightPx": photo.height,
                        "authorAttributions": photo.authors.map {
                            ["displayName": $0.name, "uri": $0.uri, "photoUri": "//lh3.googleusercontent.com/a/\($0.name.count)"]
                        },
                        "flagContentUri": "https://www.google.com/local/imagery/report/?cb_client=maps_api_places&image_key=\(photo.ref)",
                        "googleMapsUri": "https://www.google.com/maps/place//data=!3m4!1e2!3m2!1s\(photo.ref)",
                    ]
                }
            ]), []
        )
    }

    static func error(_ status: Int, _ code: String, _ message: String) -> FakeHTTPServer.Reply {
        .json(
            status,
            #"{"error": {"code": \#(status), "message": "\#(message.replacingOccurrences(of: "\"", with: "'"))", "status": "\#(code)"}}"#)
    }

    private static func json(_ object: [String: Any]) -> FakeHTTPServer.Reply {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return .respond(status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")], body: data)
    }
}
