import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesHTTP

/// What a replay miss compares: paths and values, cut around the difference, never before it.
@Suite("RequestComparison")
struct RequestComparisonTests {
    func google(_ body: String, key: String = "AIzaSyREALKEY0123456789abcdefghijklmno") -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: URL(string: "https://places.googleapis.com/v1/places:searchNearby")!,
            headers: [("X-Goog-Api-Key", key), ("X-Goog-FieldMask", "places.id")], body: Data(body.utf8),
            service: "google", secretHeaders: ["X-Goog-Api-Key"], matchedHeaders: ["X-Goog-FieldMask"])
    }

    @Test func aNestedNumberIsNamedByItsPathWithBothValues() {
        let recorded = google(#"{"locationRestriction":{"circle":{"center":{"latitude":60.1,"longitude":24.9},"radius":800}}}"#)
        let asked = google(#"{"locationRestriction":{"circle":{"center":{"latitude":60.1,"longitude":24.9},"radius":900}}}"#)
        let differences = RequestComparison.differences(asked: asked, recorded: recorded)
        #expect(differences.map(\.description) == ["body.locationRestriction.circle.radius: 800 recorded, 900 asked"])
    }

    @Test func aLongValueIsCutAroundTheDifferenceNotBeforeIt() {
        let prefix = String(repeating: "nwr[\"amenity\"](around:1000,60.1,24.9);\n", count: 6)
        let (r, a) = RequestComparison.excerpts(
            RequestComparison.quoted(prefix + "out 100;"), RequestComparison.quoted(prefix + "out 200;"))
        #expect(r?.contains("out 100;") == true && a?.contains("out 200;") == true, "\(r ?? "nil") / \(a ?? "nil")")
        #expect(r?.hasPrefix("…") == true, "the shared start is shortened")
        #expect((r?.count ?? 0) < 80)
    }

    @Test func secretsNeverTakePartNorShow() {
        let differences = RequestComparison.differences(
            asked: google("{\"a\":1}", key: "AIza" + "SyOTHERKEY0123456789abcdefghijklmno"),
            recorded: google("{\"a\":2}"))
        #expect(differences.map(\.path) == ["body.a"])
        #expect(!differences.map(\.description).joined().contains("AIza"))
    }
}
