import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract

/// The extract's addresses: which elements they are (every element with an address key,
/// read independently of the collector), where they are (a node's position, a way's centre
/// of its nodes' box), and the nearest to a point (the addresses file's cell search against
/// a plain scan of every address).
@Suite("OSM addresses")
struct OSMAddressBookTests {
    /// A street address has a street (or a place standing for one): a city or a postcode alone is not one.
    static let keys = ["addr:street", "addr:place"]
    static let json = PlacesBinary.helsinkiData
    static let pbf = PBFFiles.helsinki

    static func isAddress(_ tags: [String: String]) -> Bool {
        keys.contains { tags[$0].map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? false }
    }

    /// The PBF file's address elements found the plain way: every tagged element read with
    /// all its tags, every node's location, each way at the centre of its nodes' box.
    static func pbfAddressesByBruteForce() throws -> [String: (lat: Double, lon: Double, tags: [String: String])] {
        let tagged = try PBFFiles.taggedElements(pbf).filter { isAddress($0.tags) && $0.kind != .relation }
        let data = try Data(contentsOf: URL(fileURLWithPath: pbf))
        var nodes: [Int64: (Double, Double)] = [:]
        var refs: [Int64: [Int64]] = [:]
        try data.withUnsafeBytes { file in
            let reader = PBFBlockReader(file: file)
            for block in try PBFFileBlock.blocks(in: file) where block.kind == .data {
                try reader.load(block)
                let tables = reader.block
                try reader.forEachElement(PBFGroupDecoder.Wanted()) { element throws(PBFError) in
                    if element.kind == .node { nodes[element.id] = (element.latitude, element.longitude) }
                    if element.kind == .way {
                        var ids: [Int64] = []
                        try tables.forEachRef(of: element) { ids.append($0) }
                        refs[element.id] = ids
                    }
                    return true
                }
            }
        }
        var found: [String: (lat: Double, lon: Double, tags: [String: String])] = [:]
        for element in tagged {
            if element.kind == .node, let p = nodes[element.id] {
                found[element.placeID] = (p.0, p.1, element.tags)
            } else if element.kind == .way {
                var box = PositionBox()
                for id in refs[element.id] ?? [] { if let p = nodes[id] { box.add(latitude: p.0, longitude: p.1) } }
                if let centre = PBFMemberPlacement.overpassCentre(box) { found[element.placeID] = (centre.lat, centre.lon, element.tags) }
            }
        }
        return found
    }

    @Test func pbfAddressesAreEveryElementWithAStreet() throws {
        let expected = try Self.pbfAddressesByBruteForce()
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.pbf))
        let records = try data.withUnsafeBytes { try OSMAddressCollector.records(pbf: $0) }
        #expect(records.count > 1000, "the clip of central Helsinki has thousands of addresses")
        #expect(Set(records.map(\.placeID)) == Set(expected.keys))
        for record in records {
            guard let truth = expected[record.placeID] else { continue }
            #expect(record.latitude == truth.lat && record.longitude == truth.lon, "\(record.placeID)")
            #expect(record.street == (truth.tags["addr:street"] ?? truth.tags["addr:place"]), "\(record.placeID)")
            #expect(record.housenumber == truth.tags["addr:housenumber"], "\(record.placeID)")
            #expect(record.postcode == truth.tags["addr:postcode"], "\(record.placeID)")
            #expect(record.city == truth.tags["addr:city"], "\(record.placeID)")
            #expect(record.country == truth.tags["addr:country"]?.uppercased(), "\(record.placeID)")
            #expect(record.streetAddress.countryCode == record.country)
        }
        #expect(records.contains { $0.country == "FI" } && records.contains { $0.country == nil })
    }

    /// The JSON file is the PBF's named places with `out center`: each of its addresses is the
    /// PBF's address of the same element, at the same place.
    @Test func jsonAddressesAreThoseOfThePBF() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.json))
        let response = try JSONDecoder().decode(OverpassResponse.self, from: data)
        let expected = response.elements.filter { Self.isAddress($0.tags ?? [:]) }
        let records = try data.withUnsafeBytes { try OSMAddressCollector.records(json: $0) }
        #expect(records.count == expected.count)
        #expect(records.count > 800)
        let pbf = try Data(contentsOf: URL(fileURLWithPath: Self.pbf)).withUnsafeBytes { try OSMAddressCollector.records(pbf: $0) }
        let byID = Dictionary(pbf.map { ($0.placeID, $0) }, uniquingKeysWith: { a, _ in a })
        for record in records {
            let twin = try #require(byID[record.placeID], "\(record.placeID) is in the PBF")
            #expect(twin == record, "\(record.placeID)")
        }
    }

    /// Issue 36: a café tagged only `addr:city` and `addr:postcode` answered "00100 Helsinki"
    /// 37.5 m from 60.17348,24.94223, though Mannerheimintie's addresses are 144 m away; 7 of 40
    /// points in central Helsinki answered so. Through the binary, every point of a grid of 40
    /// answers an address with a street, and that point the nearest street address.
    @Test func everyAnswerIsAStreetAddress() throws {
        let dir = try TemporaryDirectory()
        var env = PlacesBinary.baseEnvironment(home: dir.file("home"))
        env["XDG_CACHE_HOME"] = dir.file("cache")
        var points = ["60.17348,24.94223"]
        for row in 0..<5 {
            for column in 0..<8 { points.append("\(60.1660 + Double(row) * 0.0025),\(24.9370 + Double(column) * 0.0020)") }
        }
        let result = try PlacesBinary.run(["reverse"] + points + ["--data", Self.json, "--json"], environment: env)
        #expect(result.status == 0, "\(result)")
        let records = result.stdout.split(separator: "\n").compactMap { try? JSONHelpers.object(String($0)) }
        #expect(records.count == points.count)
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.json))
        let response = try JSONDecoder().decode(OverpassResponse.self, from: data)
        for record in records {
            let address = try #require(record["address"] as? [String: Any], "\(record)")
            #expect(address["street"] as? String != nil, "\(record)")
        }
        // The first point: the nearest element with a street, measured here.
        let first = try #require(records.first?["address"] as? [String: Any])
        let point = try Coordinate(latitude: 60.17348, longitude: 24.94223)
        let nearest = response.elements.filter { Self.isAddress($0.tags ?? [:]) }.compactMap { element -> (Double, String)? in
            guard let lat = element.lat ?? element.center?.lat, let lon = element.lon ?? element.center?.lon,
                let street = element.tags?["addr:street"] ?? element.tags?["addr:place"]
            else { return nil }
            return (GeodesicDistance.meters(from: point, to: Coordinate(uncheckedLatitude: lat, longitude: lon)), street)
        }.min { $0.0 < $1.0 }
        #expect(first["street"] as? String == nearest?.1 && nearest != nil, "\(first) against \(String(describing: nearest))")
    }

    /// The nearest address found through the addresses file, against every address measured.
    @Test func nearestThroughTheFileMatchesAPlainScan() throws {
        let cache = try TemporaryDirectory()
        let diagnostics = Diagnostics { _ in }
        let book = try OSMAddressBook.open(path: Self.pbf, cache: VenueIndexCache(directory: cache.path), diagnostics: diagnostics)
        #expect(cache.contents(of: ".").contains { $0.hasSuffix(".idx.addresses") })
        var all: [OSMAddressRecord] = []
        try book.forEachRecord { all.append($0) }
        #expect(all.count == book.count)
        var random = SplitMix64(seed: 0x24)
        // The clip is about 60.158–60.175 N, 24.925–24.960 E; some points well outside it too.
        for i in 0..<100 {
            let spread = i % 5 == 0 ? 0.2 : 0.0
            let lat = 60.150 - spread + Double(random.below(30_000)) / 1_000_000 + spread * Double(random.below(3))
            let lon = 24.915 - spread + Double(random.below(55_000)) / 1_000_000 + spread * Double(random.below(3))
            let point = Coordinate(uncheckedLatitude: lat, longitude: lon)
            var best: (record: OSMAddressRecord, meters: Double)?
            for record in all {
                let meters = GeodesicDistance.meters(from: point, to: record.coordinate)
                if best.map({ (meters, record.kind.rawValue, record.id) < ($0.meters, $0.record.kind.rawValue, $0.record.id) }) ?? true {
                    best = (record, meters)
                }
            }
            let found = try book.nearest(to: point)
            #expect(found?.record == best?.record, "at \(point)")
            #expect(found?.meters == best?.meters, "at \(point)")
        }
        // Opened again: the same answers, from the file written the first time.
        let again = try OSMAddressBook.open(path: Self.pbf, cache: VenueIndexCache(directory: cache.path), diagnostics: diagnostics)
        #expect(again.count == book.count)
        let far = Coordinate(uncheckedLatitude: -33.9, longitude: 151.2)
        #expect(try again.nearest(to: far)?.record == book.nearest(to: far)?.record)
        #expect(try again.nearest(to: far) != nil, "the nearest address is found however far the point")
    }

    /// A file that changes gets its addresses read again; a damaged addresses file is not trusted.
    @Test func aChangedSourceOrADamagedFileIsReadAgain() throws {
        let cache = try TemporaryDirectory()
        let diagnostics = Diagnostics { _ in }
        let source = try cache.write(
            "extract.json",
            Data(
                #"{"elements":[{"type":"node","id":1,"lat":60.1,"lon":24.9,"tags":{"addr:street":"Aleksanterinkatu","addr:housenumber":"52"}}]}"#
                    .utf8))
        let index = VenueIndexCache(directory: cache.file("idx"))
        #expect(
            try OSMAddressBook.open(path: source, cache: index, diagnostics: diagnostics).nearest(
                to: Coordinate(uncheckedLatitude: 60, longitude: 25))?.record.housenumber == "52")
        try Data(
            #"{"elements":[{"type":"node","id":1,"lat":60.1,"lon":24.9,"tags":{"addr:street":"Aleksanterinkatu","addr:housenumber":"54"}}]} "#
                .utf8
        )
        .write(to: URL(fileURLWithPath: source))
        #expect(
            try OSMAddressBook.open(path: source, cache: index, diagnostics: diagnostics).nearest(
                to: Coordinate(uncheckedLatitude: 60, longitude: 25))?.record.housenumber == "54")
        let written = try #require(cache.contents(of: "idx").first { $0.hasSuffix(".addresses") })
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cache.file("idx/\(written)")))
        bytes[20] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: cache.file("idx/\(written)")))
        #expect(
            try OSMAddressBook.open(path: source, cache: index, diagnostics: diagnostics).nearest(
                to: Coordinate(uncheckedLatitude: 60, longitude: 25))?.record.housenumber == "54")
    }
}
