import Foundation

/// The GeoNames cities (population ≥ 15,000), most populous first: each one's GeoNames id,
/// position and IANA time zone, the zones' names stored once (`Generated/CityTimeZoneData.swift`,
/// made by Scripts/generate-gazetteer.py). PlacesCore finds an OpenStreetMap place's time
/// zone here (`CityTimeZones`) without the gazetteer; the gazetteer finds its cities'
/// positions here by GeoNames id rather than repeating them.
package struct CityPositions: Sendable {
    /// GeoNames ids: the key the gazetteer's rows are joined on.
    package let ids: [UInt32]
    package let latitudes: [Double]
    package let longitudes: [Double]
    /// Indexes into `zoneNames`.
    package let zones: [Int32]
    package let zoneNames: [String]

    /// The bundled 34,006 cities, decoded on first use.
    package static let bundled = CityPositions(names: cityTimeZoneNames, records: cityTimeZoneRecords)

    /// The bytes of one record: id (UInt32), latitude, longitude (Int32 each), zone (UInt16).
    static let recordSize = 14

    /// `records`: base64 of 14 bytes a city, little-endian: its GeoNames id (UInt32),
    /// latitude and longitude in 1e-5 degrees (Int32 each) and the zone's index into `names`
    /// (UInt16). Decoding stops at a record whose zone index is out of range (the generator
    /// never writes one), so the cities keep their numbers.
    init(names: String, records: String) {
        let zoneNames = names.split(separator: "\n").map(String.init)
        let bytes = [UInt8](Data(base64Encoded: records, options: .ignoreUnknownCharacters) ?? Data())
        let count = bytes.count / Self.recordSize
        var ids: [UInt32] = [], latitudes: [Double] = [], longitudes: [Double] = [], zones: [Int32] = []
        ids.reserveCapacity(count)
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
        zones.reserveCapacity(count)
        func uint32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        for city in 0..<count {
            let at = city * Self.recordSize
            let zone = Int32(UInt16(bytes[at + 12]) | UInt16(bytes[at + 13]) << 8)
            guard Int(zone) < zoneNames.count else { break }
            ids.append(uint32(at))
            // An integer over a power of ten: exactly the Double the text "60.16952" parses to.
            latitudes.append(Double(Int32(bitPattern: uint32(at + 4))) / 100_000)
            longitudes.append(Double(Int32(bitPattern: uint32(at + 8))) / 100_000)
            zones.append(zone)
        }
        self.init(ids: ids, latitudes: latitudes, longitudes: longitudes, zones: zones, zoneNames: zoneNames)
    }

    package var count: Int { latitudes.count }

    /// The first `count` cities (all of them when there are fewer).
    package func prefix(_ count: Int) -> CityPositions {
        guard count < self.count else { return self }
        return CityPositions(
            ids: Array(ids.prefix(count)), latitudes: Array(latitudes.prefix(count)),
            longitudes: Array(longitudes.prefix(count)), zones: Array(zones.prefix(count)), zoneNames: zoneNames)
    }

    /// Cities given position by position (tests, a trimmed table, a join); `ids` default to
    /// the cities' numbers.
    package init(ids: [UInt32]? = nil, latitudes: [Double], longitudes: [Double], zones: [Int32], zoneNames: [String]) {
        self.ids = ids ?? latitudes.indices.map { UInt32(truncatingIfNeeded: $0) }
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.zones = zones
        self.zoneNames = zoneNames
    }

    package func coordinate(_ city: Int) -> Coordinate {
        Coordinate(uncheckedLatitude: latitudes[city], longitude: longitudes[city])
    }
}
