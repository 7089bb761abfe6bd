import Foundation
import Testing

@testable import PlacesHTTP

/// A body that is neither JSON nor UTF-8 text (an image) is stored as `{"base64": ...}` and
/// read back byte for byte; text and JSON bodies are stored as before, and a file whose
/// base64 does not decode is refused.
@Suite("Cassettes: binary bodies")
struct CassetteBinaryBodyTests {
    func roundTrip(_ body: Data) throws -> (text: String, body: Data) {
        let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:1/p/x")!, service: "photos")
        let text = try Cassette(request: request, response: HTTPResponse(status: 200, body: body)).fileText()
        return (text, try Cassette.parse(Data(text.utf8), service: "photos", source: "x.json").response.body)
    }

    @Test func anImageRoundTripsByteForByte() throws {
        for image in [TestImages.jpeg(width: 9, height: 7), TestImages.png(width: 3, height: 3), Data((0...255).map(UInt8.init))] {
            let (text, body) = try roundTrip(image)
            #expect(text.contains("\"base64\""))
            #expect(body == image)
        }
    }

    @Test func textAndJSONAreStoredAsBefore() throws {
        let page = try roundTrip(Data("<p>Not found</p>".utf8))
        #expect(page.text.contains("\"text\"") && page.body == Data("<p>Not found</p>".utf8))
        let json = try roundTrip(Data(#"{"photoUri":"https://h/p"}"#.utf8))
        #expect(json.text.contains("\"json\""))
        // Text with a NUL reads back exactly only as base64.
        let nul = try roundTrip(Data([0x61, 0x00, 0x62]))
        #expect(nul.text.contains("\"base64\"") && nul.body == Data([0x61, 0x00, 0x62]))
    }

    @Test func aBodyThatIsNotBase64IsRefused() {
        let file =
            #"{"request": {"method": "GET", "url": "http://h/p"}, "response": {"status": 200, "body": {"base64": "**not base64**"}}}"#
        #expect(throws: (any Error).self) { try Cassette.parse(Data(file.utf8), service: "photos", source: "x.json") }
    }
}
