import PlacesGeodesy

extension Coordinate {
    /// Validates the range; throws `PlacesError.invalidRequest` naming the bad value.
    public init(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw PlacesError.invalidRequest(.coordinate, message: "latitude \(latitude) is out of range: it must be between -90 and 90")
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw PlacesError.invalidRequest(
                .coordinate, message: "longitude \(longitude) is out of range: it must be between -180 and 180")
        }
        self.init(uncheckedLatitude: latitude, longitude: longitude)
    }
}

extension BoundingBox {
    /// A map's viewport, validated: latitudes within -90…90 with `south` below `north`,
    /// longitudes within -180…180 and not equal (`west > east` crosses the antimeridian).
    /// Throws `PlacesError.invalidRequest(.box)` naming what is wrong.
    public static func validated(south: Double, west: Double, north: Double, east: Double) throws -> BoundingBox {
        for (name, value, limit) in [("south", south, 90.0), ("north", north, 90.0), ("west", west, 180.0), ("east", east, 180.0)] {
            guard value.isFinite, abs(value) <= limit else {
                throw PlacesError.invalidRequest(
                    .box, message: "the box's \(name) edge \(value) is out of range: it must be between -\(Int(limit)) and \(Int(limit))")
            }
        }
        guard south < north else {
            throw PlacesError.invalidRequest(
                .box, message: "the box's south edge \(south) must be below its north edge \(north): give SOUTH,WEST,NORTH,EAST")
        }
        guard west != east else {
            throw PlacesError.invalidRequest(.box, message: "the box's west and east edges are both \(west): it has no width")
        }
        return BoundingBox(south: south, west: west, north: north, east: east)
    }
}
