import Foundation
import PlacesModel
import PlacesSupport

/// `places reverse` answers in every format: the JSON record of the contract (one object,
/// or NDJSON for several points and streams), a table, CSV with one row per point, and a
/// GeoJSON FeatureCollection of the points asked about (the record as properties). Text
/// from the source (the address, its id, the places' names) goes through
/// `TerminalText.shown` in every format.
package enum ReverseRenderer {
    /// The contract's record: `latitude`, `longitude`, `address`, `addressId`,
    /// `addressDistanceMeters`, `city`, `district` (the city's section nearest the point),
    /// `places`, `provider`; `line` first in a stream.
    package static func json(_ answer: ReverseGeocode, line: Int? = nil, placeFields: [VenueField] = VenueField.defaultSet) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let line { members.append(("line", .integer(line))) }
        members += [
            ("latitude", .number(answer.coordinate.latitude)), ("longitude", .number(answer.coordinate.longitude)),
            ("address", answer.address.map(json) ?? .null),
            ("addressId", answer.addressID.map { .string(TerminalText.shown($0)) } ?? .null),
            ("addressDistanceMeters", answer.addressDistanceMeters.map { .number(rounded($0)) } ?? .null),
            ("city", answer.city.map(json) ?? .null),
            ("district", answer.city?.district.map(json) ?? .null),
            ("places", .array(answer.places.map { $0.jsonObject(fields: placeFields) })),
            ("provider", answer.provider.map { .string($0.rawValue) } ?? .null),
        ]
        return .object(members)
    }

    /// A stream's record for a line that is not a point.
    package static func errorRecord(line: Int, message: String) -> JSONValue {
        .object([("line", .integer(line)), ("error", .string(TerminalText.shown(message)))])
    }

    static func json(_ address: StreetAddress) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map { .string(TerminalText.shown($0)) } ?? .null }
        return .object([
            ("formatted", text(address.formatted)), ("street", text(address.street)), ("housenumber", text(address.housenumber)),
            ("postcode", text(address.postcode)), ("city", text(address.city)), ("countryCode", text(address.countryCode)),
        ])
    }

    /// The city: its name, its first-level division's name (`admin1`) and GeoNames code
    /// (`admin1Code`), country, position, people and distance; its district is the record's own.
    static func json(_ city: ReverseGeocode.City) -> JSONValue {
        .object([
            ("name", .string(city.name)), ("admin1", city.admin1.map { .string($0) } ?? .null),
            ("admin1Code", city.admin1Code.map { .string($0) } ?? .null), ("countryCode", .string(city.countryCode)),
            ("latitude", .number(city.coordinate.latitude)), ("longitude", .number(city.coordinate.longitude)),
            ("population", .integer(city.population)), ("distanceMeters", .number(rounded(city.distanceMeters))),
        ])
    }

    /// The district: `{"name", "distanceMeters"}`.
    static func json(_ district: ReverseGeocode.District) -> JSONValue {
        .object([("name", .string(district.name)), ("distanceMeters", .number(rounded(district.distanceMeters)))])
    }

    /// Distances to a tenth of a metre, as the other commands give them.
    static func rounded(_ meters: Double) -> Double { (meters * 10).rounded() / 10 }

    /// CSV: one row per point.
    static let csvHeader = [
        "latitude", "longitude", "address", "street", "housenumber", "postcode", "addressCity", "countryCode",
        "addressId", "addressDistanceMeters", "city", "cityAdmin1", "cityAdmin1Code", "cityCountryCode", "cityDistanceMeters",
        "district", "districtDistanceMeters", "places", "provider",
    ]

    static func csvRow(_ answer: ReverseGeocode) -> String {
        CSVRenderer.row(csvCells(answer))
    }

    static func csvCells(_ answer: ReverseGeocode) -> [String] {
        func number(_ value: Double?) -> String { value.map { JSONValue.format(rounded($0)) } ?? "" }
        func text(_ value: String?) -> String { value.map(TerminalText.shown) ?? "" }
        let a = answer.address
        return [
            JSONValue.format(answer.coordinate.latitude), JSONValue.format(answer.coordinate.longitude),
            text(a?.formatted), text(a?.street), text(a?.housenumber), text(a?.postcode), text(a?.city), text(a?.countryCode),
            text(answer.addressID), number(answer.addressDistanceMeters),
            text(answer.city?.name), text(answer.city?.admin1), text(answer.city?.admin1Code), text(answer.city?.countryCode),
            number(answer.city?.distanceMeters), text(answer.city?.district?.name), number(answer.city?.district?.distanceMeters),
            answer.places.map { TerminalText.shown($0.name) }.joined(separator: ";"), answer.provider?.rawValue ?? "",
        ]
    }

    package static func csv(_ answers: [ReverseGeocode]) -> String {
        CSVRenderer.row(csvHeader) + answers.map(csvRow).joined()
    }

    /// A stream's CSV (`reverse - --format csv`): the line number first, the columns of
    /// `csvHeader`, then `error`, empty but on a line that is not a point.
    package static let streamCSVHeader = ["line"] + csvHeader + ["error"]

    /// A stream's row for a point.
    package static func streamCSVRow(_ answer: ReverseGeocode, line: Int) -> String {
        CSVRenderer.row([String(line)] + csvCells(answer) + [""])
    }

    /// A stream's row for a line that is not a point: its number and the message, the
    /// other columns empty.
    package static func streamCSVErrorRow(line: Int, message: String) -> String {
        CSVRenderer.row([String(line)] + Array(repeating: "", count: csvHeader.count) + [TerminalText.shown(message)])
    }

    /// GeoJSON: a Point feature per point asked about, its record as properties.
    package static func geoJSON(_ answers: [ReverseGeocode], placeFields: [VenueField] = VenueField.defaultSet) -> JSONValue {
        .object([
            ("type", .string("FeatureCollection")),
            (
                "features",
                .array(
                    answers.map { answer in
                        var properties: [(String, JSONValue)] = []
                        if case .object(let members) = json(answer, placeFields: placeFields) {
                            properties = members.filter { $0.0 != "latitude" && $0.0 != "longitude" }
                        }
                        return .object([
                            ("type", .string("Feature")),
                            (
                                "geometry",
                                .object([
                                    ("type", .string("Point")),
                                    ("coordinates", .array([.number(answer.coordinate.longitude), .number(answer.coordinate.latitude)])),
                                ])
                            ),
                            ("properties", .object(properties)),
                        ])
                    })
            ),
        ])
    }

    /// A table: per point, its address, city and nearest places, in lines a person reads.
    package static func table(_ answers: [ReverseGeocode]) -> String {
        var out = ""
        for answer in answers {
            out += "\(JSONValue.format(answer.coordinate.latitude)),\(JSONValue.format(answer.coordinate.longitude))\n"
            if let address = answer.address {
                let distance = answer.addressDistanceMeters.map { " (\(DistanceText.format($0)) away)" } ?? ""
                out += "  address  \(TerminalText.shown(address.formatted ?? "?"))\(distance)\n"
            } else if answer.provider != nil {
                out += "  address  (none known)\n"
            }
            if let city = answer.city {
                let distance = DistanceText.format(city.distanceMeters)
                let region = city.admin1.map { "\(TerminalText.shown($0)), " } ?? ""
                out += "  city     \(TerminalText.shown(city.name)), \(region)\(city.countryCode) (\(distance) away)\n"
                if let district = city.district {
                    out += "  district \(TerminalText.shown(district.name)) (\(DistanceText.format(district.distanceMeters)) away)\n"
                }
            }
            for place in answer.places {
                let distance = place.distanceMeters.map { " (\(DistanceText.format($0)))" } ?? ""
                out += "  place    \(TerminalText.shown(place.name))\(distance)\n"
            }
        }
        return out
    }
}
