import PlacesCore
import PlacesSupport

/// What `places photo` says it saved: a few lines, or (`--json`) `{"file", "bytes", "width",
/// "height", "contentType", "attributions": [{"displayName", "uri"}], "sourceUrl"}`. The
/// credits are always there: the photo's terms require them wherever it is shown. Every text
/// from a provider goes through `TerminalText`.
enum PhotoRenderer {
    /// `file` is the path saved at, or nil for stdout.
    static func json(_ photo: PlacePhoto, file: String?) -> JSONValue {
        .object([
            ("file", file.map(JSONValue.string) ?? .string("-")),
            ("bytes", .integer(photo.data.count)),
            ("width", .integer(photo.width)),
            ("height", .integer(photo.height)),
            ("contentType", .string(photo.contentType)),
            (
                "attributions",
                .array(
                    photo.attributions.map { credit in
                        .object([
                            ("displayName", .string(TerminalText.shown(credit.displayName))),
                            ("uri", credit.uri.map { .string(TerminalText.shown($0)) } ?? .null),
                        ])
                    })
            ),
            ("sourceUrl", .string(TerminalText.shown(photo.sourceURL))),
        ])
    }

    /// The lines for a person: what was saved where, who to credit, where it came from.
    static func lines(_ photo: PlacePhoto, file: String?) -> [String] {
        let place = "photo \(photo.index) of \(photo.placeID)"
        var lines = [
            "saved \(place) to \(file.map(TerminalText.shown) ?? "stdout"): \(photo.data.count) bytes, \(photo.contentType), \(photo.width)x\(photo.height)"
        ]
        if photo.attributions.isEmpty {
            lines.append("credit: none given by \(photo.placeID.provider.profile.displayName)")
        }
        for credit in photo.attributions {
            let link = credit.uri.map { " <\(TerminalText.shown($0))>" } ?? ""
            lines.append("credit: \(TerminalText.shown(credit.displayName))\(link)")
        }
        lines.append("from: \(TerminalText.shown(photo.sourceURL))")
        return lines
    }
}
