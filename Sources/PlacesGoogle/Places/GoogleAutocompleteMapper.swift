import PlacesGeodesy
import PlacesModel

/// Google's suggestions as predictions, every number checked before it is used: a
/// distance outside the Earth's half circumference is dropped, a match outside its text
/// ignored, a place prediction without an id skipped (each with a warning).
enum GoogleAutocompleteMapper {
    static func predictions(from response: GoogleAutocompleteResponse, limit: Int, diagnostics: Diagnostics) -> [AutocompletePrediction] {
        var out: [AutocompletePrediction] = []
        var skipped = 0, badNumbers = 0
        for suggestion in response.suggestions ?? [] where out.count < limit {
            if let place = suggestion.placePrediction {
                guard let prediction = placePrediction(place, badNumbers: &badNumbers) else {
                    skipped += 1
                    continue
                }
                out.append(prediction)
            } else if let query = suggestion.queryPrediction, let text = query.text?.text ?? query.structuredFormat?.mainText?.text,
                !text.isEmpty
            {
                let main = query.structuredFormat?.mainText
                out.append(
                    AutocompletePrediction(
                        kind: .query, id: nil, text: text, mainText: main?.text ?? text,
                        secondaryText: nonEmpty(query.structuredFormat?.secondaryText?.text),
                        mainTextMatches: ranges(main ?? query.text, badNumbers: &badNumbers)))
            } else {
                skipped += 1
            }
        }
        if skipped > 0 {
            let suggestions = skipped == 1 ? "suggestion" : "suggestions"
            diagnostics.warning("Google Places sent \(skipped) \(suggestions) without a usable place id or a text; left out")
        }
        if badNumbers > 0 {
            diagnostics.warning(
                "Google Places sent \(badNumbers) \(badNumbers == 1 ? "distance or match offset" : "distances or match offsets") out of range; ignored"
            )
        }
        return out
    }

    private static func placePrediction(
        _ place: GoogleAutocompleteResponse.PlacePrediction, badNumbers: inout Int
    ) -> AutocompletePrediction? {
        let fromName = place.place.flatMap { $0.hasPrefix("places/") ? String($0.dropFirst("places/".count)) : nil }
        // An id `details` could not take (characters other than letters, digits, '_' and '-') is no id.
        guard let rawID = nonEmpty(place.placeId) ?? nonEmpty(fromName), let id = try? PlaceID(parsing: "google:\(rawID)"),
            let text = nonEmpty(place.text?.text) ?? nonEmpty(place.structuredFormat?.mainText?.text)
        else { return nil }
        var distance: Double?
        if let meters = place.distanceMeters {
            if meters.isFinite, meters >= 0, meters <= GeodesicDistance.longestMeters { distance = meters } else { badNumbers += 1 }
        }
        let main = place.structuredFormat?.mainText
        return AutocompletePrediction(
            kind: .place, id: id, text: text, mainText: nonEmpty(main?.text) ?? text,
            secondaryText: nonEmpty(place.structuredFormat?.secondaryText?.text),
            types: place.types ?? [], distanceMeters: distance,
            mainTextMatches: ranges(main ?? place.text, badNumbers: &badNumbers))
    }

    /// The matches that lie inside their text, in order; each offset a whole number.
    static func ranges(_ text: GoogleAutocompleteResponse.FormattableText?, badNumbers: inout Int) -> [Range<Int>] {
        guard let text, let string = text.text else { return [] }
        let count = string.unicodeScalars.count
        var out: [Range<Int>] = []
        for match in text.matches ?? [] {
            let start = match.startOffset ?? 0
            guard let end = match.endOffset, start.isFinite, end.isFinite, start >= 0, start <= end, end <= Double(count),
                start.rounded() == start, end.rounded() == end
            else {
                badNumbers += 1
                continue
            }
            out.append(Int(start)..<Int(end))
        }
        return out
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
