import Foundation

@testable import PlacesCore
@testable import PlacesGeodesy

/// A fake Overpass API over loopback: takes `POST /api/interpreter` with form field `data`,
/// evaluates the subset of Overpass QL that `places` sends — `nwr[...]...(around:R,LAT,LON);`
/// statements with `["k"]`, `["k"="v"]` and `["k"~"re"(,i)]` filters, and `node(ID);` —
/// over the bundled Helsinki extract, and answers in the Overpass JSON layout.
///
/// Like a busy public server it gives up on circles over 20 km: HTTP 200 with empty
/// `elements` and a `remark` (the shape of shared/reference/examples/overpass-remark-timeout-2016.json).
final class FakeOverpass: @unchecked Sendable {
    let server: FakeHTTPServer
    var endpoint: String { server.baseURL + "/api/interpreter" }
    var requests: [FakeHTTPServer.Request] { server.requests }

    init(override: (@Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Reply?)? = nil) throws {
        server = try FakeHTTPServer { request in
            if let reply = override?(request) { return reply }
            return Self.answer(request)
        }
    }

    // Built once and never mutated.
    nonisolated(unsafe) static let elements: [[String: Any]] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: PlacesBinary.helsinkiData))
        return (try! JSONSerialization.jsonObject(with: data) as! [String: Any])["elements"] as! [[String: Any]]
    }()

    static func answer(_ request: FakeHTTPServer.Request) -> FakeHTTPServer.Reply {
        guard request.method == "POST", request.path == "/api/interpreter",
            let form = String(data: request.body, encoding: .utf8), form.hasPrefix("data="),
            let ql = String(form.dropFirst(5)).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        else {
            return .respond(
                status: 400, headers: [("Content-Type", "text/html; charset=utf-8")],
                body: Data("<p><strong style=\"color:#FF0000\">Error</strong>: line 1: parse error: Key expected - '%' found. </p>".utf8))
        }
        var matched: [[String: Any]] = []
        var seen = Set<String>()
        func add(_ element: [String: Any]) {
            let key = "\(element["type"]!)/\(element["id"]!)"
            if seen.insert(key).inserted { matched.append(element) }
        }
        // Statements end with ";"; the first of a union follows its "(".
        for statement in ql.split(separator: ";").map({
            $0.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "(")))
        }) {
            if let lookup = statement.wholeMatch(of: /(node|way|relation)\((\d+)\)/) {
                for e in elements where e["type"] as? String == String(lookup.1) && e["id"] as? Int == Int(lookup.2) { add(e) }
                continue
            }
            guard statement.hasPrefix("nwr") else { continue }
            // A bounding-box filter `(south,west,north,east)`: the `around` of a huge radius.
            var box: (south: Double, west: Double, north: Double, east: Double)?
            if let b = statement.firstMatch(of: /\((-?[0-9.]+),(-?[0-9.]+),(-?[0-9.]+),(-?[0-9.]+)\)/) {
                box = (Double(b.1)!, Double(b.2)!, Double(b.3)!, Double(b.4)!)
            }
            let around = statement.firstMatch(of: /\(around:([0-9.]+),(-?[0-9.]+),(-?[0-9.]+)\)/)
            guard box != nil || around != nil else { continue }
            let radius = around.map { Double($0.1)! } ?? 0
            if radius > 20_000 {
                return json([
                    "version": 0.6, "generator": "Overpass API (fake for places tests)", "elements": [Any](),
                    "remark": "runtime error: Query timed out in \"query\" at line 3 after 26 seconds.",
                ])
            }
            let center = try! Coordinate(latitude: around.map { Double($0.2)! } ?? 0, longitude: around.map { Double($0.3)! } ?? 0)
            let filters = statement.matches(of: /\["([^"]+)"(?:(=|~)"((?:[^"\\]|\\.)*)"(,i)?)?\]/).map { m in
                (
                    key: String(m.1), op: m.2.map(String.init), value: m.3.map { String($0).replacingOccurrences(of: "\\\\", with: "\\") },
                    caseless: m.4 != nil
                )
            }
            for e in elements {
                guard let tags = e["tags"] as? [String: String] else { continue }
                let ok = filters.allSatisfy { f in
                    guard let v = tags[f.key] else { return false }
                    switch f.op {
                    case "="?: return v == f.value
                    case "~"?:
                        return v.range(of: f.value!, options: f.caseless ? [.regularExpression, .caseInsensitive] : .regularExpression)
                            != nil
                    default: return true
                    }
                }
                guard ok else { continue }
                let c = e["center"] as? [String: Double]
                let p = try! Coordinate(latitude: (e["lat"] as? Double) ?? c!["lat"]!, longitude: (e["lon"] as? Double) ?? c!["lon"]!)
                if let box {
                    if (box.south...box.north).contains(p.latitude), (box.west...box.east).contains(p.longitude) { add(e) }
                } else if GeodesicDistance.meters(from: center, to: p) <= radius {
                    add(e)
                }
            }
        }
        matched.sort { a, b in
            let order = ["node": 0, "way": 1, "relation": 2]
            let ta = order[a["type"] as! String]!, tb = order[b["type"] as! String]!
            return ta != tb ? ta < tb : (a["id"] as! Int) < (b["id"] as! Int)
        }
        return json([
            "version": 0.6, "generator": "Overpass API (fake for places tests)",
            "osm3s": [
                "timestamp_osm_base": "2019-04-21T09:50:14Z",
                "copyright": "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.",
            ],
            "elements": matched,
        ])
    }

    private static func json(_ object: [String: Any]) -> FakeHTTPServer.Reply {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return .respond(status: 200, headers: [("Content-Type", "application/json")], body: data)
    }
}
