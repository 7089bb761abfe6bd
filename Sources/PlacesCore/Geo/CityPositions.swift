import Foundation

/// The GeoNames cities (population ≥ 15,000), most populous first: each one's position and
/// IANA time zone, the zones' names stored once (`CityTimeZoneData.swift`, generated with
/// PlacesGazetteer's names, row for row). PlacesCore finds an OpenStreetMap place's time
/// zone here (`CityTimeZones`) without the gazetteer; the gazetteer finds its cities'
/// positions here rather than repeating them.
package struct CityPositions: Sendable {
    package let latitudes: [Double]
    package let longitudes: [Double]
    /// Indexes into `zoneNames`.
    package let zones: [Int32]
    package let zoneNames: [String]

    /// The bundled 34,006 cities, decoded on first use.
    package static let bundled = CityPositions(names: cityTimeZoneNames, records: cityTimeZoneRecords)

    /// `records`: base64 of 10 bytes a city, latitude and longitude in 1e-5 degrees (Int32,
    /// little-endian) and the zone's index into `names` (UInt16, little-endian). Decoding
    /// stops at a record whose zone index is out of range (the generator never writes one),
    /// so the cities keep their numbers.
    package init(names: String, records: String) {
        let zoneNames = names.split(separator: "\n").map(String.init)
        let bytes = [UInt8](Data(base64Encoded: records, options: .ignoreUnknownCharacters) ?? Data())
        let count = bytes.count / 10
        var latitudes: [Double] = [], longitudes: [Double] = [], zones: [Int32] = []
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
        zones.reserveCapacity(count)
        func int32(_ at: Int) -> Int32 {
            Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        for city in 0..<count {
            let at = city * 10
            let zone = Int32(UInt16(bytes[at + 8]) | UInt16(bytes[at + 9]) << 8)
            guard Int(zone) < zoneNames.count else { break }
            // An integer over a power of ten: exactly the Double the text "60.16952" parses to.
            latitudes.append(Double(int32(at)) / 100_000)
            longitudes.append(Double(int32(at + 4)) / 100_000)
            zones.append(zone)
        }
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.zones = zones
        self.zoneNames = zoneNames
    }

    package var count: Int { latitudes.count }

    /// The first `count` cities (all of them when there are fewer).
    package func prefix(_ count: Int) -> CityPositions {
        guard count < self.count else { return self }
        return CityPositions(latitudes: Array(latitudes.prefix(count)), longitudes: Array(longitudes.prefix(count)),
                             zones: Array(zones.prefix(count)), zoneNames: zoneNames)
    }

    /// Cities given position by position (tests, a trimmed table).
    package init(latitudes: [Double], longitudes: [Double], zones: [Int32], zoneNames: [String]) {
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.zones = zones
        self.zoneNames = zoneNames
    }

    package func coordinate(_ city: Int) -> Coordinate {
        Coordinate(uncheckedLatitude: latitudes[city], longitude: longitudes[city])
    }
}
