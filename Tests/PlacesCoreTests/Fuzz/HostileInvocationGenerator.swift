import Foundation

@testable import places_cli

/// Commands that reach a provider, for the hostile-server fuzz: every endpoint (Google
/// nearby, text search, details, Routes; Foursquare search and details; Overpass; OSRM),
/// through `nearby`, `search`, `details`, `favorite add` and `route-estimate`, with output
/// and filter flags that change what is fetched, `--timeout 1` and `--retries 0` or `1` so
/// that each case stays short, and sometimes `--record` or `--dry-run`.
enum HostileInvocationGenerator {
    static let ids: [String: [String]] = [
        "google": ["google:ChIJN1t_tDeuEmsRUsoyG83frY4"],
        "foursquare": ["foursquare:4b0588f9f964a520f9db22e3"],
        "osm": ["osm:node/1369465615", "osm:way/8145437"],
    ]
    static let at = "60.1699,24.9384"

    static func make(_ rng: inout SplitMix64) -> FuzzInvocation {
        let provider = rng.pick(["google", "google", "foursquare", "foursquare", "osm"])
        var pieces: [[String]]
        switch rng.weighted([(24, "nearby"), (22, "search"), (14, "details"), (12, "favorite add"), (28, "route-estimate")]) {
        case "nearby":
            pieces = [["nearby"], ["--provider", provider], ["--at", at]]
            if rng.percent(30) { pieces.append(["--limit", rng.pick(["5", "20", "60", "120"])]) }
        case "search":
            pieces = [["search"], [rng.pick(["sushi", "kahvila", "a"])], ["--provider", provider]]
            if rng.percent(60) { pieces.append(["--at", at]) }
            if rng.percent(50) { pieces.append(["--limit", rng.pick(["5", "20", "60", "120"])]) }
        case "details":
            pieces = [["details"], [rng.pick(ids[provider]!)]]
        case "favorite add":
            pieces = [["favorite", "add"], [rng.pick(ids[provider]!)]]
            if rng.percent(30) { pieces.append(["--note", "lunch"]) }
        default:
            let router = rng.pick(["google", "osrm"])
            let point = { (rng: inout SplitMix64) -> String in
                rng.percent(65)
                    ? rng.pick([at, "60.1675,24.9522", "Helsinki"]) : rng.pick(ids["google"]! + ids["foursquare"]! + ids["osm"]!)
            }
            pieces = [
                ["route-estimate"], ["--from", point(&rng)], ["--to", point(&rng)], ["--router", router],
                ["--mode", rng.pick(router == "osrm" ? ["walk", "bike", "drive"] : ["walk", "bike", "drive", "transit"])],
            ]
        }
        let optional: [[String]] = [
            ["--json"], ["--format", rng.pick(["csv", "ndjson", "geojson", "table"])],
            ["--fields", rng.pick(["all", "+rating,+openNow", "+phone,+website"])],
            ["--sort", rng.pick(["rating", "best", "popularity"])], ["--open-now"], ["--min-rating", "4"], ["--price", "1-3"],
            ["--group-by", "cuisine"], ["--record", "{case}/rec"], ["--dry-run"],
        ]
        for extra in optional where rng.percent(extra[0] == "--dry-run" ? 4 : extra[0] == "--record" ? 12 : 14) {
            pieces.append(extra)
        }
        pieces.append(["--timeout", "1"])
        pieces.append(["--retries", rng.percent(50) ? "1" : "0"])
        let path = pieces[0]
        guard let spec = CommandTable.command(path: path) else {
            return FuzzInvocation(pieces: pieces, environment: [], favorites: .absent)
        }
        // Only what the command accepts: a usage error tests nothing here.
        pieces = pieces.filter { piece in
            piece == path || !piece[0].hasPrefix("--") || spec.flag(named: String(piece[0].dropFirst(2))) != nil
        }
        if pieces.contains(["--json"]) { pieces.removeAll { $0[0] == "--format" } }
        var seen = Set<String>()
        pieces = pieces.filter { !$0[0].hasPrefix("--") || seen.insert($0[0]).inserted }
        return FuzzInvocation(
            pieces: pieces, environment: [], favorites: rng.percent(40) ? .valid : .absent, pinned: ["--timeout", "--retries"])
    }
}
