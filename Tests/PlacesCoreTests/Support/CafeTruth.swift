import Foundation

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesRouting

/// Which place each cafe venue of the three fakes is: every id the fakes (with
/// `disagreeingCafes`) and the Helsinki extract give a cafe, mapped to the OSM element it was
/// made from (or a `FakeCafeDisagreement.unmapped` key). A merged record is right when all
/// its ids map to one place, and complete when it holds every provider's id for it.
enum CafeTruth {
    /// `osm:node/1`, `google:ChIJ…`, `foursquare:…` → `node/1` (or `unmapped/1`).
    static let place: [String: String] = {
        var map: [String: String] = [:]
        for element in FakeOverpass.elements {
            guard let tags = element["tags"] as? [String: String], tags["amenity"] == "cafe", tags["name"] != nil else { continue }
            let key = "\(element["type"]!)/\(element["id"]!)"
            map["osm:\(key)"] = key
            map["google:" + FakeGooglePlaces.placeID(forOSM: key)] = key
            map["foursquare:" + FakeFoursquare.placeID(forOSM: key)] = key
        }
        for unmapped in FakeCafeDisagreement.unmapped {
            map["google:" + FakeGooglePlaces.placeID(forOSM: unmapped.key)] = unmapped.key
            map["foursquare:" + FakeFoursquare.placeID(forOSM: unmapped.key)] = unmapped.key
        }
        return map
    }()

    /// Places that no merge can tell apart: cafes of one name within 80 m of each other in
    /// the extract (the two `Picnic`s 40 m apart), which the fakes each move by up to 35 m.
    /// Each maps to the first of its kind; a record that takes one provider's view of the
    /// other twin is not wrong, only unlucky (docs/merging.md, "What it still gets wrong").
    static let twin: [String: String] = {
        var cafes: [(key: String, name: String, at: Coordinate)] = []
        for element in FakeOverpass.elements {
            guard let tags = element["tags"] as? [String: String], tags["amenity"] == "cafe", let name = tags["name"] else { continue }
            let center = element["center"] as? [String: Double]
            let at = try! Coordinate(
                latitude: (element["lat"] as? Double) ?? center!["lat"]!, longitude: (element["lon"] as? Double) ?? center!["lon"]!)
            cafes.append(("\(element["type"]!)/\(element["id"]!)", name, at))
        }
        var map: [String: String] = [:]
        for a in cafes {
            for b in cafes where b.key != a.key && b.name == a.name && GeodesicDistance.meters(from: a.at, to: b.at) < 80 {
                map[a.key] = min(map[a.key] ?? a.key, min(a.key, b.key))
            }
        }
        return map
    }()

    /// The place an id is, with twins as one.
    static func placeOrTwins(_ id: String) -> String? {
        place[id].map { twin[$0] ?? $0 }
    }

    /// Every provider's id for `place`, among `providers` and in their order: those that have it.
    static func ids(of place: String, providers: [ProviderName]) -> [String] {
        let unmapped = place.hasPrefix("unmapped/")
        return providers.compactMap { provider in
            switch provider {
            case .osm: return unmapped ? nil : "osm:\(place)"
            case .google:
                let has = unmapped || FakeCafeDisagreement.view(of: place, name: "x", latitude: 60, longitude: 25, provider: .google) != nil
                return has ? "google:" + FakeGooglePlaces.placeID(forOSM: place) : nil
            case .foursquare:
                let has =
                    unmapped || FakeCafeDisagreement.view(of: place, name: "x", latitude: 60, longitude: 25, provider: .foursquare) != nil
                return has ? "foursquare:" + FakeFoursquare.placeID(forOSM: place) : nil
            }
        }
    }
}
