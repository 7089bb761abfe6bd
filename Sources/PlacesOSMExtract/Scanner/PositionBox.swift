/// The latitude/longitude box of a way's or relation's points (`out geom;`, a GeoJSON
/// geometry, member nodes) or of Overpass's `bounds` (`out bb;`), and its centre: where such
/// an element is placed when the export gave no `center`, as Overpass computes a centre.
///
/// A box is taken round the antimeridian when that makes it narrower (a way from 179.9° to
/// −179.9° has its centre at 180°, not 0°). Points outside the globe are skipped; the scanner
/// and the JSONDecoder path build boxes the same way, point by point.
struct PositionBox: Equatable, Sendable {
    var minLatitude = Double.infinity
    var maxLatitude = -Double.infinity
    var minLongitude = Double.infinity
    var maxLongitude = -Double.infinity
    /// The same with negative longitudes moved up by 360°.
    var minEastward = Double.infinity
    var maxEastward = -Double.infinity

    var isEmpty: Bool { minLatitude > maxLatitude }

    mutating func add(latitude: Double, longitude: Double) {
        guard latitude.isFinite, abs(latitude) <= 90, longitude.isFinite, abs(longitude) <= 180 else { return }
        minLatitude = min(minLatitude, latitude)
        maxLatitude = max(maxLatitude, latitude)
        minLongitude = min(minLongitude, longitude)
        maxLongitude = max(maxLongitude, longitude)
        let eastward = longitude < 0 ? longitude + 360 : longitude
        minEastward = min(minEastward, eastward)
        maxEastward = max(maxEastward, eastward)
    }

    mutating func add(_ other: PositionBox) {
        guard !other.isEmpty else { return }
        minLatitude = min(minLatitude, other.minLatitude)
        maxLatitude = max(maxLatitude, other.maxLatitude)
        minLongitude = min(minLongitude, other.minLongitude)
        maxLongitude = max(maxLongitude, other.maxLongitude)
        minEastward = min(minEastward, other.minEastward)
        maxEastward = max(maxEastward, other.maxEastward)
    }

    /// Overpass's `bounds` object: `minlon` above `maxlon` means it crosses the antimeridian.
    init(south: Double, west: Double, north: Double, east: Double) {
        guard south <= north else { return }
        add(latitude: south, longitude: west)
        add(latitude: north, longitude: east)
        if west > east, !isEmpty {
            // Only the eastward span describes it.
            minLongitude = -180
            maxLongitude = 180
        }
    }

    init() {}

    /// The middle of the box, or nil when it holds no point.
    var center: (lat: Double, lon: Double)? {
        guard !isEmpty else { return nil }
        let lat = (minLatitude + maxLatitude) / 2
        if maxEastward - minEastward < maxLongitude - minLongitude {
            var lon = (minEastward + maxEastward) / 2
            if lon > 180 { lon -= 360 }
            return (lat, lon)
        }
        return (lat, (minLongitude + maxLongitude) / 2)
    }
}
