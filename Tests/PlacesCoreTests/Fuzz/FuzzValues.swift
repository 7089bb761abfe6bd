import Foundation

@testable import PlacesCore
@testable import PlacesModel

/// The dictionary the argument fuzzer draws from: values each flag accepts, and values that
/// have broken command-line tools before. `{case}` stands for the case's own directory and
/// `{shared}` for the run's directory of abused files (see `FuzzSandbox`).
enum FuzzValues {
    static let helsinki = PlacesBinary.helsinkiData

    /// Numbers in every spelling that has crashed a parser or an `Int(...)`. No whole
    /// number from 3 to 60: as `--retries` or a wait it would be honoured, and slow.
    static let numbers = [
        "0", "-0", "+0", "0.0", "1", "-1", "2", "0.5", "1e-400", "1e400", "-1e400", "1e308", "-1e308", "1e19", "1E19",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
        "99999999999999999999999999999999", "NaN", "nan", "-nan", "inf", "-inf", "Infinity", "+Inf", "0x10", "1_000",
        "1,5", "1.5.5", "٣", "１２", "½", "1e", "e1", ".", "-", "+", "--1", "1 ", " 1", "4.9e-324", "2.2250738585072014e-308",
        "1000", "100000", "20037509", "20037510", "3600", "3601", "0.001", "0.0009",
    ]

    /// Strings that are odd as any value.
    static let strings = [
        "", " ", "  ", "-", "--", "---", "-h", "--help", "--json", "--at", "--=", "=", "==", "a=b", ",", ",,", ";", "'", "\"", "\\",
        "\u{1b}[31mred\u{1b}[0m", "\u{1b}]0;title\u{07}", "line\nbreak", "tab\there", "cr\rreturn", "\u{7f}", "\u{85}next",
        "\u{202e}reversed", "\u{2028}", "é", "e\u{301}", "İstanbul", "ß", "ǅ", "🍣", "👩‍👩‍👧", "\u{feff}bom", "\u{fffd}",
        "日本語", "עברית", "%s%n%x", "%00", "${HOME}", "$(echo hi)", "`id`", "*", "?", "[", "~",
        "../../../../etc/passwd", "null", "true", "[]", "{}", "undefined", "0,0", "NaN,NaN",
        String(repeating: "a", count: 5_000), String(repeating: "9", count: 400), String(repeating: "🍣", count: 1_000),
        String(repeating: ",", count: 1_000), String(repeating: "a,", count: 2_000),
    ]

    /// Paths to everything that is not a plain readable extract.
    static let paths = [
        "{case}/fifo", "{case}/dir", "{case}/empty", "{case}/nul", "{case}/missing/x.json", "{case}/loop",
        "{case}/unreadable.json", "{case}/", "{case}/dir/", "{case}/favorites.json",
        "{shared}/deep.json", "{shared}/nan.json", "{shared}/huge-numbers.json", "{shared}/truncated.json",
        "{shared}/utf16.json", "{shared}/wrong-types.json", "{shared}/duplicates.json", "{shared}/elements-object.json",
        "{shared}/bad-favorites.json", "{shared}/huge-favorites.json",
        "/dev/null", "/dev/zero", "/dev/stdin", "/dev/full", "/", "/proc/self/status", "/etc/passwd", ".", "..", "x",
        "relative/dir/file.json", "file://" + helsinki, "~/x.json",
    ]

    /// Relative paths, resolved in the case's directory: short ones have broken path
    /// functions before.
    static let relativePaths = ["x", "=", "-", "f.json", "./x", "x/", "dir/x", "../x", "..", ".", "~", "x y", "é"]

    /// How often each path is drawn: FIFOs block a reader that is not careful, and a case
    /// that hangs costs the watchdog's whole wait. An extract may be a FIFO on purpose (it is
    /// read, as `cat` reads it, waiting for a writer): for `--data` and `$PLACES_OSM_DATA` the
    /// FIFO is `{case}/pipe`, which the test feeds; anywhere else it is `{case}/fifo`, which
    /// nobody writes to and which must be refused, not waited on.
    static func path(_ rng: inout SplitMix64, data: Bool = false) -> String {
        rng.percent(5) ? (data ? "{case}/pipe" : "{case}/fifo") : rng.pick(paths.filter { $0 != "{case}/fifo" })
    }

    /// Place ids of every provider's shape, well-formed and not.
    static let validPlaceIDs = [
        "osm:node/1369465615", "osm:way/8145437", "osm:node/2187383214", "google:ChIJN1t_tDeuEmsRUsoyG83frY4",
        "foursquare:4b0588f9f964a520f9db22e3", "GOOGLE:ChIJN1t_tDeuEmsRUsoyG83frY4", "OSM:node/1369465615",
    ]
    static let malformedPlaceIDs = [
        "osm:", "osm:node/", "osm:node/0", "osm:node/-1", "osm:node/+1", "osm:node/1.5", "osm:node/9223372036854775807",
        "osm:node/9223372036854775808", "osm:node/99999999999999999999", "osm:node/١٢٣", "osm:area/1", "osm:node//1",
        "osm:node/1/2", "osm:Node/1", "osm:node/ 1", "google:", "google:a/b", "google:../../v1/places", "google:a?b#c",
        "google:%2e%2e", "google:ChIJ\u{0}", "google:é", "google:" + String(repeating: "A", count: 10_000),
        "foursquare:", "foursquare:../x", "fsq:4b0588f9f964a520f9db22e3", "bing:1", ":", "::", "node/1", "1369465615",
        "google:ChIJ N1t", "google:ChIJ\n1", "osm:node/1369465615:extra",
    ]

    static let commandWords = [
        "nearby", "search", "details", "favorite", "add", "list", "remove", "route-estimate",
        "providers", "help", "nearbyy", "favourite", "Nearby", "route_estimate", "version",
    ]

    /// Values each flag (or positional) takes when used as documented.
    static func valid(_ name: String) -> [String] {
        switch name {
        case "at": return ["60.1699,24.9384", "60.17,24.94", "-33.8688,151.2093", "60.1699, 24.9384", "0,0", "-90,-180"]
        case "near": return ["Helsinki", "Espoo", "Paris, FR", "Springfield,US-MA", "helsinki", "Vantaa"]
        case "type": return ["restaurant", "cafe,bar", "pharmacy", "restaurant,fast_food,cafe"] + PlaceCategory.allCases.map(\.rawValue)
        case "radius": return ["500", "1000", "100", "50000", "0.5"]
        case "limit": return ["1", "5", "20", "120"]
        case "sort": return ["distance", "relevance", "rating", "popularity", "best"]
        case "min-rating": return ["4", "4.5", "0", "5"]
        case "price": return ["1-2", "0", "4", "0-4", "2"]
        case "filter": return ["sushi", "kahvila", "Café", "pizza", "a"]
        case "group-by": return ["cuisine"]
        case "format": return ["table", "json", "ndjson", "csv", "geojson"]
        case "fields": return ["all", "+rating,+openNow", "id,name", "id,name,openNow,openingHours,photos", "+phone,+website,+priceLevel"]
        case "provider": return ["osm", "osm", "google", "foursquare"]
        case "data": return [helsinki]
        case "timeout": return ["1", "2", "0.5"]
        case "retries": return ["0", "1", "2"]
        case "record", "replay": return ["{case}/rec"]
        case "note": return ["Friday lunch", "", "ünïcödé"]
        case "cache": return ["1h", "30s", "7d", "off"]
        case "max-tier": return ["pro", "enterprise", "essentials", "premium", "enterprise+atmosphere"]
        case "language": return ["fi", "en", "pt-BR", "zh-Hant"]
        case "region": return ["FI", "us", "GB"]
        case "from", "to":
            return [
                "60.1699,24.9384", "60.1675,24.9522", "60.2,24.9", "-33.8688,151.2093", "Helsinki", "osm:node/1369465615",
                "osm:way/8145437", "google:ChIJN1t_tDeuEmsRUsoyG83frY4", "foursquare:4b0588f9f964a520f9db22e3",
            ]
        case "mode": return ["walk", "bike", "drive", "transit"]
        case "router": return ["estimate", "estimate", "google", "osrm"]
        case "QUERY": return ["sushi", "pizza", "kahvila", "restaurant", "sushi bar"]
        case "PLACE_ID": return validPlaceIDs
        case "COMMAND": return ["nearby", "search", "favorite", "favorite add", "route-estimate"]
        case "SHELL": return ["bash", "zsh", "fish"]
        default: return ["x"]
        }
    }

    /// Values aimed at one flag's parser, beyond the general dictionary.
    static func nasty(_ name: String, _ rng: inout SplitMix64) -> String {
        switch name {
        case "at", "from", "to":
            let part = { (rng: inout SplitMix64) in rng.pick(numbers) }
            let shaped = [
                "\(part(&rng)),\(part(&rng))", "91,0", "0,181", "-90.0000001,0", "60.1699", "60.1699,", ",24.9384",
                "60.1699 24.9384", "60,1699,24,9384", "60.1699;24.9384", "60.1699,24.9384,10", "(60.1699,24.9384)",
                "60.1699N,24.9384E", "1e400,1e400", "-0,-0", "NaN,0", "inf,-inf", "٦٠,٢٤",
            ]
            if name != "at", rng.percent(40) { return rng.percent(50) ? rng.pick(malformedPlaceIDs) : rng.pick(strings) }
            return rng.pick(shaped)
        case "type", "fields":
            return rng.pick([
                "restaurant,", ",restaurant", "restaurant,,cafe", "RESTAURANT", "restaurant,restaurant", "all,id",
                "+", "+,+", "id,+name", "bogus", "any", "+all", "openingHours", String(repeating: "id,", count: 3_000),
            ])
        case "data", "record", "replay": return ""  // drawn from `paths` by the caller
        case "PLACE_ID": return rng.pick(malformedPlaceIDs)
        case "price": return rng.pick(["3-1", "-1", "5", "1-", "-", "1--2", "1-2-3", "1.5", "0-0", "4-4", "$$"])
        case "near": return rng.pick(["Atlantis", "Paris, XX", "Springfield,US-ZZ", ",", "Helsinki,", "Helsinki, FI, extra", "HELSINKI"])
        default: return rng.pick(numbers + strings)
        }
    }

    /// Which of `paths` a value names, for flags whose value is a file or directory.
    static let pathFlags: Set<String> = ["data", "record", "replay"]
}
