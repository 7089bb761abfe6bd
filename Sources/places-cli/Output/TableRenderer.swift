import Foundation
import PlacesCore
import PlacesGeodesy
import PlacesSupport

/// The human format: aligned columns with a header, distances as `412 m` / `1.3 km`
/// and a compass bearing. On a TTY it fits the terminal width (`TableLayout`: dropping
/// DIR, TYPE, ADDRESS, CUISINE in that order and shortening NAME before an id or a
/// distance is ever cut) and may use colour; in a pipe it never clips.
struct TableRenderer {
    let options: RenderOptions

    struct Column {
        let header: String
        let alignRight: Bool
        /// May be shrunk (with `…`) to fit the terminal.
        let flexible: Bool
        /// The NAME column: shortened after every other column has given way.
        var isName = false
        /// Where the column stands in the order columns are dropped on a narrow terminal
        /// (0 first); nil for a column that is never dropped.
        var dropRank: Int? = nil
        let cell: (Venue) -> String
    }

    /// The headers of the columns a narrow terminal drops, first dropped first.
    static let dropOrder = ["DIR", "TYPE", "ADDRESS", "CUISINE"]

    func render(_ venues: [Venue]) -> String {
        guard !venues.isEmpty else { return "" }
        let all = self.columns()
        let rows = venues.map { v in all.map { $0.cell(v) } }
        let layout = TableLayout(columns: all, rows: rows, available: available(indent: 0))
        let columns = layout.shown.map { all[$0] }
        var out = line(columns.map(\.header), columns: columns, widths: layout.widths, header: true)
        for row in rows { out += line(layout.shown.map { row[$0] }, columns: columns, widths: layout.widths, header: false) }
        return out
    }

    func render(_ groups: [Cuisine]) -> String {
        guard !groups.isEmpty else { return "" }
        let all = self.columns()
        let rowsByGroup = groups.map { g in g.restaurants.map { r in all.map { $0.cell(r.venue) } } }
        let layout = TableLayout(columns: all, rows: rowsByGroup.flatMap { $0 }, available: available(indent: 2))
        let columns = layout.shown.map { all[$0] }
        var out = "  " + line(columns.map(\.header), columns: columns, widths: layout.widths, header: true)
        for (group, rows) in zip(groups, rowsByGroup) {
            let count = group.restaurants.count
            out += style("\(group.name) (\(count) \(count == 1 ? "place" : "places"))", bold: true) + "\n"
            for row in rows { out += "  " + line(layout.shown.map { row[$0] }, columns: columns, widths: layout.widths, header: false) }
        }
        return out
    }

    /// The columns a TTY leaves for the table after `indent`; nil (no limit) in a pipe.
    private func available(indent: Int) -> Int? {
        guard options.terminal.isTTY, let width = options.terminal.width else { return nil }
        return width - indent
    }

    /// `details`: one `Label  value` line per field that has a value.
    func renderDetails(_ venue: Venue) -> String {
        var pairs: [(String, String)] = []
        for field in options.fields.fields where field != .openingHours && field != .photos && field != .reviews {
            let text = field == .isFavorite ? (venue.isFavorite ? "yes" : "no") : Self.text(FieldValue.of(field, in: venue), field: field)
            if text != "-" { pairs.append((Self.label(field), text)) }
        }
        for (i, hours) in (venue.openingHours ?? []).enumerated() {
            pairs.append((i == 0 ? "Hours" : "", TerminalText.shown(hours)))
        }
        for (i, photo) in (venue.photoURLs ?? []).enumerated() {
            pairs.append((i == 0 ? "Photos" : "", TerminalText.shown(photo)))
        }
        let width = pairs.map { $0.0.count }.max() ?? 0
        let fields = pairs.map { label, value in
            let padded = label + String(repeating: " ", count: width - label.count)
            let text = clipped(padded + "  " + value)
            let labelEnd = text.index(text.startIndex, offsetBy: min(padded.count, text.count))
            return style(String(text[..<labelEnd]), bold: true) + String(text[labelEnd...]) + "\n"
        }.joined()
        guard options.fields.fields.contains(.reviews), let reviews = venue.reviews else { return fields }
        return fields + renderReviews(reviews)
    }

    /// Reviews under the fields: a heading line each (stars, date, author), then the text
    /// wrapped to the terminal's width (80 columns in a pipe), indented.
    func renderReviews(_ reviews: [Review]) -> String {
        var out = "\n" + style("Reviews", bold: true) + (reviews.isEmpty ? "  none" : "") + "\n"
        let width = max((options.terminal.width ?? 80) - 4, 20)
        for review in reviews {
            var heading: [String] = []
            if let rating = review.rating {
                heading.append(String(repeating: "★", count: Int(rating.rounded())) + " " + String(format: "%.1f", rating))
            }
            if let time = review.publishTime.map(TerminalText.shown) { heading.append(String(time.prefix(10))) }
            if let relative = review.relativeTime.map(TerminalText.shown) { heading.append("(\(relative))") }
            if let author = review.author.map(TerminalText.shown) { heading.append(author) }
            out += "\n  " + (heading.isEmpty ? "-" : heading.joined(separator: "  ")) + "\n"
            for line in Self.wrap(TerminalText.shown(review.text ?? ""), width: width) { out += "    " + line + "\n" }
        }
        return out
    }

    /// `text` in lines of at most `width` columns, broken between words (a word longer than
    /// a line is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if TerminalText.displayWidth(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = TerminalText.clip(String(word), to: width)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    // MARK: - Columns

    func columns() -> [Column] {
        var fields: [VenueField]
        if options.fields.isExplicit {
            fields = options.fields.fields
        } else if options.routeLine != nil {
            fields =
                [.name, .alongMeters, .routeOffsetMeters] + (options.providers.contains(.google) ? [.detourSeconds] : [])
                + [.categories, .cuisines, .address]
        } else {
            fields = [.name, .distanceMeters, .categories, .cuisines, .address]
        }
        for extra in options.flagOnlyFields where !fields.contains(extra) {
            let at = fields.firstIndex(of: .categories) ?? fields.count
            fields.insert(extra, at: at)
        }
        if !options.fields.isExplicit { fields.append(.id) }
        var columns: [Column] = []
        for field in fields {
            if field == .distanceMeters && !options.hasCenter && !options.fields.isExplicit { continue }
            if field == .id && !options.fields.isExplicit && options.providers.count > 1 { columns.append(sourcesColumn()) }
            let header = Self.header(field)
            columns.append(
                Column(
                    header: header, alignRight: Self.isNumeric(field), flexible: Self.isFlexible(field),
                    isName: field == .name, dropRank: Self.dropOrder.firstIndex(of: header)
                ) { venue in
                    let text = Self.text(FieldValue.of(field, in: venue), field: field)
                    // A place closed for a while says so where the eye reads: its name.
                    return field == .name && venue.businessStatus == .closedTemporarily ? text + " (temporarily closed)" : text
                })
            if field == .distanceMeters && options.hasCenter {
                columns.append(
                    Column(header: "DIR", alignRight: false, flexible: false, dropRank: Self.dropOrder.firstIndex(of: "DIR")) { venue in
                        venue.bearingDegrees.map { CompassDirection(degrees: $0).rawValue } ?? "-"
                    })
            }
        }
        for extra in options.extraColumns {
            columns.append(
                Column(header: extra.header, alignRight: false, flexible: extra.flexible) { venue in
                    let text = extra.value(venue).csvText
                    return text.isEmpty ? "-" : text
                })
        }
        return columns
    }

    /// `FROM`: one letter per provider asked, in their order, where the place came from it,
    /// `-` where it did not (`G - O`: Google and OpenStreetMap, not Foursquare).
    func sourcesColumn() -> Column {
        let providers = options.providers
        return Column(header: "FROM", alignRight: false, flexible: false) { venue in
            let ids = venue.allIDs.map(\.provider)
            return providers.map { ids.contains($0) ? Self.letter($0) : "-" }.joined(separator: " ")
        }
    }

    static func letter(_ provider: ProviderName) -> String { String(provider.profile.letter) }

    static func header(_ field: VenueField) -> String {
        switch field {
        case .latitude: return "LAT"
        case .longitude: return "LON"
        case .distanceMeters: return "DISTANCE"
        case .categories: return "TYPE"
        case .cuisines: return "CUISINE"
        case .ratingCount: return "REVIEWS"
        case .priceLevel: return "PRICE"
        case .openNow: return "OPEN"
        case .mapsURL: return "MAP"
        case .isFavorite: return "FAV"
        case .openingHours: return "HOURS"
        case .sameAs: return "SAME AS"
        case .businessStatus: return "STATUS"
        case .alongMeters: return "ALONG"
        case .routeOffsetMeters: return "OFF ROUTE"
        case .detourSeconds: return "DETOUR"
        case .detourMeters: return "DETOUR DIST"
        default: return field.rawValue.uppercased()
        }
    }

    static func label(_ field: VenueField) -> String {
        switch field {
        case .id: return "ID"
        case .mapsURL: return "Map"
        case .isFavorite: return "Favorite"
        case .openingHours: return "Hours"
        case .distanceMeters: return "Distance"
        case .ratingCount: return "Reviews"
        case .priceLevel: return "Price"
        case .openNow: return "Open now"
        case .sameAs: return "Same as"
        case .businessStatus: return "Status"
        case .alongMeters: return "Along the route"
        case .routeOffsetMeters: return "Off the route"
        case .detourSeconds: return "Detour"
        case .detourMeters: return "Detour distance"
        default: return field.rawValue.prefix(1).uppercased() + field.rawValue.dropFirst()
        }
    }

    static func isNumeric(_ field: VenueField) -> Bool {
        [.distanceMeters, .rating, .ratingCount, .latitude, .longitude, .alongMeters, .routeOffsetMeters, .detourSeconds, .detourMeters]
            .contains(field)
    }

    static func isFlexible(_ field: VenueField) -> Bool {
        [.name, .address, .categories, .cuisines, .website, .mapsURL, .phone].contains(field)
    }

    /// Cell text; `-` for an unknown value.
    static func text(_ value: FieldValue, field: VenueField) -> String {
        switch (field, value) {
        case (.distanceMeters, .number(let d?)), (.alongMeters, .number(let d?)), (.routeOffsetMeters, .number(let d?)):
            return DistanceText.format(d)
        case (.detourMeters, .number(let d?)): return (d < 0 ? "-" : "+") + DistanceText.format(abs(d))
        case (.detourSeconds, .number(let s?)): return (s < 0 ? "-" : "+") + DistanceText.duration(abs(s))
        case (.rating, .number(let r?)): return String(format: "%.1f", r)
        case (.priceLevel, .integer(let p?)): return p == 0 ? "free" : (1...4).contains(p) ? String(repeating: "$", count: p) : String(p)
        case (.openNow, .flag(let b?)): return b ? "open" : "closed"
        case (.isFavorite, .flag(let b?)): return b ? "★" : ""
        case (_, .list(let items)): return items.isEmpty ? "-" : items.joined(separator: ", ")
        default:
            let text = value.csvText
            return text.isEmpty ? "-" : text
        }
    }

    // MARK: - Layout

    private func line(_ cells: [String], columns: [Column], widths: [Int], header: Bool) -> String {
        var pieces: [String] = []
        for (i, raw) in cells.enumerated() {
            let cell = TerminalText.clip(raw, to: widths[i])
            let pad = String(repeating: " ", count: widths[i] - TerminalText.displayWidth(cell))
            let isLast = i == cells.count - 1
            pieces.append(columns[i].alignRight ? pad + cell : cell + (isLast ? "" : pad))
        }
        let text = clipped(pieces.joined(separator: "  "))
        return style(text, bold: header) + "\n"
    }

    /// On a TTY, a line still wider than the terminal is cut at its edge.
    private func clipped(_ text: String) -> String {
        guard options.terminal.isTTY, let width = options.terminal.width else { return text }
        return TerminalText.clip(text, to: width)
    }

    private func style(_ text: String, bold: Bool) -> String {
        guard options.terminal.colorEnabled, bold else { return text }
        return "\u{1B}[1m" + text + "\u{1B}[0m"
    }
}
