import PlacesGeodesy
import PlacesModel

/// Foursquare's autocomplete results as predictions: places (with their id, position and
/// distance, each number checked) and, when asked for, searches as query predictions;
/// geos are left out (no id `details` takes).
enum FoursquareAutocompleteMapper {
    static func predictions(
        from response: FoursquareAutocompleteResponse, request: AutocompleteRequest,
        diagnostics: Diagnostics
    ) -> [AutocompletePrediction] {
        let wanted = Set(request.categories)
        var out: [AutocompletePrediction] = []
        var skipped = 0
        for result in response.results ?? [] where out.count < request.limit {
            switch result.type {
            case "place":
                guard let prediction = place(result) else {
                    skipped += 1
                    continue
                }
                if !wanted.isEmpty {
                    let categories = FoursquareCategoryTable.categories(from: result.place?.categories ?? [])
                    guard categories.contains(where: { category in wanted.contains { $0.rawValue == category } }) else { continue }
                }
                out.append(prediction)
            case "search" where request.includeQueries:
                guard let text = nonEmpty(result.text?.primary) ?? nonEmpty(result.search?.query) else {
                    skipped += 1
                    continue
                }
                out.append(
                    AutocompletePrediction(
                        kind: .query, id: nil, text: text, mainText: text,
                        secondaryText: nonEmpty(result.text?.secondary),
                        mainTextMatches: highlights(result.text, in: text)))
            default:
                continue
            }
        }
        if skipped > 0 {
            let results = skipped == 1 ? "result" : "results"
            diagnostics.warning(
                "Foursquare sent \(skipped) autocomplete \(results) without a usable id, a name or a position in range; left out")
        }
        return out
    }

    private static func place(_ result: FoursquareAutocompleteResponse.Result) -> AutocompletePrediction? {
        // An id `details` could not take (characters other than letters, digits, '_' and '-') is no id.
        guard let place = result.place, let rawID = nonEmpty(place.fsqPlaceId), let id = try? PlaceID(parsing: "foursquare:\(rawID)"),
            let name = nonEmpty(result.text?.primary) ?? nonEmpty(place.name),
            let latitude = place.latitude, let longitude = place.longitude,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        let secondary = nonEmpty(result.text?.secondary) ?? nonEmpty(place.location?.formattedAddress)
        var distance: Double?
        if let meters = place.distance, meters.isFinite, meters >= 0, meters <= GeodesicDistance.longestMeters { distance = meters }
        return AutocompletePrediction(
            kind: .place, id: id,
            text: secondary.map { "\(name), \($0)" } ?? name, mainText: name, secondaryText: secondary,
            types: (place.categories ?? []).compactMap { nonEmpty($0.name) }, distanceMeters: distance,
            coordinate: coordinate, mainTextMatches: highlights(result.text, in: name))
    }

    /// The highlights of ASCII text (where any unit of offsets agrees), inside it.
    private static func highlights(_ text: FoursquareAutocompleteResponse.Text?, in string: String) -> [Range<Int>] {
        guard let text, text.primary == string, string.utf8.allSatisfy({ $0 < 0x80 }) else { return [] }
        let count = Double(string.utf8.count)
        return (text.highlight ?? []).compactMap { highlight in
            guard let start = highlight.start, let length = highlight.length, start.isFinite, length.isFinite,
                start >= 0, length >= 0, start + length <= count, start.rounded() == start, length.rounded() == length
            else { return nil }
            return Int(start)..<Int(start + length)
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
