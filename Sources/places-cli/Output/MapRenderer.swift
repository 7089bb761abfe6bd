import PlacesCore
import PlacesMap
import PlacesOSMExtract
import PlacesSupport

/// `--format svg`: the answer drawn as a map by PlacesMap, over the streets of an
/// OpenStreetMap `.osm.pbf` (`--map-data`, else the `--data` extract when it is one), else
/// over a graticule. Places from a provider whose terms forbid a map of our own (Google's)
/// are refused before anything is asked, or left out of favorites with a note.
struct MapRenderer {
    let size: MapSize
    let streets: (any StreetMapSource)?

    /// The renderer for `options`, its street map opened (a `--map-data` that is missing
    /// or not `.osm.pbf` fails here, before any request).
    static func make(_ options: MapOptions, providerOptions: ProviderOptions?, context: RunContext) throws -> MapRenderer {
        let noCache = providerOptions?.noCache ?? false
        let cache = noCache ? nil : VenueIndexCache(environment: context.environment)?.directory
        var path = options.mapData
        if path == nil, let providerOptions, let data = try ProviderSelection.dataFile(providerOptions, context: context),
            StreetMaps.isOpenStreetMapPBF(data)
        {
            path = data
        }
        let streets = try path.map {
            try StreetMaps.openStreetMap(extract: $0, cacheDirectory: cache, diagnostics: context.diagnostics)
        }
        return MapRenderer(size: options.size, streets: streets)
    }

    /// Refuses a map of places from `providers` when one of them forbids it.
    static func checkTerms(_ providers: [ProviderName]) throws {
        if let forbidding = providers.first(where: { !MapContent.mayShow($0) }) {
            throw UsageError(
                "\(forbidding.profile.displayName)'s terms do not allow its places on a map other than Google's (Google Maps Platform Terms §3.2.3(e)), and --format svg draws its own: use --format geojson, or --provider osm or foursquare"
            )
        }
    }

    /// A list of places (`nearby`, `search`, `favorite list`): numbered in the table's order.
    func venues(_ venues: [Venue], center: Coordinate?, route: [Coordinate]?, title: String) throws -> String {
        var pins = center.map { [MapPin(role: .centre, coordinate: $0)] } ?? []
        // Along a route: its ends.
        if let first = route?.first, let last = route?.last {
            pins += [MapPin(role: .start, coordinate: first), MapPin(role: .end, coordinate: last)]
        }
        return try draw(venues, pins: pins, route: route, title: title)
    }

    /// `reverse`: each point as a pin (the first is `centre`), the nearest places numbered.
    func reverse(_ answers: [ReverseGeocode]) throws -> String {
        let pins = answers.map { MapPin(role: .centre, coordinate: $0.coordinate, label: $0.address?.formatted) }
        return try draw(answers.flatMap(\.places), pins: pins, route: nil, title: "places reverse")
    }

    private func draw(_ venues: [Venue], pins: [MapPin], route: [Coordinate]?, title: String) throws -> String {
        let markers = venues.enumerated().map { MapMarker($1, number: $0 + 1) }
        let content = MapContent(
            width: size.width, height: size.height, markers: markers, pins: pins, route: route,
            attributions: MapContent.credits(for: venues), streets: streets, title: title)
        return try MapDrawing.draw(content).svg()
    }

    /// `route-estimate`: the two ends and the route's line (the straight line, dashed, for
    /// the estimate router).
    func route(_ route: RouteEstimate) throws -> String {
        let line = route.line ?? [route.from.coordinate, route.to.coordinate]
        let content = MapContent(
            width: size.width, height: size.height,
            pins: [
                MapPin(role: .start, coordinate: route.from.coordinate, label: route.from.name),
                MapPin(role: .end, coordinate: route.to.coordinate, label: route.to.name),
            ],
            route: line, routeIsEstimate: route.line == nil, attributions: [], streets: streets,
            title: "places route-estimate: \(DistanceText.format(route.distanceMeters)), \(DistanceText.duration(route.durationSeconds))")
        return try MapDrawing.draw(content).svg()
    }
}
