import Foundation
import PlacesModel

/// CSV with a header row and RFC 4180 quoting (a field with a comma, quote or line
/// break is quoted, quotes doubled). Lines end with LF, as Unix tools expect.
package enum CSVRenderer {
    package static func render(_ venues: [Venue], fields: [VenueField], extras: [ExtraColumn] = []) -> String {
        var out = header(fields: fields, extras: extras)
        for venue in venues {
            out += row(venue, fields: fields, extras: extras)
        }
        return out
    }

    package static func header(fields: [VenueField], extras: [ExtraColumn] = []) -> String {
        row(fields.map(\.rawValue) + extras.map(\.key))
    }

    package static func row(_ venue: Venue, fields: [VenueField], extras: [ExtraColumn] = []) -> String {
        row(fields.map { FieldValue.of($0, in: venue).csvText } + extras.map { $0.value(venue).csvText })
    }

    /// Grouped rows: a leading `cuisine` column, one row per restaurant in each group.
    package static func render(_ groups: [Cuisine], fields: [VenueField]) -> String {
        var out = row(["cuisine"] + fields.map(\.rawValue))
        for group in groups {
            for restaurant in group.restaurants {
                out += row([group.name] + fields.map { FieldValue.of($0, in: restaurant.venue).csvText })
            }
        }
        return out
    }

    package static func row(_ cells: [String]) -> String {
        cells.map(quote).joined(separator: ",") + "\n"
    }

    /// The cell as a field: quoted, its quotes doubled, when it holds a comma, a quote or a
    /// line break. Read by Unicode scalar: as `Character`s, CR LF is one equal to neither, and
    /// a quote followed by a combining mark is no quote.
    static func quote(_ cell: String) -> String {
        guard cell.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in cell.unicodeScalars {
            if scalar == "\"" { quoted.append("\"") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}
