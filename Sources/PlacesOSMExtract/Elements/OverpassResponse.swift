/// The Overpass API `[out:json]` document, as written by `out center tags;` (or `out bb`,
/// `out geom`, `out body`), or a GeoJSON FeatureCollection of OSM features
/// (`OverpassScanner` reads both; this model is the JSONDecoder reference for Overpass's).
///
/// Named after Overpass's own JSON writer (drolbr/Overpass-API `output_json.cc`).
/// `elements` is promised and decoded strictly; `remark` appears only when the
/// server hit a runtime error (it still answers HTTP 200).
package struct OverpassResponse: Decodable, Sendable {
    package var elements: [OverpassElement]
    package var remark: String?
}

/// One OSM element. Nodes carry `lat`/`lon`; ways and relations carry `center` (`out center`),
/// `bounds` (`out bb`), or their points (`out geom`: a way's `geometry`, a relation's members'
/// `lat`/`lon` and `geometry`). Those are lenient: a point or a bound that is missing or null
/// is skipped; a value of the wrong type is an error, as for every other field.
package struct OverpassElement: Decodable, Sendable, Equatable {
    package struct Center: Decodable, Sendable, Equatable {
        package var lat, lon: Double
    }

    package var type: String
    package var id: Int64
    package var lat, lon: Double?
    package var center: Center?
    /// `bounds`, as a box.
    var bounds: PositionBox?
    /// The box of the element's points.
    var geometry: PositionBox?
    /// Absent when the element has no tags.
    package var tags: [String: String]?
}

extension OverpassElement {
    private enum CodingKeys: String, CodingKey {
        case type, id, lat, lon, center, bounds, geometry, members, tags
    }

    private struct Bounds: Decodable {
        var minlat, minlon, maxlat, maxlon: Double?
    }

    private struct Point: Decodable {
        var lat, lon: Double?
    }

    private struct Member: Decodable {
        var lat, lon: Double?
        var geometry: [Point?]?
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(String.self, forKey: .type)
        id = try c.decode(Int64.self, forKey: .id)
        lat = try c.decodeIfPresent(Double.self, forKey: .lat)
        lon = try c.decodeIfPresent(Double.self, forKey: .lon)
        center = try c.decodeIfPresent(Center.self, forKey: .center)
        tags = try c.decodeIfPresent([String: String].self, forKey: .tags)
        if let b = try c.decodeIfPresent(Bounds.self, forKey: .bounds),
            let south = b.minlat, let west = b.minlon, let north = b.maxlat, let east = b.maxlon
        {
            let box = PositionBox(south: south, west: west, north: north, east: east)
            bounds = box.isEmpty ? nil : box
        }
        var box = PositionBox()
        var sawPoints = false
        func add(_ points: [Point?]) {
            sawPoints = true
            for case let point? in points {
                if let lat = point.lat, let lon = point.lon { box.add(latitude: lat, longitude: lon) }
            }
        }
        if let points = try c.decodeIfPresent([Point?].self, forKey: .geometry) { add(points) }
        if let members = try c.decodeIfPresent([Member?].self, forKey: .members) {
            for case let member? in members {
                if let lat = member.lat, let lon = member.lon { sawPoints = true; box.add(latitude: lat, longitude: lon) }
                if let points = member.geometry { add(points) }
            }
        }
        geometry = sawPoints && !box.isEmpty ? box : nil
    }
}
