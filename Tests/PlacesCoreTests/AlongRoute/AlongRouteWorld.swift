import Foundation

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesRouting

/// Routes and answers the along-route tests share: the bundled Helsinki extract, straight
/// lines across it, a winding street-like line (what OSRM's `overview=full` draws), and the
/// brute-force answer: every place of the extract measured against the whole line.
enum AlongRouteWorld {
    static let helsinki = PlacesBinary.helsinkiData

    static func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }

    /// Straight lines: centre → Espoo (16 km), across Kallio (2 km), south → north through
    /// the centre, and a point (a line of length 0).
    static let straightLines: [[Coordinate]] = [
        [c(60.1699, 24.9384), c(60.2055, 24.6559)],
        [c(60.1800, 24.9400), c(60.1900, 24.9700)],
        [c(60.1500, 24.9450), c(60.2200, 24.9350)],
        [c(60.1699, 24.9384)],
    ]

    /// A winding line of `steps` legs of 20–150 m, turning up to 60° at each vertex, from the
    /// centre; points at 1e-5° as an encoded polyline carries them.
    static func windingLine(steps: Int = 200, seed: UInt64 = 25) -> [Coordinate] {
        var random = SplitMix(seed: seed)
        var here = (lat: 60.1699, lon: 24.9384)
        var azimuth = 20.0
        var points = [c(here.lat, here.lon)]
        for _ in 0..<steps {
            azimuth += random.unit() * 120 - 60
            // Drift back towards the centre now and then, so the line stays over the data.
            if random.below(10) == 0 {
                azimuth = GeodesicSolver.wgs84.inverse(lat1: here.lat, lon1: here.lon, lat2: 60.18, lon2: 24.94).azimuth1
            }
            let p = GeodesicLine(latitude: here.lat, longitude: here.lon, azimuth: azimuth).position(at: 20 + random.unit() * 130)
            here = ((p.latitude * 1e5).rounded() / 1e5, (GeodesicSegment.wrapped(p.longitude) * 1e5).rounded() / 1e5)
            points.append(c(here.lat, here.lon))
        }
        return points
    }

    struct Expected {
        let venue: Venue
        let along: Double
        let offset: Double
        let order: Int
    }

    /// Every place (each once, in file order) measured on every segment of the line: no
    /// corridor, no index. Costly, so measured once per line and filtered per radius.
    static func measured(_ venues: [Venue], line points: [Coordinate]) -> [Expected] {
        guard let line = RouteLine(points) else { return [] }
        var seen = Set<PlaceID>()
        var found: [Expected] = []
        for (order, venue) in venues.enumerated() where seen.insert(venue.id).inserted {
            let at = line.locate(venue.coordinate)
            found.append(Expected(venue: venue, along: at.alongMeters, offset: at.offsetMeters, order: order))
        }
        return found
    }

    /// The places within `radius`, in the order a route search gives them: along, then off
    /// the route, then file order (or off the route, then file order).
    static func bruteForce(_ measured: [Expected], radius: Double, byOffset: Bool = false) -> [Expected] {
        measured.filter { $0.offset <= radius }.sorted { a, b in
            let (ka, kb) = byOffset ? (a.offset, b.offset) : (a.along, b.along)
            if ka != kb { return ka < kb }
            if !byOffset, a.offset != b.offset { return a.offset < b.offset }
            return a.order < b.order
        }
    }

    static func request(
        line: [Coordinate], radius: Double, sort: VenueSortOrder = .along, limit: Int = 20,
        types: [PlaceCategory] = [], query: String? = nil, measure: RouteMeasure? = nil, mode: TravelMode = .walk
    ) -> SearchRequest {
        var request = SearchRequest(
            kind: query.map { .text($0) } ?? .nearby, center: nil, radiusMeters: radius, types: types, sort: sort,
            limit: limit, fields: FieldSelection(fields: VenueField.defaultSet + VenueField.routeFields, isExplicit: false))
        if let corridor = RouteCorridor(line, radiusMeters: radius) {
            request.route = SearchRoute(corridor: corridor, measure: measure, mode: mode)
        }
        return request
    }
}
