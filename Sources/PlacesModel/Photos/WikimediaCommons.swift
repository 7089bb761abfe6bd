import Foundation

/// Wikimedia Commons, where an OpenStreetMap `wikimedia_commons=File:NAME` tag points: the
/// file's page (its author and licence) and its image through `Special:FilePath`, which
/// redirects to the file, or to a thumbnail of a given width, on upload.wikimedia.org.
package enum WikimediaCommons {
    /// The public site; a test or a mirror gives another.
    package static let defaultBaseURL = "https://commons.wikimedia.org"

    /// The widths Wikimedia serves thumbnails at from its caches (its thumbnail-steps plan):
    /// other widths are made on request, more slowly, and may be refused.
    package static let thumbnailWidths = [20, 40, 60, 120, 250, 330, 500, 960, 1280, 1920, 3840]

    /// The width asked for when none is given: a screen's, and a standard step.
    package static let defaultWidth = 1920

    /// The file a tag value names (`File:Helsinki Cathedral.jpg` → `Helsinki Cathedral.jpg`);
    /// nil for anything else (`Category:...`, a URL, a name with characters no title may hold).
    package static func fileName(tag value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 5, trimmed.prefix(5).lowercased() == "file:" else { return nil }
        let name = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces)
        // MediaWiki's illegal title characters, a path separator, and anything unprintable.
        let refused = Set("#<>[]|{}/?\\%")
        guard !name.isEmpty, name.utf8.count <= 240,
            name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && !$0.properties.isWhitespace || $0 == " " }),
            !name.contains(where: refused.contains)
        else { return nil }
        return name
    }

    /// The file's page, where its author and licence are: `https://commons.wikimedia.org/wiki/File:NAME`.
    package static func filePage(_ file: String) -> String {
        "\(defaultBaseURL)/wiki/File:\(encoded(file))"
    }

    /// The image itself at `base` (`Special:FilePath/NAME`), scaled to `width` pixels when given.
    package static func imageURL(_ file: String, base: String, width: Int?) -> String {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return "\(trimmed)/wiki/Special:FilePath/\(encoded(file))" + (width.map { "?width=\($0)" } ?? "")
    }

    /// The largest standard width not over `maxWidth` (at least the smallest step), so that
    /// the image is no wider than asked and comes from Wikimedia's caches.
    package static func standardWidth(notOver maxWidth: Int) -> Int {
        thumbnailWidths.last { $0 <= maxWidth } ?? thumbnailWidths[0]
    }

    /// A title in a URL path: spaces as underscores (MediaWiki's form), the rest percent-encoded.
    static func encoded(_ file: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)))
        allowed.insert(charactersIn: "-._~()!*',;:@")
        let title = file.replacingOccurrences(of: " ", with: "_")
        return title.addingPercentEncoding(withAllowedCharacters: allowed) ?? title
    }
}
