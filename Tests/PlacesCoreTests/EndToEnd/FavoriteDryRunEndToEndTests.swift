import Foundation
import Testing

/// `favorite add --dry-run` through the binary: it prints the request as `details --dry-run`
/// does, sends nothing, shows no key, and changes no file.
@Suite("End to end: favorite add --dry-run")
struct FavoriteDryRunEndToEndTests {
    let canary = "CANARY-favorite-dry-run-\(UUID().uuidString.prefix(8))"

    /// Everything under `directory`, so that "nothing was written" covers the lock and probe files too.
    func entries(_ directory: URL) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test(arguments: [
        ("google", "google:ChIJN1t_tDeuEmsRUsoyG83frY4", "GOOGLE_MAPS_API_KEY", "PLACES_GOOGLE_PLACES_URL"),
        ("foursquare", "foursquare:4b0588f9f964a520f9db22e3", "FOURSQUARE_API_KEY", "PLACES_FOURSQUARE_URL"),
    ])
    func printsTheRequestLikeDetailsAndChangesNothing(_ provider: String, _ id: String, _ keyVariable: String, _ urlVariable: String) throws
    {
        let server = try FakeHTTPServer { _ in .json(500, "{}") }
        defer { server.stop() }
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let env = [keyVariable: canary, urlVariable: server.baseURL]

        let r = try sandbox.run(["favorite", "add", id, "--note", "n", "--dry-run"], environment: env)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(r.stdout.hasPrefix("GET \(server.baseURL)/"), "\(r)")
        #expect(r.stdout.contains(provider == "google" ? "X-Goog-Api-Key: REDACTED" : "Authorization: REDACTED"), "\(r)")
        #expect(
            r.stdout.contains("# billed as Place Details")
                && r.stdout.hasSuffix("# dry run: nothing was sent; the favorites were not changed\n"), "\(r)")
        #expect(!r.stdout.contains(canary) && !r.stderr.contains(canary), "\(r)")
        #expect(server.requests.isEmpty)
        #expect(entries(sandbox.directory).isEmpty, "\(entries(sandbox.directory))")

        // The same request lines as details --dry-run with the snapshot's fields: Google's leaves
        // out phone and website (Enterprise) unless --fields asks, so that it is billed as Pro.
        let snapshot =
            provider == "google"
            ? "id,name,latitude,longitude,address,categories,cuisines,mapsUrl"
            : "id,name,latitude,longitude,address,categories,cuisines,website,phone,mapsUrl"
        let details = try sandbox.run(["details", id, "--fields", snapshot, "--dry-run"], environment: env)
        let requestLines = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("#") } }
        #expect(requestLines(r.stdout) == requestLines(details.stdout), "favorite add:\n\(r.stdout)details:\n\(details.stdout)")

        // No key at all: a dry run needs none.
        let keyless = try sandbox.run(["favorite", "add", id, "--dry-run"], environment: [urlVariable: server.baseURL])
        #expect(keyless.status == 0 && keyless.stdout.hasPrefix("GET "), "\(keyless)")
    }

    @Test func withDataItPrintsTheOfflineNoteAndWritesNothing() throws {
        let sandbox = try FavoritesSandbox()
        defer { sandbox.remove() }
        let r = try sandbox.run(["favorite", "add", "osm:node/1369465615", "--dry-run"], data: true)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
        #expect(
            r.stdout
                == "# dry run: osm answers from a local file (--data); no request would be sent\n# dry run: the favorites were not changed\n",
            "\(r)")
        #expect(entries(sandbox.directory).isEmpty, "\(entries(sandbox.directory))")

        // An existing file is left exactly as it was.
        #expect(try sandbox.run(["favorite", "add", "osm:node/1369465615"], data: true).status == 0)
        let before = try #require(sandbox.bytes())
        let again = try sandbox.run(["favorite", "add", "osm:node/1369465615", "--note", "changed", "--dry-run"], data: true)
        #expect(again.status == 0 && sandbox.bytes() == before, "\(again)")
    }
}
