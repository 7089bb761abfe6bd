import Foundation
import PlacesHTTP
import PlacesModel
import PlacesSupport

/// The image host's part of `PlacesClient.photo`: one plain GET of the image's URL, never
/// with a key (a URL that would carry one is not sent), read up to `PlacePhoto.maximumBytes`,
/// and kept only when its bytes are an image whose size can be read and the host did not call
/// it something else. Redirects are followed as `RedirectPolicy` allows a request without a
/// secret (Wikimedia's `Special:FilePath` moves to upload.wikimedia.org).
package struct PhotoDownload: Sendable {
    /// The image host's client, reading at most `PlacePhoto.maximumBytes`.
    let http: HTTPClient
    /// Where Wikimedia Commons files are fetched from.
    let commonsBaseURL: String

    /// Over `http` (its body cap lowered to `PlacePhoto.maximumBytes`), with Commons at
    /// `commonsBaseURL` (nil for the public site).
    package init(http: HTTPClient, commonsBaseURL: String? = nil) {
        self.http = http.limited(toResponseBytes: PlacePhoto.maximumBytes)
        self.commonsBaseURL = commonsBaseURL ?? WikimediaCommons.defaultBaseURL
    }

    /// The URL of a Wikimedia Commons file at `request`'s size: the largest standard
    /// thumbnail width not over its maximum width, else `WikimediaCommons.defaultWidth`
    /// (Commons scales by width only: a maximum height alone is a note).
    func commonsURL(_ file: String, _ request: PhotoRequest, diagnostics: Diagnostics) -> String {
        if request.maxWidth == nil, request.maxHeight != nil {
            diagnostics.note(
                "Wikimedia Commons scales a photo by its width only: the maximum height is not applied (the photo is \(WikimediaCommons.defaultWidth) pixels wide at most)"
            )
        }
        let width = request.maxWidth.map(WikimediaCommons.standardWidth(notOver:)) ?? WikimediaCommons.defaultWidth
        return WikimediaCommons.imageURL(file, base: commonsBaseURL, width: width)
    }

    /// What the host sent for `url`, checked to be an image.
    func fetch(_ url: String, diagnostics: Diagnostics) async throws -> (data: Data, header: ImageHeader) {
        let request = try Self.request(url)
        let response: HTTPResponse
        do {
            response = try await http.send(request, service: ImageHost.reader)
        } catch PlacesError.notFound(let message) {
            throw PlacesError.notFound(message: "the photo's image is gone: \(message)")
        } catch PlacesError.apiKeyRejected(.imageHost, _), PlacesError.paymentRequired(.imageHost, _),
            PlacesError.requestRejected(.imageHost, _)
        {
            // No key was sent: a host refusing the download (an expired signed URL) is no
            // problem of the key's or the command line's.
            throw PlacesError.unavailable(
                .imageHost,
                message:
                    "\(TerminalText.shown(request.url.host ?? "the image host")) refused to send the photo's image (its URL may have expired: try again); nothing was saved"
            )
        }
        let host = request.url.host ?? "the image host"
        if let type = response.header("Content-Type"), !Self.isImageType(type) {
            throw PlacesError.badResponse(
                .imageHost,
                message:
                    "\(TerminalText.shown(host)) answered with \(TerminalText.shown(String(type.prefix(80)))), not an image; nothing was saved"
            )
        }
        guard let header = ImageHeader(response.body) else {
            let what =
                ImageFormat(signatureOf: response.body) == nil
                ? "is not a JPEG, PNG, GIF or WebP image" : "is an image whose size cannot be read"
            throw PlacesError.badResponse(.imageHost, message: "what \(TerminalText.shown(host)) sent \(what); nothing was saved")
        }
        return (response.body, header)
    }

    /// The GET for `url`: http(s) with a host, no user or password, no key in any form.
    static func request(_ text: String) throws -> HTTPRequest {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw PlacesError.badResponse(
                .imageHost, message: "the photo's image URL '\(TerminalText.shown(String(text.prefix(200))))' is not an http(s) URL")
        }
        let request = HTTPRequest(
            method: "GET", url: url, headers: [("Accept", acceptedTypes)], service: WebService.imageHost.recordingFolder,
            annotations: ["the image itself, with no key: a plain GET no provider bills"])
        guard request.secrets.isEmpty, url.user == nil else {
            throw PlacesError.badResponse(
                .imageHost, message: "the photo's image URL at \(TerminalText.shown(host)) carries credentials; it was not fetched")
        }
        return request
    }

    /// The formats `ImageHeader` reads, and only those (a host that could send AVIF does not).
    static let acceptedTypes = ImageFormat.allCases.map(\.mediaType).joined(separator: ", ")

    /// `image/...`, parameters aside.
    static func isImageType(_ value: String) -> Bool {
        value.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("image/")
    }
}
