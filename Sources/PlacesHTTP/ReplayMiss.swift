import Foundation

/// What a replay says when a request has no recording: which file it looked for, the closest
/// recording of the same service and endpoint (method and path) with the differences as
/// paths and values, and how to refresh. One line, secrets redacted on both sides.
enum ReplayMiss {
    /// Differences shown before "and N more".
    static let shownDifferences = 4

    /// The message for a miss of `request`, the `number`-th time its key was asked.
    /// `advice` (how to record what is missing) is the caller's: it names its own flags.
    static func message(for request: HTTPRequest, number: Int, in directory: CassetteDirectory, advice: String?) -> String {
        let key = Cassette.key(for: request)
        let folder = directory.folder(request.service)
        let endpoint = "\(request.method.uppercased()) \(RequestComparison.percentEncodedPath(request.url))"
        var text: String
        if number > 1, (try? directory.contents(of: directory.file(service: request.service, key: key, number: 1))) != nil {
            text =
                "replay: \(endpoint) was recorded \(number - 1) time(s) in \(folder) and asked for again (\(key)-\(number).json is missing)"
        } else {
            text = "replay: no recorded exchange in \(folder) matches \(endpoint) (\(key)-\(number).json)"
            text += closest(to: request, in: directory).map { "; " + $0 } ?? ""
        }
        if let advice { text += "; " + advice }
        return text
    }

    /// "the closest, google/….json, differs in a: x recorded, y asked; …", or what the
    /// folder holds instead when nothing is recorded for the endpoint; nil for an empty folder.
    static func closest(to request: HTTPRequest, in directory: CassetteDirectory) -> String? {
        let entries = directory.entries(service: request.service)
        guard !entries.isEmpty else {
            return "nothing is recorded for \(request.service) there; the request: \(Cassette.describe(request.redacted))"
        }
        let method = request.method.uppercased(), path = RequestComparison.percentEncodedPath(request.url)
        var best: (entry: CassetteDirectory.Entry, differences: [RequestDifference])?
        for entry in entries {
            // A file that does not read as an exchange is `cassettes check`'s to report.
            guard let cassette = try? directory.load(entry),
                cassette.request.method.uppercased() == method,
                RequestComparison.percentEncodedPath(cassette.request.url) == path
            else { continue }
            var recorded = cassette.request
            recorded.matchedHeaders = request.matchedHeaders
            let differences = RequestComparison.differences(asked: request, recorded: recorded)
            // Fewest differences, then the smallest: a nearby search with another radius is
            // closer than a details lookup of the same endpoint.
            if best.map({ Self.distance(differences) < Self.distance($0.differences) }) ?? true { best = (entry, differences) }
        }
        guard let best else {
            return "none of its \(entries.count) exchange(s) is for that endpoint; the request: \(Cassette.describe(request.redacted))"
        }
        guard !best.differences.isEmpty else {
            return
                "\(best.entry.relativePath) holds the same request under another name (renamed, or recorded by another version of places)"
        }
        var shown = best.differences.prefix(shownDifferences).map(\.description).joined(separator: "; ")
        if best.differences.count > shownDifferences { shown += "; and \(best.differences.count - shownDifferences) more" }
        return "the closest, \(best.entry.relativePath), differs in \(shown)"
    }

    private static func distance(_ differences: [RequestDifference]) -> (Int, Int) {
        (differences.count, differences.reduce(0) { $0 + $1.size })
    }
}
