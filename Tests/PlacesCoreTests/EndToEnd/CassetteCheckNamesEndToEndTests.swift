import Foundation
import Testing

/// Issue 22, item 12: `cassettes check` looks for key shapes everywhere a value or a name can
/// stand. A Google-shaped key used as a JSON object key in a body, or as a header name, with
/// no key in the environment, is a problem (65) naming where, never the text. (How fast it
/// checks many files is measured by Scripts/bench.sh, not asserted here.)
@Suite("End to end: cassettes check reads names too")
struct CassetteCheckNamesEndToEndTests {
    /// Key-shaped, assembled at run time so no key-shaped literal sits in the tree.
    static let planted = "AIza" + "SyPlanted0123456789abcdefghijklmnopq"

    /// A copy of a real recording with `edit` applied to its JSON.
    static func scene(_ edit: (inout [String: Any]) -> Void) throws -> (TemporaryDirectory, String) {
        let dir = try TemporaryDirectory()
        let source = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures/osm/72b86c7ee74d71fb-1.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        edit(&object)
        try FileManager.default.createDirectory(atPath: dir.file("osm"), withIntermediateDirectories: true)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: dir.file("osm/72b86c7ee74d71fb-1.json")))
        return (dir, "osm/72b86c7ee74d71fb-1.json")
    }

    @Test func aKeyShapedNameInABodyIsAProblem() throws {
        let (dir, file) = try Self.scene { object in
            var response = object["response"] as? [String: Any] ?? [:]
            var body = response["body"] as? [String: Any] ?? [:]
            var json = body["json"] as? [String: Any] ?? [:]
            json[Self.planted] = true
            body["json"] = json
            response["body"] = body
            object["response"] = response
        }
        let r = try PlacesBinary.run(["cassettes", "check", dir.path])
        #expect(r.status == 65 && r.stdout.isEmpty, "\(r)")
        #expect(r.stderr.contains("places: warning: \(file): a name in response.body.json is shaped like a Google API key (AIza…)"), "\(r)")
        #expect(!r.stderr.contains(Self.planted) && !r.stderr.contains(String(Self.planted.suffix(12))), "the finding shows the key")
    }

    @Test func aKeyShapedHeaderNameIsAProblem() throws {
        let (dir, file) = try Self.scene { object in
            var request = object["request"] as? [String: Any] ?? [:]
            var headers = request["headers"] as? [String: Any] ?? [:]
            headers[Self.planted] = "1"
            request["headers"] = headers
            object["request"] = request
        }
        let r = try PlacesBinary.run(["cassettes", "check", dir.path])
        #expect(r.status == 65 && r.stdout.isEmpty, "\(r)")
        #expect(r.stderr.contains("places: warning: \(file): a name in request.headers is shaped like a Google API key (AIza…)"), "\(r)")
        #expect(!r.stderr.contains(Self.planted))
    }

    @Test func theShapesStillFoundInValuesAndCleanFilesPass() throws {
        let (dir, file) = try Self.scene { object in
            var response = object["response"] as? [String: Any] ?? [:]
            response["note"] = "Bearer abcdefgh12345678 and https://x.example/?KEY=abc and fsq3abcdefghijklmnopqrstuvwx"
            object["response"] = response
        }
        let r = try PlacesBinary.run(["cassettes", "check", dir.path])
        #expect(r.status == 65, "\(r)")
        for shape in ["a Bearer token", "a secret query parameter", "a legacy Foursquare key (fsq3…)"] {
            #expect(r.stderr.contains("\(file): response.note holds \(shape)"), "\(shape): \(r)")
        }
        let clean = try PlacesBinary.run(["cassettes", "check", PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures").path])
        #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean)")
    }
}
