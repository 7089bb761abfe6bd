import PlacesCore
import PlacesSupport

/// Everything a renderer needs to know besides the venues.
struct RenderOptions: Sendable {
    var format: OutputFormat
    var fields: FieldSelection
    /// Fields fetched only because a flag needs them: table columns, never JSON keys.
    var flagOnlyFields: [VenueField]
    var terminal: TerminalInfo
    /// Whether distances exist (a search centre was given).
    var hasCenter: Bool
    /// Values printed after the venue fields in every format (`favorite list`: addedAt, note).
    var extraColumns: [ExtraColumn]
    /// The providers asked, in order: with more than one, the default table shows which of
    /// them each place came from.
    var providers: [ProviderName]
    /// Along a route: its line (GeoJSON draws it; the table shows where the route meets each place).
    var routeLine: [Coordinate]?
    /// The search centre (a map draws it).
    var center: Coordinate?
    /// `--format svg`: how the map is drawn, and what its title says.
    var map: MapRenderer?
    var mapTitle = "places"

    init(
        format: OutputFormat = .table, fields: FieldSelection = .default, flagOnlyFields: [VenueField] = [],
        terminal: TerminalInfo = .plain, hasCenter: Bool = true, extraColumns: [ExtraColumn] = [],
        providers: [ProviderName] = [], routeLine: [Coordinate]? = nil
    ) {
        self.format = format
        self.fields = fields
        self.flagOnlyFields = flagOnlyFields
        self.terminal = terminal
        self.hasCenter = hasCenter
        self.extraColumns = extraColumns
        self.providers = providers
        self.routeLine = routeLine
    }
}

/// Writes venue lists, cuisine groups and single venues in the chosen format.
enum VenueRenderer {
    /// A `nearby`/`search` result list. Empty output is valid for every format.
    static func render(_ venues: [Venue], options: RenderOptions) throws -> String {
        let fields = options.fields.fields, extras = options.extraColumns
        switch options.format {
        case .json: return JSONValue.array(venues.map { $0.jsonObject(fields: fields, extra: $0.jsonMembers(extras)) }).pretty + "\n"
        case .ndjson: return venues.map { $0.jsonObject(fields: fields, extra: $0.jsonMembers(extras)).compact + "\n" }.joined()
        case .csv: return CSVRenderer.render(venues, fields: fields, extras: extras)
        case .geojson: return GeoJSONRenderer.render(venues, fields: fields, extras: extras, route: options.routeLine).pretty + "\n"
        case .svg: return try options.drawing().venues(venues, center: options.center, route: options.routeLine, title: options.mapTitle)
        case .table: return TableRenderer(options: options).render(venues)
        }
    }

    /// A result list written in pieces as its rows are rendered, for the formats whose rows
    /// stand alone (ndjson, csv): a whole-extract dump never holds its output whole. `write`
    /// returns false to stop (the reader went away). False, with nothing written, for a
    /// format that is written whole.
    static func stream(_ venues: [Venue], options: RenderOptions, write: (String) -> Bool) -> Bool {
        let fields = options.fields.fields, extras = options.extraColumns
        var chunk: String
        switch options.format {
        case .ndjson: chunk = ""
        case .csv: chunk = CSVRenderer.header(fields: fields, extras: extras)
        case .json, .geojson, .svg, .table: return false
        }
        for venue in venues {
            if options.format == .csv {
                chunk += CSVRenderer.row(venue, fields: fields, extras: extras)
            } else {
                chunk += venue.jsonObject(fields: fields, extra: venue.jsonMembers(extras)).compact + "\n"
            }
            if chunk.utf8.count >= 1 << 16 {
                guard write(chunk) else { return true }
                chunk = ""
            }
        }
        if !chunk.isEmpty { _ = write(chunk) }
        return true
    }

    /// `--group-by cuisine` output.
    static func render(groups: [Cuisine], options: RenderOptions) throws -> String {
        let fields = options.fields.fields
        func groupJSON(_ g: Cuisine) -> JSONValue {
            .object([("cuisine", .string(g.name)), ("restaurants", .array(g.restaurants.map { $0.venue.jsonObject(fields: fields) }))])
        }
        switch options.format {
        case .json: return JSONValue.array(groups.map(groupJSON)).pretty + "\n"
        case .ndjson: return groups.map { groupJSON($0).compact + "\n" }.joined()
        case .csv: return CSVRenderer.render(groups, fields: fields)
        case .geojson: return GeoJSONRenderer.render(groups, fields: fields).pretty + "\n"
        case .svg: throw UsageError("--group-by cuisine has no map: drop --group-by, or use --format table, json or geojson")
        case .table: return TableRenderer(options: options).render(groups)
        }
    }

    /// `details`: one venue object (json), one line (ndjson), one row (csv), one feature
    /// in a collection (geojson), or a vertical list of fields (table).
    static func render(single venue: Venue, options: RenderOptions) throws -> String {
        let fields = options.fields.fields
        switch options.format {
        case .json: return venue.jsonObject(fields: fields).pretty + "\n"
        case .ndjson: return venue.jsonObject(fields: fields).compact + "\n"
        case .csv: return CSVRenderer.render([venue], fields: fields)
        case .geojson: return GeoJSONRenderer.render([venue], fields: fields).pretty + "\n"
        case .svg: return try options.drawing().venues([venue], center: nil, route: nil, title: options.mapTitle)
        case .table: return TableRenderer(options: options).renderDetails(venue)
        }
    }
}

extension RenderOptions {
    /// The map renderer `--format svg` was given.
    func drawing() throws -> MapRenderer {
        guard let map else { throw UsageError("this command draws no map: use --format table, json or geojson") }
        return map
    }
}
