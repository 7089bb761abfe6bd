import Foundation

@testable import PlacesCore
@testable import PlacesSupport

/// How the Google and Foursquare fakes see the cafes of the bundled Helsinki extract: the same
/// world as OpenStreetMap's, with the disagreement real providers show, so that a merge of the
/// three (issue 16) has work to do. Everything is decided by a hash of the provider and the
/// OSM element, so every run, recording and replay sees the same views.
///
/// - about one cafe in eight is missing from each provider (independently);
/// - every position is moved 5–35 m in some direction;
/// - names are upper- or lower-cased, given a branch (`Espresso House Kamppi`,
///   `Fazer Café (Kluuvi)`), stripped of a leading generic word, of accents or apostrophes,
///   or re-spelled by one letter;
/// - two cafes OpenStreetMap lacks are known to Google and Foursquare (`unmapped`).
///
/// Only cafes: the fakes' other places stay exactly OpenStreetMap's, as the other recorded
/// scenarios expect.
enum FakeCafeDisagreement {
    enum Provider: String {
        case google, foursquare
    }

    struct View: Equatable {
        let name: String
        let latitude: Double
        let longitude: Double
    }

    /// A cafe as `provider` knows it, or nil when it does not. `element` is `node/123`.
    static func view(of element: String, name: String, latitude: Double, longitude: Double, provider: Provider) -> View? {
        let bytes = hash("\(provider.rawValue):cafe:\(element)")
        if bytes[0] % 8 == 0 { return nil }
        let meters = 5 + Double(bytes[1] % 31)
        let bearing = (Double(bytes[2]) * 256 + Double(bytes[3])) / 65536 * 2 * .pi
        let (lat, lon) = moved(latitude, longitude, meters: meters, bearing: bearing)
        let district = NameVariants.nearestDistrict(latitude: latitude, longitude: longitude)
        let renamed: String
        switch (provider, bytes[4] % 10) {
        case (.google, 4): renamed = name.uppercased()
        case (.google, 5): renamed = "\(name) \(district)"
        case (.google, 6): renamed = withoutLeadingGenericWord(name)
        case (.google, 7): renamed = NameVariants.withoutAccents(name)
        case (.google, 8): renamed = "\(name) - \(district)"
        case (.foursquare, 4): renamed = name.replacingOccurrences(of: "'", with: "")
        case (.foursquare, 5): renamed = "\(name) (\(district))"
        case (.foursquare, 6): renamed = name.lowercased()
        case (.foursquare, 7): renamed = respelled(name, at: Int(bytes[5]))
        case (.foursquare, 8): renamed = name.replacingOccurrences(of: "&", with: "and")
        default: renamed = name
        }
        return View(name: renamed, latitude: lat, longitude: lon)
    }

    /// Cafes OpenStreetMap does not have: a key (for ids), then each provider's name and position.
    static let unmapped: [(key: String, google: View, foursquare: View)] = [
        (
            "unmapped/1", View(name: "Café Kolmio", latitude: 60.16912, longitude: 24.93493),
            View(name: "Kolmio", latitude: 60.16921, longitude: 24.93510)
        ),
        (
            "unmapped/2", View(name: "Kahvila Pikkusieni", latitude: 60.17008, longitude: 24.93802),
            View(name: "Pikkusieni Kahvila Oy", latitude: 60.17001, longitude: 24.93779)
        ),
    ]

    private static func hash(_ text: String) -> [UInt8] {
        let hex = SHA256.hex(text)
        var bytes: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            bytes.append(UInt8(hex[i..<j], radix: 16)!)
            i = j
        }
        return bytes
    }

    /// A point `meters` away on `bearing` (radians from north), on a sphere: exact enough for tens of metres.
    private static func moved(_ latitude: Double, _ longitude: Double, meters: Double, bearing: Double) -> (Double, Double) {
        let perDegree = 111_320.0
        let lat = latitude + meters * cos(bearing) / perDegree
        let lon = longitude + meters * sin(bearing) / (perDegree * cos(latitude * .pi / 180))
        return ((lat * 1e7).rounded() / 1e7, (lon * 1e7).rounded() / 1e7)
    }

    private static func withoutLeadingGenericWord(_ name: String) -> String {
        let words = name.split(separator: " ")
        guard words.count > 1, ["cafe", "café", "kahvila", "caffe", "caffé"].contains(words[0].lowercased()) else { return name }
        return words.dropFirst().joined(separator: " ")
    }

    /// One letter of the longest word (six letters or more) dropped; the name as it is otherwise.
    private static func respelled(_ name: String, at seed: Int) -> String {
        var words = name.split(separator: " ").map(String.init)
        guard let longest = words.indices.max(by: { words[$0].count < words[$1].count }), words[longest].count >= 6 else { return name }
        var letters = Array(words[longest])
        letters.remove(at: 1 + seed % (letters.count - 2))
        words[longest] = String(letters)
        return words.joined(separator: " ")
    }
}
