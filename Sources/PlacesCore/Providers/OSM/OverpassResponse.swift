/// The Overpass API `[out:json]` document, as written by `out center tags;`.
///
/// Named after Overpass's own JSON writer (drolbr/Overpass-API `output_json.cc`).
/// `elements` is promised and decoded strictly; `remark` appears only when the
/// server hit a runtime error (it still answers HTTP 200).
struct OverpassResponse: Decodable, Sendable {
    var elements: [OverpassElement]
    var remark: String?
}

/// One OSM element. Nodes carry `lat`/`lon`; ways and relations carry `center`.
struct OverpassElement: Decodable, Sendable, Equatable {
    struct Center: Decodable, Sendable, Equatable {
        var lat: Double
        var lon: Double
    }

    var type: String
    var id: Int64
    var lat: Double?
    var lon: Double?
    var center: Center?
    /// Absent when the element has no tags.
    var tags: [String: String]?
}
