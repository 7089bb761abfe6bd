import Foundation
import PlacesCore
import PlacesHTTP

/// Runs `places photo PLACE_ID`: where the photo goes is checked first, then `PlacesClient.photo`
/// lists the place's photos, resolves the one asked and downloads it (the image host's client
/// is its own, with its own recordings folder, `photos`), then the file is written whole and
/// what was saved is said. With `-o -` stdout carries the bytes alone and the summary goes to
/// stderr. `--dry-run` prints the first request and what would follow it.
enum PhotoRunner {
    static func run(_ options: PhotoOptions, context: RunContext) async throws -> String {
        let id = options.id
        let network = options.network
        if options.providerOptions.dataFile != nil && id.provider != .osm {
            throw UsageError("--data reads an OpenStreetMap extract; \(id) is a \(id.provider.rawValue) id")
        }
        let destination = PhotoDestination(options.output)
        if destination == .standardOutput, context.writeBytes == nil {
            throw UsageError("-o - writes the photo to stdout, which a batch line does not have: give -o FILE")
        }
        // Before anything (billed) is sent.
        if !network.dryRun { try destination.check() }
        let provider = try ProviderFactory.provider(id.provider, options: options.providerOptions, network: network, context: context)
        let download = PhotoDownload(
            http: try HTTPClientFactory.make(network, service: .imageHost, context: context),
            commonsBaseURL: ServiceVariables.baseURL(.imageHost, context))
        let client = PlacesClient(provider: provider, diagnostics: context.diagnostics, photoDownload: download)
        let photo: PlacePhoto
        switch try await DryRun.capture({ try await client.photo(id, options.request) }) {
        case .answered(let answer): photo = answer
        case .wouldSend(let request): return DryRunReport.text(for: request, more: dryRunMore(provider))
        }
        guard let path = destination.path(for: photo) else {
            if let writeBytes = context.writeBytes, case .failed(let code) = writeBytes(photo.data) {
                throw StreamWriteFailure(code: code)
            }
            for line in PhotoRenderer.lines(photo, file: nil) { context.diagnostics.note(line) }
            return ""
        }
        try PhotoDestination.save(photo, at: path)
        if options.json { return PhotoRenderer.json(photo, file: path).pretty + "\n" }
        return PhotoRenderer.lines(photo, file: path).joined(separator: "\n") + "\n"
    }

    /// What a dry run adds to the request it stopped at: that nothing was sent and, for
    /// Overpass (whose query says nothing of photos), what would follow.
    static func dryRunMore(_ provider: any PlaceProvider) -> String {
        let sent = "dry run: nothing was sent"
        guard provider.name == .osm, !provider.answersOffline else { return sent }
        return sent + "; then a plain GET of the place's image (its image or wikimedia_commons tag), with no key"
    }
}
