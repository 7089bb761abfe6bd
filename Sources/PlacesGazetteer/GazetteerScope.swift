import Foundation
import PlacesCore
import PlacesSupport

/// What the text after a name's last comma narrows the search to, as people write it:
/// a country code (`FI`, and `UK` for GB), a country's name (`Finland`, `United States`),
/// a US state, Canadian province or Australian state by its postal code or name (`MA`,
/// `Massachusetts`, `ON`, `NSW`), or the gazetteer's own `CC-ADMIN1` (`US-MA`, `CA-08`).
///
/// A suffix can mean several things (`CA` is Canada and California, `MA` Morocco and
/// Massachusetts): every reading is kept and the cities of all of them compete, so
/// `Cambridge, MA` is Cambridge, Massachusetts because Morocco has no Cambridge.
struct GazetteerScope: Sendable, Hashable {
    let country: String
    /// GeoNames first-level division code (`MA`, `08`); nil for the whole country.
    let admin1: String?

    /// How the scope is written back in messages (`US-MA`, `FI`).
    var label: String { admin1.map { "\(country)-\($0)" } ?? country }

    /// Every reading of `suffix`; empty when it names no country or division.
    static func readings(of suffix: String) -> [GazetteerScope] {
        let trimmed = suffix.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "-", maxSplits: 1)
        if parts.count == 2, parts[0].count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isLetter }) {
            return [
                GazetteerScope(
                    country: countryAliases[parts[0].uppercased()] ?? parts[0].uppercased(),
                    admin1: parts[1].uppercased())
            ]
        }
        let key = TextFolding.fold(trimmed).replacingOccurrences(of: ".", with: "")
        guard !key.isEmpty else { return [] }
        var result: [GazetteerScope] = []
        func add(_ scope: GazetteerScope) { if !result.contains(scope) { result.append(scope) } }
        if key.count == 2, key.allSatisfy({ $0.isASCII && $0.isLetter }) {
            let code = key.uppercased()
            add(GazetteerScope(country: countryAliases[code] ?? code, admin1: nil))
        }
        if let code = countryAliases[key.uppercased()] { add(GazetteerScope(country: code, admin1: nil)) }
        if let code = countryNames[key] { add(GazetteerScope(country: code, admin1: nil)) }
        for division in divisions[key] ?? [] { add(division) }
        return result
    }

    /// Codes people use that are not the ISO one, and a few long forms.
    static let countryAliases: [String: String] = ["UK": "GB", "USA": "US", "UAE": "AE"]

    /// Folded English country names (from the system's region names, plus the names people
    /// still use) → ISO code.
    static let countryNames: [String: String] = {
        var names: [String: String] = [:]
        let english = Locale(identifier: "en_US")
        for region in Locale.Region.isoRegions where region.identifier.count == 2 && region.identifier.allSatisfy(\.isLetter) {
            guard let name = english.localizedString(forRegionCode: region.identifier) else { continue }
            // `Myanmar (Burma)`: both names.
            for part in name.split(whereSeparator: { $0 == "(" || $0 == ")" }) {
                let key = TextFolding.fold(String(part)).replacingOccurrences(of: "’", with: "'")
                if !key.isEmpty, names[key] == nil { names[key] = region.identifier }
            }
        }
        let common: [String: String] = [
            "united states of america": "US", "america": "US", "the united states": "US", "us of a": "US",
            "great britain": "GB", "britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
            "northern ireland": "GB", "the united kingdom": "GB", "united kingdom": "GB",
            "holland": "NL", "the netherlands": "NL", "netherlands": "NL", "czech republic": "CZ", "czechia": "CZ",
            "korea": "KR", "south korea": "KR", "republic of korea": "KR", "north korea": "KP",
            "turkey": "TR", "turkiye": "TR", "burma": "MM", "ivory coast": "CI", "cote d'ivoire": "CI",
            "russia": "RU", "russian federation": "RU", "vietnam": "VN", "viet nam": "VN", "iran": "IR", "syria": "SY",
            "laos": "LA", "macedonia": "MK", "north macedonia": "MK", "swaziland": "SZ", "eswatini": "SZ",
            "cape verde": "CV", "east timor": "TL", "timor-leste": "TL", "vatican": "VA", "vatican city": "VA",
            "bolivia": "BO", "venezuela": "VE", "tanzania": "TZ", "moldova": "MD", "taiwan": "TW",
            "hong kong": "HK", "macau": "MO", "macao": "MO", "palestine": "PS", "the philippines": "PH",
            "congo": "CG", "dr congo": "CD", "drc": "CD", "democratic republic of the congo": "CD",
        ]
        for (name, code) in common { names[name] = code }
        return names
    }()

    /// US states, Canadian provinces and territories and Australian states and territories,
    /// by postal code and by name (folded) → the gazetteer's (GeoNames) admin1 codes.
    static let divisions: [String: [GazetteerScope]] = {
        var table: [String: [GazetteerScope]] = [:]
        func add(_ country: String, _ admin1: String, _ keys: [String]) {
            for key in keys { table[key, default: []].append(GazetteerScope(country: country, admin1: admin1)) }
        }
        let states: [(String, String)] = [
            ("AL", "alabama"), ("AK", "alaska"), ("AZ", "arizona"), ("AR", "arkansas"), ("CA", "california"),
            ("CO", "colorado"), ("CT", "connecticut"), ("DE", "delaware"), ("DC", "district of columbia"),
            ("FL", "florida"), ("GA", "georgia"), ("HI", "hawaii"), ("ID", "idaho"), ("IL", "illinois"),
            ("IN", "indiana"), ("IA", "iowa"), ("KS", "kansas"), ("KY", "kentucky"), ("LA", "louisiana"),
            ("ME", "maine"), ("MD", "maryland"), ("MA", "massachusetts"), ("MI", "michigan"), ("MN", "minnesota"),
            ("MS", "mississippi"), ("MO", "missouri"), ("MT", "montana"), ("NE", "nebraska"), ("NV", "nevada"),
            ("NH", "new hampshire"), ("NJ", "new jersey"), ("NM", "new mexico"), ("NY", "new york"),
            ("NC", "north carolina"), ("ND", "north dakota"), ("OH", "ohio"), ("OK", "oklahoma"), ("OR", "oregon"),
            ("PA", "pennsylvania"), ("RI", "rhode island"), ("SC", "south carolina"), ("SD", "south dakota"),
            ("TN", "tennessee"), ("TX", "texas"), ("UT", "utah"), ("VT", "vermont"), ("VA", "virginia"),
            ("WA", "washington"), ("WV", "west virginia"), ("WI", "wisconsin"), ("WY", "wyoming"),
        ]
        for (code, name) in states { add("US", code, [code.lowercased(), name]) }
        add("US", "DC", ["dc", "washington dc"])
        let provinces: [(String, String, String)] = [
            ("01", "ab", "alberta"), ("02", "bc", "british columbia"), ("03", "mb", "manitoba"),
            ("04", "nb", "new brunswick"), ("05", "nl", "newfoundland and labrador"), ("07", "ns", "nova scotia"),
            ("08", "on", "ontario"), ("09", "pe", "prince edward island"), ("10", "qc", "quebec"),
            ("11", "sk", "saskatchewan"), ("12", "yt", "yukon"), ("13", "nt", "northwest territories"), ("14", "nu", "nunavut"),
        ]
        for (admin1, code, name) in provinces { add("CA", admin1, [code, name]) }
        add("CA", "05", ["newfoundland"])
        add("CA", "10", ["pq"])
        let australia: [(String, String, String)] = [
            ("01", "act", "australian capital territory"), ("02", "nsw", "new south wales"), ("03", "nt", "northern territory"),
            ("04", "qld", "queensland"), ("05", "sa", "south australia"), ("06", "tas", "tasmania"),
            ("07", "vic", "victoria"), ("08", "wa", "western australia"),
        ]
        for (admin1, code, name) in australia { add("AU", admin1, [code, name]) }
        return table
    }()
}
