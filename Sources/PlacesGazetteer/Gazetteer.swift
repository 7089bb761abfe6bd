import PlacesCore
import PlacesGeodesy
import PlacesSupport

/// Offline place-name lookup over the bundled GeoNames cities (population ≥ 15,000): the
/// CLI's `--near` and POINT names, or an app's "search near a city" without a network.
///
/// `Paris` picks the most populous match; `Paris,US`, `Paris, FR` or `Helsinki, Finland`
/// narrows by country, and `Springfield,US-MA`, `Cambridge, MA`, `London, ON` or
/// `Perth, WA` by first-level division too (see `GazetteerScope`). Matching ignores case and
/// accents and includes alternate names (`Helsingfors`). With no exact match a
/// whole-word prefix is tried (`Frankfurt` → Frankfurt am Main); with none at all
/// the error lists the closest names.
public struct Gazetteer: Sendable {
    /// One row: a city, or a section of one (Kallio, Times Square: `Gazetteer.nearestCity`
    /// names their city instead; a name still finds them).
    public struct Place: Sendable, Hashable {
        public let name: String
        public let countryCode: String
        /// GeoNames first-level division code, e.g. `NY`, `01`, `ZH`.
        public let admin1: String
        /// The first-level division's name (`New York`, `Uusimaa`, `Zurich`); nil when
        /// GeoNames gives the code no name (`00`, an empty code).
        public let admin1Name: String?
        public let coordinate: Coordinate
        public let population: Int

        /// `Name, CC-ADMIN1`, accepted back as a query.
        public var qualifiedName: String { admin1.isEmpty ? "\(name), \(countryCode)" : "\(name), \(countryCode)-\(admin1)" }

        /// `Name, CC`, or `Name, CC-ADMIN1` when another candidate shares the country.
        func label(among candidates: [Place]) -> String {
            let sameCountry = candidates.contains { $0 != self && $0.countryCode == countryCode }
            return sameCountry ? qualifiedName : "\(name), \(countryCode)"
        }
    }

    /// A resolved name: the chosen place and the other candidates it was chosen over.
    public struct Match: Sendable {
        public let place: Place
        /// Other places with the same name, most populous first.
        public let others: [Place]
        /// Set when no place has exactly this name and a longer one was taken.
        public let matchedByPrefix: Bool

        /// A note for stderr when the choice was not obvious, else nil.
        public func note(for query: String) -> String? {
            let all = [place] + others
            let population = Self.grouped(place.population)
            if matchedByPrefix {
                let alsoText = others.isEmpty ? "" : "; also: " + others.prefix(3).map { $0.label(among: all) }.joined(separator: "; ")
                return "no place is named exactly '\(query)'; using \(place.label(among: all)) (pop. \(population))\(alsoText)"
            }
            guard let runnerUp = others.first else { return nil }
            let shown = others.prefix(3).map { $0.label(among: all) }.joined(separator: "; ")
            let more = others.count > 3 ? " and \(others.count - 3) more" : ""
            let noun = others.count == 1 ? "other" : "others"
            let example =
                runnerUp.countryCode == place.countryCode
                ? "\(runnerUp.name),\(runnerUp.countryCode)-\(runnerUp.admin1)" : "\(runnerUp.name),\(runnerUp.countryCode)"
            return
                "'\(query)' is ambiguous: using \(place.label(among: all)) (pop. \(population)); \(others.count) \(noun): \(shown)\(more). Add ',CC' or ',CC-REGION' to choose, e.g. '\(example)'"
        }

        private static func grouped(_ n: Int) -> String {
            var digits = Array(String(n))
            var i = digits.count - 3
            while i > 0 {
                digits.insert(",", at: i)
                i -= 3
            }
            return String(digits)
        }
    }

    let rows: String
    /// The rows joined to their positions by GeoNames id.
    let table: GazetteerTable
    /// First-level divisions' names by `CC.CODE` (`FI.01` → `Uusimaa`).
    let admin1Names: [String: String]
    /// The nearest-row trees, built on first use.
    let lookup: GazetteerNearestLookup

    /// The gazetteer compiled into the binary (GeoNames, CC BY 4.0).
    public static let bundled = Gazetteer(rows: gazetteerRows, admin1Names: gazetteerAdmin1Names, positions: .bundled)

    /// Rows in the bundled layout (see Scripts/generate-gazetteer.py), the divisions' names
    /// (`FI.01`, tab, `Uusimaa`, a line each), and the positions the rows' GeoNames ids are
    /// looked up in.
    init(rows: String, admin1Names: String = "", positions: CityPositions) {
        self.rows = rows
        table = GazetteerTable(rows: rows, positions: positions)
        self.admin1Names = Self.divisionNames(admin1Names)
        lookup = GazetteerNearestLookup(table: table)
    }

    /// `CC.CODE<TAB>Name` lines as a dictionary; a line without a tab or a name is left out.
    /// Read as UTF-8 bytes (a tab and a newline are never inside a character).
    private static func divisionNames(_ text: String) -> [String: String] {
        var names: [String: String] = [:]
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 10 { end += 1 }
                if let tab = bytes[start..<end].firstIndex(of: 9), tab + 1 < end {
                    names[String(decoding: bytes[start..<tab], as: UTF8.self)] = String(decoding: bytes[(tab + 1)..<end], as: UTF8.self)
                }
                start = end + 1
            }
        }
        return names
    }

    /// The name of `country`'s first-level division `admin1`, if GeoNames gives one.
    func admin1Name(country: String, admin1: String) -> String? {
        admin1Names[country + "." + admin1]
    }

    /// Resolves a name such as `Helsinki`, `Paris, FR`, `London, UK` or `Cambridge, MA`, or throws
    /// `PlacesError`: an empty name is `invalidRequest`, no match `notFound` with the closest names.
    public func resolve(_ query: String) throws -> Match {
        try resolve(query, point: nil, wording: .library)
    }

    /// `point` names the route end the name is for (the CLI's `--from`/`--to`), if any.
    package func resolve(_ query: String, point: String?, wording: Wording) throws -> Match {
        let (namePart, scopes) = Self.split(query)
        let key = TextFolding.fold(namePart)
        guard !key.isEmpty else {
            throw PlacesError.invalidRequest(.center, message: wording(.placeNameNeeded))
        }
        var exact: [Place] = []
        var prefixed: [Place] = []
        let keyBytes = Array(key.utf8)
        forEachRow { row, fields in
            if !scopes.isEmpty,
                !scopes.contains(where: { Self.equal(fields[2], $0.country) && ($0.admin1.map { Self.equal(fields[3], $0) } ?? true) })
            {
                return
            }
            switch Self.compare(keys: fields[6], with: keyBytes) {
            case .exact: exact.append(place(row, fields))
            case .wordPrefix: prefixed.append(place(row, fields))
            case .none: break
            }
        }
        if let first = exact.first {
            return Match(place: first, others: Array(exact.dropFirst()), matchedByPrefix: false)
        }
        if let first = prefixed.first {
            return Match(place: first, others: Array(prefixed.dropFirst()), matchedByPrefix: true)
        }
        let scope = scopes.isEmpty ? "" : " in " + scopes.map(\.label).joined(separator: " or ")
        // `Helsinki, Finlnd`: the suffix named nothing, so spell-check the name before it.
        let spelled = scopes.isEmpty ? query.split(separator: ",").first.map { TextFolding.fold(String($0)) } ?? key : key
        let near = closestNames(to: spelled, countries: Set(scopes.map(\.country)))
        let hint = near.isEmpty ? "" : "; closest names: " + near.joined(separator: ", ")
        throw PlacesError.notFound(message: wording(.noPlaceNamed(name: namePart, scope: scope, closest: hint, point: point)))
    }

    // MARK: - Query parsing

    /// `Paris, FR` → ("Paris", [FR]); `Springfield,US-MA` and `Cambridge, MA` → (name, [US-MA, ...]);
    /// `Helsinki, Finland` → ("Helsinki", [FI]). Text after the last comma that names no
    /// country or division stays part of the name (no scope).
    static func split(_ query: String) -> (name: String, scopes: [GazetteerScope]) {
        guard let comma = query.lastIndex(of: ",") else { return (query, []) }
        let scopes = GazetteerScope.readings(of: String(query[query.index(after: comma)...]))
        guard !scopes.isEmpty else { return (query, []) }
        return (String(query[..<comma]).trimmingSpaces(), scopes)
    }

    // MARK: - Row scanning

    private enum KeyMatch { case exact, wordPrefix, none }

    /// Calls `body` with each row's number and its seven tab-separated fields (name,
    /// asciiname, country, admin1, population, the city of a section, keys), as UTF-8 slices.
    func forEachRow(_ body: (Int, [UnsafeBufferPointer<UInt8>]) -> Void) {
        var text = rows
        text.withUTF8 { all in
            var fields: [UnsafeBufferPointer<UInt8>] = []
            fields.reserveCapacity(7)
            for (city, span) in table.fields.enumerated() {
                var start = span.lowerBound
                for i in span.lowerBound...span.upperBound where i == span.upperBound || all[i] == 9 {
                    fields.append(UnsafeBufferPointer(rebasing: all[start..<i]))
                    start = i + 1
                }
                if fields.count == 7 { body(city, fields) }
                fields.removeAll(keepingCapacity: true)
            }
        }
    }

    private static func compare(keys: UnsafeBufferPointer<UInt8>, with key: [UInt8]) -> KeyMatch {
        var result = KeyMatch.none
        var start = 0
        for i in 0...keys.count where i == keys.count || keys[i] == UInt8(ascii: "|") {
            let length = i - start
            if length >= key.count, (0..<key.count).allSatisfy({ keys[start + $0] == key[$0] }) {
                if length == key.count { return .exact }
                if keys[start + key.count] == UInt8(ascii: " ") { result = .wordPrefix }
            }
            start = i + 1
        }
        return result
    }

    private static func equal(_ field: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        field.elementsEqual(text.utf8)
    }

    private static func string(_ field: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: field, as: UTF8.self)
    }

    private func place(_ row: Int, _ f: [UnsafeBufferPointer<UInt8>]) -> Place {
        let country = Self.string(f[2]), admin1 = Self.string(f[3])
        return Place(
            name: Self.string(f[0]), countryCode: country, admin1: admin1, admin1Name: admin1Name(country: country, admin1: admin1),
            coordinate: table.positions.coordinate(row), population: Int(Self.string(f[4])) ?? 0)
    }

    /// Up to three names within a small edit distance of `key` (in `countries` when given),
    /// the closest first, then the most populous.
    private func closestNames(to key: String, countries: Set<String>) -> [String] {
        let target = Array(key.utf8)
        var scored: [(distance: Int, order: Int, name: String)] = []
        var order = 0
        var seen = Set<String>()
        forEachRow { _, fields in
            order += 1
            if !countries.isEmpty, !countries.contains(where: { Self.equal(fields[2], $0) }) { return }
            let keys = fields[6]
            let end = keys.firstIndex(of: UInt8(ascii: "|")) ?? keys.count
            let primary = Array(UnsafeBufferPointer(rebasing: keys[0..<end]))
            let limit = max(2, target.count / 3)
            let d = Suggestion.distance(target, primary, limit: limit)
            guard d <= limit else { return }
            let name = Self.string(fields[0])
            if seen.insert(name).inserted { scored.append((d, order, "\(name) (\(Self.string(fields[2])))")) }
        }
        return scored.sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }.prefix(3).map(\.name)
    }
}

private extension StringProtocol {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
