import PlacesCore
import PlacesGazetteer

/// Runs `places reverse`: the city alone from the gazetteer (`--city-only`), or the source's
/// address and nearest places with it; one point, several, or a stream from stdin.
enum ReverseRunner {
    static func run(_ options: ReverseOptions, context: RunContext) async throws -> String {
        let gazetteer = Gazetteer.bundled
        let answer: ReverseStream.Answerer?
        if options.cityOnly {
            answer = nil
        } else {
            let client = try client(options, context: context)
            let limit = options.limit
            let ask = { @Sendable (client: PlacesClient) in
                { @Sendable (point: Coordinate) in
                    try await client.reverse(ReverseRequest(point: point, limit: limit, cities: gazetteer.nearestCity(to:)))
                }
            }
            answer = ReverseStream.Answerer(one: ask(client), shared: { try client.holdingFilesOpen().map(ask) })
        }
        switch options.points {
        case .standardInput:
            guard let write = context.writeOutput else {
                throw UsageError("reverse - reads standard input, which a batch line cannot: give the points as arguments")
            }
            let format: ReverseStream.Format = options.output.format == .csv ? .csv : .ndjson
            if let bad = try await ReverseStream.run(write: write, gazetteer: gazetteer, format: format, answer: answer) { throw bad }
            return ""
        case .given(let points):
            var answers: [ReverseGeocode] = []
            for point in points {
                if let answer {
                    answers.append(try await answer.one(point))
                } else {
                    answers.append(ReverseGeocode(coordinate: point, city: gazetteer.nearestCity(to: point)))
                }
            }
            let map =
                options.output.format == .svg
                ? try MapRenderer.make(options.output.map, providerOptions: options.providerOptions, context: context) : nil
            return try render(answers, options: options, map: map)
        }
    }

    static func render(_ answers: [ReverseGeocode], options: ReverseOptions, map: MapRenderer? = nil) throws -> String {
        let fields = options.output.fields.fields
        switch options.output.format {
        case .json where answers.count == 1:
            return ReverseRenderer.json(answers[0], placeFields: fields).pretty + "\n"
        case .json, .ndjson:
            return answers.map { ReverseRenderer.json($0, placeFields: fields).compact + "\n" }.joined()
        case .csv:
            return ReverseRenderer.csv(answers)
        case .geojson:
            return ReverseRenderer.geoJSON(answers, placeFields: fields).pretty + "\n"
        case .table:
            return ReverseRenderer.table(answers)
        case .svg:
            guard let map else { throw UsageError("reverse draws a map of the points given as arguments") }
            return try map.reverse(answers)
        }
    }

    /// The client whose source answers: one provider, with a geocoder. Foursquare has none.
    static func client(_ options: ReverseOptions, context: RunContext) throws -> PlacesClient {
        let chosen = try ProviderSelection.choose(options.providerOptions, network: options.network, context: context)
        if options.output.format == .svg { try MapRenderer.checkTerms(chosen) }
        guard chosen.count == 1, let name = chosen.first else {
            throw UsageError(
                "reverse asks one provider; --provider named \(chosen.map(\.rawValue).joined(separator: ",")): give osm or google")
        }
        guard
            let geocoder = try ProviderFactory.geocoder(name, options: options.providerOptions, network: options.network, context: context)
        else {
            throw UsageError(
                "\(name.descriptor.displayName) has no reverse geocoder: use --provider osm (an extract with --data, offline, or Nominatim online) or --provider google (the Geocoding API), or --city-only"
            )
        }
        let provider = try ProviderFactory.provider(name, options: options.providerOptions, network: options.network, context: context)
        return PlacesClient(provider: provider, diagnostics: context.diagnostics, geocoder: geocoder)
    }
}
