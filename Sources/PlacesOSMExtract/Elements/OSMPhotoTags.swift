import Foundation
import PlacesModel

/// An OpenStreetMap place's photos, from its tags: `image` (a URL, or several separated by
/// ";"; only http and https are taken) and `wikimedia_commons` (`File:NAME`; a `Category:` is
/// no image and is left out), in that order, each once. A venue carries them as its photo
/// URLs (a Commons file as its `Special:FilePath` URL on the public site), and `places photo`
/// reads them back from there (`references`), whether the place came from an extract or
/// from Overpass.
package enum OSMPhotoTags {
    /// The photo URLs of a place with `tags`; nil when it has none.
    static func urls(from tags: [String: String]) -> [String]? {
        var urls: [String] = []
        func add(_ url: String) { if !urls.contains(url) { urls.append(url) } }
        for value in values(tags["image"]) {
            if let file = commonsFile(inImageTag: value) {
                add(WikimediaCommons.imageURL(file, base: WikimediaCommons.defaultBaseURL, width: nil))
            } else if isWebURL(value) {
                add(value)
            }
        }
        for value in values(tags["wikimedia_commons"]) {
            if let file = WikimediaCommons.fileName(tag: value) {
                add(WikimediaCommons.imageURL(file, base: WikimediaCommons.defaultBaseURL, width: nil))
            }
        }
        return urls.isEmpty ? nil : urls
    }

    /// The photos a venue's photo URLs (as `urls` made them) stand for, credited as what
    /// can be known of them: a Commons file to its page (author and licence are there), any
    /// other image to the host it is on.
    package static func references(fromURLs urls: [String]) -> [PhotoReference] {
        let filePath = WikimediaCommons.imageURL("", base: WikimediaCommons.defaultBaseURL, width: nil)
        return urls.compactMap { url in
            if url.hasPrefix(filePath), let file = String(url.dropFirst(filePath.count)).removingPercentEncoding, !file.isEmpty {
                let name = file.replacingOccurrences(of: "_", with: " ")
                return PhotoReference(
                    locator: .wikimediaCommons(file: name),
                    attributions: [PhotoAttribution(displayName: "File:\(name), Wikimedia Commons", uri: WikimediaCommons.filePage(name))])
            }
            guard isWebURL(url), let host = URL(string: url)?.host else { return nil }
            return PhotoReference(locator: .url(url), attributions: [PhotoAttribution(displayName: host, uri: url)])
        }
    }

    /// A tag's values: split at ";", trimmed, empty ones dropped.
    private static func values(_ tag: String?) -> [String] {
        guard let tag else { return [] }
        return tag.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// An `image` value that names a Commons file: `File:NAME`, or the file's page on Commons.
    private static func commonsFile(inImageTag value: String) -> String? {
        if let file = WikimediaCommons.fileName(tag: value) { return file }
        for page in ["https://commons.wikimedia.org/wiki/", "http://commons.wikimedia.org/wiki/"] where value.hasPrefix(page) {
            guard let title = String(value.dropFirst(page.count)).removingPercentEncoding else { return nil }
            return WikimediaCommons.fileName(tag: title.replacingOccurrences(of: "_", with: " "))
        }
        return nil
    }

    /// An absolute http(s) URL with a host.
    private static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return false
        }
        return url.host?.isEmpty == false
    }
}
