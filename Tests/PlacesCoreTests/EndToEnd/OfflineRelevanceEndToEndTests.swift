import Foundation
import Testing

/// Offline `relevance` through the binary: strong matches (a name word, a cuisine) come
/// first, the nearest first among them, and nothing nearer is left out.
@Suite("End to end: ranked offline search")
struct OfflineRelevanceEndToEndTests {
    /// README's example: the three nearest sushi places lead, before any sushi place
    /// farther away (file order put Haru Sushi, 487 m, first).
    @Test func theReadmeSushiExampleListsTheNearestFirst() throws {
        let dir = try TemporaryDirectory()
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        // The first run scans (and writes the index), the second reads the index: both agree.
        for _ in 0..<2 {
            let r = try PlacesBinary.run(
                ["search", "sushi", "--near", "Helsinki", "--data", PlacesBinary.helsinkiData, "--json"],
                environment: env)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
            let places = try JSONHelpers.array(r.stdout)
            let names = places.map { $0["name"] as? String ?? "" }
            #expect(Array(names.prefix(3)) == ["Haiku", "Hanko Sushi", "Fuku"], "\(names)")
            let distances = places.map { $0["distanceMeters"] as? Double ?? -1 }
            #expect(distances.prefix(3).map { Int($0.rounded()) } == [79, 165, 191], "\(distances)")
            // Every place that says sushi in its name or cuisines, in distance order.
            let sushi = places.filter { place in
                (place["name"] as? String ?? "").lowercased().split(separator: " ").contains("sushi")
                    || (place["cuisines"] as? [String] ?? []).contains("sushi")
            }
            let sushiDistances = sushi.map { $0["distanceMeters"] as? Double ?? -1 }
            #expect(sushi.count >= 10 && sushiDistances == sushiDistances.sorted(), "\(sushiDistances)")
            #expect(names.firstIndex(of: "Haru Sushi").map { $0 > 3 } == true, "\(names)")
        }
    }
}
