import PlacesCore

/// `places reverse POINT... | -`: what is at a point: the address, the nearest places, the city
/// and its district.
enum ReverseCommand: PlacesCommand {
    static let cityOnly = Flag<Bool>(
        "city-only", help: "only the city and district from the bundled gazetteer: no file, no network (the fast path for bulk work)")
    static let limit = Flag<Int>(
        "limit", short: "n", value: "N", default: 3, range: 0...100, help: "the nearest named places to list (within 1 km; 0 for none)")

    static let spec = CommandSpec(
        ["reverse"], summary: "what is at a point: its address, the nearest places, the city",
        usage: [.optional(ProviderFlags.data), .optional(cityOnly), .optional(limit), .optional(ProviderFlags.provider)],
        positionals: [
            PositionalSpec(
                name: "POINT",
                help:
                    "LAT,LON (several may follow), or - to read one point a line from stdin (LAT,LON or NDJSON with latitude and longitude)",
                repeats: true, orStandardInput: true)
        ],
        groups: [
            FlagGroup(title: "Reverse", flags: [cityOnly, limit]),
            OutputFlags.group,
            MapFlags.group,
            ProviderFlags.group,
            NetworkFlags.group,
        ],
        examples: [
            "places reverse 60.1699,24.9384 --data helsinki.osm.pbf",
            "cut -d, -f2,3 points.csv | places reverse - --city-only",
            "places reverse 60.1699,24.9384 --provider google --json",
        ],
        notes: [
            "Sources: an extract (--data / $PLACES_OSM_DATA: the nearest element with addr:* tags, offline), Nominatim for osm without an extract ($PLACES_NOMINATIM_URL; its usage policy: at most one request a second, which places keeps, and results cached: use --cache), Google's Geocoding API for google. Foursquare has no reverse geocoder. The city always comes from the bundled gazetteer, offline: the municipality (Helsinki, New York City), with the part of it GeoNames lists nearest the point as district (Kallio, Times Square), when the point is within its reach; admin1 is the division's name, admin1Code its GeoNames code.",
            "One POINT with --json prints one object; several POINTs, or -, print NDJSON, one record a point in input order. A line of - that is not a point is a record {\"line\": N, \"error\": ...} and the others go on; the exit status is then 65.",
            "- with --format csv prints a header, then a row a line: line, the columns of a point's CSV, and error (filled on a line that is not a point). --format geojson needs the points as arguments.",
        ])

    static func options(_ args: ParsedArguments, context: RunContext) throws -> ReverseOptions {
        let texts = args.positionals
        let points: ReverseOptions.Points
        if texts == ["-"] {
            points = .standardInput
        } else if texts.contains("-") {
            throw UsageError("reverse reads points from stdin with - alone; give either POINTs or -, not both")
        } else {
            points = .given(try texts.map { try Coordinate.parse($0) })
        }
        let output = try SharedOptions.output(args)
        if points == .standardInput, output.format == .geojson || output.format == .svg {
            let formats = "as NDJSON or with --format csv; --format \(output.format.rawValue) takes the points as arguments"
            throw UsageError("reverse - writes a record a line as it goes, \(formats)")
        }
        return ReverseOptions(
            points: points,
            cityOnly: try args[Self.cityOnly],
            limit: try args[Self.limit],
            output: output,
            network: try SharedOptions.network(args, environment: context.environment),
            providerOptions: try SharedOptions.provider(args))
    }

    static func run(_ options: ReverseOptions, context: RunContext) async throws -> String {
        try await ReverseRunner.run(options, context: context)
    }
}
