import Foundation
import PlacesGeodesy
import PlacesSupport

/// The provider-neutral steps every search goes through, as pure functions:
/// duplicates removed, distance from the centre, radius filter (and a box's), places closed
/// for good left out, value filters, text filter, sort, limit.
/// Cuisine grouping follows in `CuisineGrouping`.
package enum VenuePipeline {
    /// What the pipeline produced, and what the user should be told about it.
    package struct Outcome: Sendable {
        package var venues: [Venue]
        package var notes: [String]
    }

    /// Runs every step in order for `request` over venues in the provider's order (`provider`
    /// nil for the merged answers of several).
    package static func run(_ venues: [Venue], for request: SearchRequest, provider: ProviderName?, wording: Wording = .library) -> Outcome
    {
        var notes: [String] = []
        var result = distinct(venues)
        if let route = request.route {
            result = alongRoute(result, route)
        } else if let center = request.center {
            if let radius = request.radiusMeters {
                // A cheap box first: exact geodesics only for places that may be inside.
                let bounds = GeodesicBounds(center: center, radius: radius)
                result = result.filter { bounds.contains(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude) }
            }
            result = withDistances(result, from: center)
            if let radius = request.radiusMeters {
                result = result.filter { ($0.distanceMeters ?? .infinity) <= radius }
            }
            if let box = request.box { result = result.filter { box.contains($0.coordinate) } }
        }
        if !request.includeClosed {
            let open = result.filter { $0.businessStatus != .closedPermanently }
            if open.count < result.count { notes.append(wording(.closedLeftOut(result.count - open.count))) }
            result = open
        }
        let beforeRating = result.count
        result = applyValueFilters(result, request)
        if request.minRating != nil, beforeRating > 0, result.isEmpty, provider?.profile.hasRatings == false {
            notes.append(wording(.minRatingEmptiesOSM))
        }
        if request.groupByCuisine {
            let restaurants = result.filter { Restaurant($0) != nil }
            if restaurants.count < result.count {
                let dropped = result.count - restaurants.count
                notes.append(wording(.groupingLeavesOut(dropped)))
            }
            result = restaurants
        }
        if let text = request.filterText {
            result =
                request.groupByCuisine
                ? result.filter { CuisineGrouping.isKept($0, filter: text) }
                : result.filter { matches($0.name, text) }
        }
        result = sorted(result, by: request.sort, radius: request.radiusMeters)
        if result.count > request.limit { result = Array(result.prefix(request.limit)) }
        return Outcome(venues: result, notes: notes)
    }

    /// Each place once, at its first occurrence (by `PlaceID`): a provider that repeats a page
    /// or a place, or an extract that lists an element twice, never prints it twice.
    static func distinct(_ venues: [Venue]) -> [Venue] {
        var seen = Set<PlaceID>()
        seen.reserveCapacity(venues.count)
        return venues.filter { seen.insert($0.id).inserted }
    }

    /// Sets `distanceMeters` and `bearingDegrees` from `center` on the ellipsoid.
    package static func withDistances(_ venues: [Venue], from center: Coordinate) -> [Venue] {
        venues.map { venue in
            var v = venue
            let g = GeodesicDistance.inverse(from: center, to: venue.coordinate)
            v.distanceMeters = g.meters
            v.bearingDegrees = g.meters > 0 ? g.initialBearing : nil
            return v
        }
    }

    /// Along a route: only the venues within the corridor, each with where the route meets it
    /// (`alongMeters`, `routeOffsetMeters`), and its distance and bearing from the route's
    /// start. A provider's detour figures are kept.
    static func alongRoute(_ venues: [Venue], _ route: SearchRoute) -> [Venue] {
        venues.compactMap { venue in
            guard let found = route.corridor.locate(venue.coordinate) else { return nil }
            var v = venue
            v.alongMeters = found.alongMeters
            v.routeOffsetMeters = found.offsetMeters
            let g = GeodesicDistance.inverse(from: route.start, to: venue.coordinate)
            v.distanceMeters = g.meters
            v.bearingDegrees = g.meters > 0 ? g.initialBearing : nil
            return v
        }
    }

    /// `--min-rating`, `--open-now`, `--price`: an unknown value never passes.
    package static func applyValueFilters(_ venues: [Venue], _ request: SearchRequest) -> [Venue] {
        venues.filter { v in
            if let min = request.minRating {
                guard let rating = v.rating, rating >= min else { return false }
            }
            if request.openNow, v.openNow != true { return false }
            if let price = request.price {
                guard let level = v.priceLevel, price.contains(level) else { return false }
            }
            return true
        }
    }

    /// Stable sort; `relevance` and `popularity` keep the provider's order.
    package static func sorted(_ venues: [Venue], by order: VenueSortOrder, radius: Double?) -> [Venue] {
        let indexed = Array(venues.enumerated())
        func byDistance(_ a: (offset: Int, element: Venue), _ b: (offset: Int, element: Venue)) -> Bool {
            let da = a.element.distanceMeters ?? .infinity, db = b.element.distanceMeters ?? .infinity
            if da != db { return da < db }
            return a.offset < b.offset
        }
        func byOffset(_ a: (offset: Int, element: Venue), _ b: (offset: Int, element: Venue)) -> Bool {
            let oa = a.element.routeOffsetMeters ?? .infinity, ob = b.element.routeOffsetMeters ?? .infinity
            if oa != ob { return oa < ob }
            return a.offset < b.offset
        }
        switch order {
        case .relevance, .popularity:
            return venues
        case .distance:
            return indexed.sorted(by: byDistance).map(\.element)
        case .along:
            return indexed.sorted { a, b in
                let pa = a.element.alongMeters ?? .infinity, pb = b.element.alongMeters ?? .infinity
                if pa != pb { return pa < pb }
                return byOffset(a, b)
            }.map(\.element)
        case .detour:
            return indexed.sorted { a, b in
                switch (a.element.detourSeconds, b.element.detourSeconds) {
                case let (da?, db?):
                    if da != db { return da < db }
                    let ma = a.element.detourMeters ?? .infinity, mb = b.element.detourMeters ?? .infinity
                    if ma != mb { return ma < mb }
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): break
                }
                return byOffset(a, b)
            }.map(\.element)
        case .rating:
            return indexed.sorted { a, b in
                let ra = a.element.rating ?? -1, rb = b.element.rating ?? -1
                if ra != rb { return ra > rb }
                let ca = a.element.ratingCount ?? 0, cb = b.element.ratingCount ?? 0
                if ca != cb { return ca > cb }
                return byDistance(a, b)
            }.map(\.element)
        case .best:
            let scale = radius ?? SearchDefaults.nearbyRadiusMeters
            return indexed.sorted { a, b in
                let sa = bestScore(a.element, scale: scale) ?? -.infinity
                let sb = bestScore(b.element, scale: scale) ?? -.infinity
                if sa != sb { return sa > sb }
                return byDistance(a, b)
            }.map(\.element)
        }
    }

    /// `--sort best`: a rating shrunk towards 3.5 by few reviews (a Bayesian mean with
    /// the weight of 10 reviews), minus one star per `scale` metres (the radius) of distance.
    /// Unrated venues have no score and go last.
    static func bestScore(_ venue: Venue, scale: Double) -> Double? {
        guard let rating = venue.rating else { return nil }
        let prior = 3.5, weight = 10.0
        let shrunk: Double
        if let count = venue.ratingCount {
            shrunk = (rating * Double(count) + prior * weight) / (Double(count) + weight)
        } else {
            shrunk = rating
        }
        let penalty = (venue.distanceMeters ?? 0) / max(scale, 1)
        return shrunk - penalty
    }

    /// `--filter` on a name: case- and accent-insensitive substring.
    static func matches(_ name: String, _ filter: String) -> Bool {
        TextFolding.contains(name, filter)
    }

    /// `--filter` on a cuisine: `middle eastern` matches `middle_eastern`.
    static func matchesCuisine(_ cuisine: String, _ filter: String) -> Bool {
        let spaced = cuisine.replacingOccurrences(of: "_", with: " ")
        let needle = TextFolding.fold(filter).replacingOccurrences(of: "_", with: " ")
        return spaced.contains(needle)
    }
}
