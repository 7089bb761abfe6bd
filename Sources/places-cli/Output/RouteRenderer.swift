import PlacesCore
import PlacesModel
import PlacesRouting
import PlacesSupport

/// Writes a route estimate in the chosen format. JSON follows the contract:
/// `from`, `to` (`latitude`, `longitude`, `name`, `id`), `mode`, `router`,
/// `distanceMeters`, `durationSeconds`, `straightLineMeters`, `mapsUrl`.
enum RouteRenderer {
    static func render(_ route: RouteEstimate, format: OutputFormat, map: MapRenderer? = nil) throws -> String {
        switch format {
        case .json: return json(route).pretty + "\n"
        case .ndjson: return json(route).compact + "\n"
        case .csv: return csv(route)
        case .geojson: return geojson(route).pretty + "\n"
        case .table: return table(route)
        case .svg:
            guard let map else { throw UsageError("this route has no map: use --format table, json or geojson") }
            return try map.route(route)
        }
    }

    /// The contract's object. Names come from providers and the gazetteer: sanitized here, once.
    static func json(_ route: RouteEstimate) -> JSONValue {
        .object(
            [
                ("from", point(route.from)),
                ("to", point(route.to)),
                ("mode", .string(route.mode.rawValue)),
                ("router", .string(route.router.rawValue)),
                ("distanceMeters", .number(route.distanceMeters)),
                ("durationSeconds", .number(route.durationSeconds)),
                ("straightLineMeters", .number(straightLine(route))),
                ("mapsUrl", .string(route.mapsURL)),
            ] + (route.stepsAsked ? [("steps", route.steps.map { .array($0.map(step)) } ?? .null)] : []))
    }

    /// `{"instruction", "distanceMeters", "durationSeconds", "latitude", "longitude"}`.
    static func step(_ s: RouteStep) -> JSONValue {
        .object([
            ("instruction", .string(TerminalText.shown(s.instruction))),
            ("distanceMeters", s.distanceMeters.map(JSONValue.number) ?? .null),
            ("durationSeconds", s.durationSeconds.map(JSONValue.number) ?? .null),
            ("latitude", .number(s.coordinate.latitude)),
            ("longitude", .number(s.coordinate.longitude)),
        ])
    }

    /// `{"latitude", "longitude", "name", "id"}`; name and id are null for a bare coordinate.
    static func point(_ p: RoutePoint) -> JSONValue {
        .object([
            ("latitude", .number(p.coordinate.latitude)),
            ("longitude", .number(p.coordinate.longitude)),
            ("name", name(p).map(JSONValue.string) ?? .null),
            ("id", p.id.map { .string($0.description) } ?? .null),
        ])
    }

    static let csvColumns = [
        "fromLatitude", "fromLongitude", "fromName", "fromId", "toLatitude", "toLongitude", "toName", "toId",
        "mode", "router", "distanceMeters", "durationSeconds", "straightLineMeters", "mapsUrl",
    ]

    /// A header and one row; the ends are flattened into `from*` / `to*` columns.
    static func csv(_ route: RouteEstimate) -> String {
        func cells(_ p: RoutePoint) -> [String] {
            [JSONValue.format(p.coordinate.latitude), JSONValue.format(p.coordinate.longitude), name(p) ?? "", p.id?.description ?? ""]
        }
        let row =
            cells(route.from) + cells(route.to) + [
                route.mode.rawValue, route.router.rawValue, JSONValue.format(route.distanceMeters),
                JSONValue.format(route.durationSeconds), JSONValue.format(straightLine(route)), route.mapsURL,
            ]
        return CSVRenderer.row(csvColumns) + CSVRenderer.row(row)
    }

    /// A FeatureCollection: the route's line as the router drew it (the straight line for the
    /// estimate) with the figures as properties, and the two ends
    /// as Points with `role`, `name` and `id`. Coordinates are [longitude, latitude].
    static func geojson(_ route: RouteEstimate) -> JSONValue {
        func position(_ c: Coordinate) -> JSONValue { .array([.number(c.longitude), .number(c.latitude)]) }
        var summary: [(String, JSONValue)] = []
        if case .object(let pairs) = json(route) { summary = pairs.filter { $0.0 != "from" && $0.0 != "to" } }
        let line: JSONValue = .object([
            ("type", .string("Feature")),
            (
                "geometry",
                .object([
                    ("type", .string("LineString")),
                    ("coordinates", .array((route.line ?? [route.from.coordinate, route.to.coordinate]).map(position))),
                ])
            ),
            ("properties", .object(summary)),
        ])
        func end(_ p: RoutePoint, role: String) -> JSONValue {
            .object([
                ("type", .string("Feature")),
                ("geometry", .object([("type", .string("Point")), ("coordinates", position(p.coordinate))])),
                (
                    "properties",
                    .object([
                        ("role", .string(role)), ("name", name(p).map(JSONValue.string) ?? .null),
                        ("id", p.id.map { .string($0.description) } ?? .null),
                    ])
                ),
            ])
        }
        return .object([
            ("type", .string("FeatureCollection")), ("features", .array([line, end(route.from, role: "from"), end(route.to, role: "to")])),
        ])
    }

    /// For people: what answered (saying plainly when it is only an estimate), the
    /// figures, and links that open the trip in Google Maps, Apple Maps and OpenStreetMap.
    static func table(_ route: RouteEstimate) -> String {
        var out = headline(route) + "\n\n"
        let rows: [(String, String)] = [
            ("From", describe(route.from)),
            ("To", describe(route.to)),
            ("Distance", DistanceText.format(route.distanceMeters)),
            ("Duration", DistanceText.duration(route.durationSeconds)),
            ("Straight line", DistanceText.format(route.straightLineMeters)),
            ("Mode", route.mode.rawValue),
            ("Router", route.router.rawValue),
        ]
        out += aligned(rows) + "\n"
        if route.stepsAsked, let steps = route.steps {
            out += "Steps\n"
            for (n, s) in steps.enumerated() {
                let figures = [s.distanceMeters.map(DistanceText.format), s.durationSeconds.map(DistanceText.duration)].compactMap { $0 }
                let said = figures.isEmpty ? "" : " (\(figures.joined(separator: ", ")))"
                out += "  \(n + 1). \(TerminalText.shown(s.instruction))" + said + "\n"
            }
            out += "\n"
        }
        let a = route.from.coordinate, b = route.to.coordinate
        out += aligned([
            ("Google Maps", route.mapsURL),
            ("Apple Maps", DirectionsLinks.appleMaps(from: a, to: b, mode: route.mode)),
            ("OpenStreetMap", DirectionsLinks.openStreetMap(from: a, to: b, mode: route.mode)),
        ])
        return out
    }

    static func headline(_ route: RouteEstimate) -> String {
        switch route.router {
        case .estimate:
            let c = EstimateCalibration.for(route.mode).at(straightLineMeters: route.straightLineMeters)
            let detour = c.fixedDetourMeters > 0 ? " + \(JSONValue.format(c.fixedDetourMeters)) m" : ""
            let wait = c.fixedSeconds > 0 ? " plus \(DistanceText.duration(c.fixedSeconds)) to reach a stop and wait" : ""
            let routers = route.mode == .transit ? "--router google" : "--router osrm or --router google"
            return
                "This is an estimate, not a route: the straight line × \(JSONValue.format((c.circuity * 100).rounded() / 100))\(detour) for \(route.mode.phrase) at this distance, at \(speedText(c.speedMetersPerSecond))\(wait). For a real route use \(routers)."
        case .google:
            return "Route by Google Routes (\(route.mode.phrase))."
        case .osrm:
            return "Route by OSRM (\(route.mode.phrase))."
        }
    }

    private static func speedText(_ metersPerSecond: Double) -> String {
        let kmh = (metersPerSecond * 3.6 * 10).rounded() / 10
        return "\(kmh) km/h"
    }

    private static func describe(_ p: RoutePoint) -> String {
        let where_ = "\(JSONValue.format(p.coordinate.latitude)),\(JSONValue.format(p.coordinate.longitude))"
        guard let name = name(p) else { return where_ }
        let id = p.id.map { " (\($0))" } ?? ""
        return "\(name)\(id) at \(where_)"
    }

    private static func name(_ p: RoutePoint) -> String? { p.name.map(TerminalText.shown) }

    private static func straightLine(_ route: RouteEstimate) -> Double { (route.straightLineMeters * 10).rounded() / 10 }

    private static func aligned(_ rows: [(String, String)]) -> String {
        let width = rows.map { $0.0.count }.max() ?? 0
        return rows.map { $0.0 + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 + "\n" }.joined()
    }
}
