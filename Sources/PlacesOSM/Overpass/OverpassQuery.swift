import Foundation
import PlacesGeodesy
import PlacesModel
import PlacesOSMExtract
import PlacesSupport

/// Builds Overpass QL for a search: one `around:` circle, the mapped tags, named elements
/// only, `out center tags;` so ways and relations come with a centre and no geometry.
/// (Overpass QL: wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL.)
enum OverpassQuery {
    /// Server-side time limit in seconds (`[timeout:N]`).
    static let serverTimeout = 25

    static func search(_ request: SearchRequest, center: Coordinate, radius: Double) -> String {
        search(request, circles: [RouteSampling.Circle(center: center, radiusMeters: radius)])
    }

    /// The most `around` circles a corridor query holds (each one a statement per tag filter).
    static let maxCorridorCircles = 40

    /// Along a route: the corridor as circles (`RouteSampling`), one `around` each. (A
    /// polyline form of `around` exists in newer servers, but no documentation we could
    /// check confirms it; circles work on every server.)
    static func corridor(_ request: SearchRequest, _ corridor: RouteCorridor) -> String {
        search(request, circles: RouteSampling.circles(corridor, maxCircles: maxCorridorCircles))
    }

    static func search(_ request: SearchRequest, circles: [RouteSampling.Circle]) -> String {
        search(request, areas: circles.map { "(around:\(JSONValue.format($0.radiusMeters)),\($0.center.latitude),\($0.center.longitude))" })
    }

    /// Inside a box (`--bbox`): Overpass's bounding-box filter `(south,west,north,east)`; a box
    /// across the antimeridian is asked as its two halves.
    static func search(_ request: SearchRequest, box: BoundingBox) -> String {
        let halves = box.crossesAntimeridian ? [(box.west, 180.0), (-180.0, box.east)] : [(box.west, box.east)]
        return search(request, areas: halves.map { "(\(box.south),\($0.0),\(box.north),\($0.1))" })
    }

    /// The statements for each of `areas` (an `around` or a bounding-box filter), as a union.
    private static func search(_ request: SearchRequest, areas arounds: [String]) -> String {
        var filters: [String] = []
        if request.types.isEmpty {
            filters = OSMCategoryTable.primaryKeys.map { "[\(quoted($0))]" }
        } else {
            var valuesByKey: [(key: String, values: [String])] = []
            for category in request.types {
                for tag in OSMCategoryTable.tags[category] ?? [] {
                    guard let at = valuesByKey.firstIndex(where: { $0.key == tag.key }) else {
                        valuesByKey.append((tag.key, [tag.value]))
                        continue
                    }
                    if !valuesByKey[at].values.contains(tag.value) { valuesByKey[at].values.append(tag.value) }
                }
            }
            filters = valuesByKey.map { key, values in
                values.count == 1
                    ? "[\(quoted(key))=\(quoted(values[0]))]" : "[\(quoted(key))~\(quoted("^(" + values.joined(separator: "|") + ")$"))]"
            }
        }
        var statements: [String] = []
        for around in arounds {
            if let text = request.query {
                let pattern = quoted(regexEscaped(text))
                for filter in filters {
                    statements.append("  nwr\(filter)[\"name\"~\(pattern),i]\(around);")
                    statements.append("  nwr\(filter)[\"name\"][\"cuisine\"~\(pattern),i]\(around);")
                }
            } else {
                statements += filters.map { "  nwr\($0)[\"name\"]\(around);" }
            }
        }
        return "[out:json][timeout:\(serverTimeout)];\n(\n" + statements.joined(separator: "\n") + "\n);\nout center tags;"
    }

    static func element(_ ref: OSMElementRef) -> String {
        "[out:json][timeout:\(serverTimeout)];\n\(ref.type.rawValue)(\(ref.id));\nout center tags;"
    }

    /// A QL string literal.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Text matched literally inside a QL regular expression.
    static func regexEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\^$.|?*+()[]{}".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
