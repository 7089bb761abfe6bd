import Foundation
import Testing

/// Issue 22, item 9: `--record DIR` finds out that it cannot write before it sends (a request
/// may be billed): a service folder that is no directory, or no room to write a recording
/// (`ulimit -f`), ends the command with nothing sent; no room is 74, not 78.
@Suite("End to end: --record checks before it sends")
struct RecordCheckEndToEndTests {
    static let nearby = ["nearby", "--provider", "google", "--at", "60.17,24.94", "--limit", "3"]

    func environment(_ fake: FakeGooglePlaces) -> [String: String] {
        var env = PlacesBinary.baseEnvironment()
        env["GOOGLE_MAPS_API_KEY"] = "CANARY-record-\(UUID().uuidString.prefix(8))"
        env["PLACES_GOOGLE_PLACES_URL"] = fake.baseURL
        return env
    }

    @Test(arguments: ["a regular file", "a symbolic link to nothing"])
    func aServiceFolderThatIsNoDirectoryIs78WithNothingSent(_ what: String) throws {
        let fake = try FakeGooglePlaces()
        let dir = try TemporaryDirectory()
        if what == "a regular file" {
            try dir.write("google", Data("not a folder".utf8))
        } else {
            try FileManager.default.createSymbolicLink(atPath: dir.file("google"), withDestinationPath: dir.file("nowhere"))
        }
        let r = try PlacesBinary.run(Self.nearby + ["--record", dir.path], environment: environment(fake))
        #expect(r.status == 78 && r.stdout.isEmpty, "\(r)")
        #expect(r.errorLines.count == 1 && r.stderr.contains("\(dir.file("google")) is \(what), not a directory; nothing was sent"), "\(r)")
        #expect(fake.requests.isEmpty, "a request was sent before the check")
    }

    @Test func noRoomToWriteARecordingIs74WithNothingSent() throws {
        let fake = try FakeGooglePlaces()
        let dir = try TemporaryDirectory()
        var env = environment(fake)
        env["REC"] = dir.path
        let r = try PlacesBinary.shell(
            "ulimit -f 1; \"$PLACES\" " + Self.nearby.joined(separator: " ") + " --record \"$REC\"", environment: env)
        #expect(r.status == 74 && r.stdout.isEmpty, "\(r)")
        #expect(r.errorLines.count == 1 && r.stderr.contains("File too large; nothing was sent"), "\(r)")
        #expect(fake.requests.isEmpty, "a request was sent before the check")
        // With room, the same command records.
        let ok = try PlacesBinary.run(Self.nearby + ["--record", dir.path], environment: environment(fake))
        #expect(ok.status == 0 && fake.requests.count == 1, "\(ok)")
        #expect(dir.contents(of: "google").count == 1)
    }
}
