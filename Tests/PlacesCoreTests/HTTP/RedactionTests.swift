import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesFoursquare
@testable import PlacesGoogle
@testable import PlacesHTTP
@testable import PlacesProviderKit
@testable import PlacesSupport
@testable import places_cli

@Suite("Redaction: every form of a key, in every description")
struct RedactionTests {
    static let key = "AIzaCanary-9f8E7d_6c5B4a"
    /// Foursquare keys are opaque: one with characters that encoders change.
    static let slashedKey = "fsq3CanaryKey+9f8E/7d_6c5B4a="

    // MARK: - The matcher

    @Test func everyEchoedFormIsScrubbed() {
        for (name, form) in KeyForms.echoes(of: Self.key) {
            let text = "before \(form) after"
            let scrubbed = Redaction.scrub(text, secrets: [Self.key])
            #expect(scrubbed == "before REDACTED after", "\(name): \(scrubbed)")
            #expect(Redaction.contains(text, secrets: [Self.key]), "\(name)")
        }
    }

    @Test func formsSpecificToSomeCharacters() {
        let slashed = "abc/def+ghi jk"
        for form in [
            "abc\\/def+ghi jk", "abc%2Fdef%2bghi+jk", "ABC%252Fdef+ghi%20jk", "abc\\u002Fdef\\u002bghi jk", "abc\\u00252fdef+ghi jk",
            "abc%5Cu002Fdef+ghi jk", "abc\\\\u002fdef+ghi jk", "abc\\u005Cu002Fdef+ghi jk",
        ] {
            #expect(Redaction.scrub("<\(form)>", secrets: [slashed]) == "<REDACTED>", "\(form)")
        }
        // A JSON string holding a key made of quotes and backslashes.
        #expect(Redaction.scrub(#"x "ab\"c\\d" y"#, secrets: [#"ab"c\d"#]) == #"x "REDACTED" y"#)
    }

    @Test func overlappingOccurrencesAreRedactedWhole() {
        // The last 23 characters of the first are a key again with the next "A": nothing of either may stay.
        let text = "<\(Self.key.dropLast())\(Self.key.uppercased())>"
        #expect(Redaction.scrub(text, secrets: [Self.key]) == "<REDACTED>")
        #expect(Redaction.scrub("<\(Self.key)\(Self.key)>", secrets: [Self.key]) == "<REDACTEDREDACTED>")
        #expect(Redaction.scrub("abcabcabcab", secrets: ["abcabcab"]) == "REDACTED")
    }

    @Test func nearMissesAndShortValuesAreLeftAlone() {
        // Runs of 11 characters of the key, and escapes that spell no more.
        let text = "AIzaCanary- 9f8E7d_6c5B 4aAIzaCanary AIza %41%49 \\u0041"
        #expect(Redaction.scrub(text, secrets: [Self.key]) == text)
        #expect(!Redaction.contains(text, secrets: [Self.key]))
        #expect(Redaction.scrub("the key is abc", secrets: ["abc", "", "REDACTED"]) == "the key is abc")
        #expect(Redaction.scrub("nothing to hide", secrets: []) == "nothing to hide")
    }

    /// Any 12 characters of a key in a row are a secret, plain in any case or as standard
    /// encoders write them: a server echoing the first 16 characters of a key leaks them.
    @Test func piecesOfTwelveCharactersOrMoreAreSecrets() {
        for key in [Self.key, Self.slashedKey] {
            for (name, piece) in KeyForms.pieces(of: key) {
                let text = "before \(piece) after"
                #expect(Redaction.scrub(text, secrets: [key]) == "before REDACTED after", "\(name) of \(key)")
                #expect(Redaction.contains(text, secrets: [key]), "\(name) of \(key)")
            }
        }
        // Exactly 12, at either end of the key; next to the whole key, two; overlapping a
        // whole key in a mixed form (its plain start is a piece), one.
        #expect(Redaction.scrub("<\(Self.key.prefix(12))>", secrets: [Self.key]) == "<REDACTED>")
        #expect(Redaction.scrub("<\(Self.key.suffix(12))>", secrets: [Self.key]) == "<REDACTED>")
        #expect(Redaction.scrub("<\(Self.key.prefix(14))\(Self.key)>", secrets: [Self.key]) == "<REDACTEDREDACTED>")
        let mixed = Self.key.prefix(14) + Self.key.dropFirst(14).utf8.map { String(format: "%%%02X", $0) }.joined()
        #expect(Redaction.scrub("<\(mixed)>", secrets: [Self.key]) == "<REDACTED>")
        // In a request's secrets (header values, key= values) too.
        #expect(
            request().redacted.description.contains("REDACTED") && !Redaction.contains(request().redacted.description, secrets: [Self.key]))
    }

    /// A key shorter than 12 characters has no pieces: it is matched whole.
    @Test func aShortKeyIsMatchedWholeOnly() {
        let key = "AIzaShort-9"
        #expect(Redaction.scrub("<\(key.prefix(10))> <\(key)>", secrets: [key]) == "<\(key.prefix(10))> <REDACTED>")
    }

    @Test func bearerFormsAndBlanksAreSecretsToo() {
        let forms = Redaction.secretForms("  Bearer fsqKEY123456 \n")
        #expect(forms.contains("fsqKEY123456"))
        #expect(Redaction.scrub("Authorization: Bearer fsqkey123456", secrets: forms) == "Authorization: REDACTED")
        #expect(Redaction.scrub("token=fsqKEY123456", secrets: forms) == "token=REDACTED")
        let environment = ["GOOGLE_MAPS_API_KEY": Self.key, "FOURSQUARE_API_KEY": "Bearer fsqKEY123456", "OTHER": "not-a-key-at-all"]
        let secrets = ServiceVariables.secrets { environment[$0] }
        #expect(secrets.contains(Self.key) && secrets.contains("fsqKEY123456") && !secrets.contains("not-a-key-at-all"))
    }

    @Test func aStreamCatchesAKeySplitAnywhereAcrossWrites() {
        for (name, form) in KeyForms.echoes(of: Self.key) {
            let bytes = Array("line one\n{\"name\":\"\(form)\"}\nlast".utf8)
            for cut in 0...bytes.count {
                var scrubber = SecretScrubber(secrets: [Self.key])
                var out: [UInt8] = []
                bytes[..<cut].withUnsafeBytes { scrubber.process($0) { out += $0 } }
                bytes[cut...].withUnsafeBytes { scrubber.process($0) { out += $0 } }
                scrubber.finish { out += $0 }
                let text = String(decoding: out, as: UTF8.self)
                #expect(text == "line one\n{\"name\":\"REDACTED\"}\nlast", "\(name), cut at \(cut): \(text)")
            }
        }
    }

    @Test func aStreamCatchesAPieceSplitAnywhereAcrossWrites() {
        for key in [Self.key, Self.slashedKey] {
            for (name, piece) in KeyForms.pieces(of: key) {
                let bytes = Array("line one\n{\"name\":\"\(piece)\"}\nlast".utf8)
                for cut in 0...bytes.count {
                    var scrubber = SecretScrubber(secrets: [key])
                    var out: [UInt8] = []
                    bytes[..<cut].withUnsafeBytes { scrubber.process($0) { out += $0 } }
                    bytes[cut...].withUnsafeBytes { scrubber.process($0) { out += $0 } }
                    scrubber.finish { out += $0 }
                    let text = String(decoding: out, as: UTF8.self)
                    #expect(text == "line one\n{\"name\":\"REDACTED\"}\nlast", "\(name) of \(key), cut at \(cut): \(text)")
                }
            }
        }
    }

    @Test func aStreamHoldsBackOnlyWhatCouldStartAKey() {
        var scrubber = SecretScrubber(secrets: [Self.key])
        var out: [UInt8] = []
        Array("a note\n".utf8).withUnsafeBytes { scrubber.process($0) { out += $0 } }
        #expect(String(decoding: out, as: UTF8.self) == "a note\n")
        Array("ends with AIzaCan".utf8).withUnsafeBytes { scrubber.process($0) { out += $0 } }
        #expect(String(decoding: out, as: UTF8.self) == "a note\nends with ")
        scrubber.finish { out += $0 }
        #expect(String(decoding: out, as: UTF8.self) == "a note\nends with AIzaCan")
    }

    @Test func aResponseIsScrubbedInItsHeadersAndBody() {
        let response = HTTPResponse(
            status: 200, headers: [("Link", "<http://h/?k=\(Self.key.lowercased())>; rel=\"next\"")],
            body: Data(#"{"name":"\#(KeyForms.echoes(of: Self.key)[5].text)"}"#.utf8))
        let scrubbed = Redaction.scrub(response, secrets: [Self.key])
        #expect(scrubbed.headers[0].value == "<http://h/?k=REDACTED>; rel=\"next\"")
        #expect(String(decoding: scrubbed.body, as: UTF8.self) == #"{"name":"REDACTED"}"#)
    }

    // MARK: - Descriptions

    func request() -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: URL(string: "https://user:\(Self.key)@h.example/v1/x?key=\(Self.key)&q=1")!,
            headers: [("X-Goog-Api-Key", Self.key), ("Authorization", "Bearer \(Self.key)"), ("X-Other", "v")],
            body: Data(#"{"q":"\#(Self.key.lowercased())"}"#.utf8), service: "google",
            secretHeaders: ["X-Goog-Api-Key", "Authorization"], annotations: ["billed for \(Self.key)"])
    }

    /// Every way Swift prints a value.
    func renderings(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var printed = ""
        print(value, to: &printed)
        var debugPrinted = ""
        debugPrint(value, to: &debugPrinted)
        return ["\(value)", String(describing: value), String(reflecting: value), dumped, printed, debugPrinted] + mirrored(value)
    }

    func mirrored(_ value: Any, depth: Int = 0) -> [String] {
        guard depth < 6 else { return [] }
        return Mirror(reflecting: value).children.flatMap { child in ["\(child.value)"] + mirrored(child.value, depth: depth + 1) }
    }

    @Test func aRequestShowsOnlyItsRedactedFormHoweverItIsPrinted() {
        let request = request()
        for text in renderings(request) {
            #expect(!KeyForms.leaks(Self.key, in: text), "\(text)")
        }
        #expect(request.description.contains("X-Goog-Api-Key: REDACTED") && request.description.contains("key=REDACTED"))
        #expect(request.redacted.url.absoluteString == "https://user:REDACTED@h.example/v1/x?key=REDACTED&q=1")
    }

    @Test func everyTypeHoldingARequestOrAKeyRedactsItself() throws {
        let request = request()
        let http = HTTPClient(transport: DryRunTransport())
        let holders: [(String, Any)] = [
            ("DryRunCapture", DryRunCapture(request: request)),
            ("an error that is a DryRunCapture", DryRunCapture(request: request) as Error),
            ("Cassette", Cassette(request: request, response: HTTPResponse(status: 200))),
            (
                "CassetteRecordingTransport",
                CassetteRecordingTransport(inner: DryRunTransport(), directory: "/tmp/x", knownSecrets: [Self.key])
            ),
            ("RunContext", RunContext(environment: ["GOOGLE_MAPS_API_KEY": Self.key])),
            ("GooglePlacesProvider", GooglePlacesProvider(http: http, baseURL: "http://h", key: Self.key)),
            ("GoogleRequestBuilder", GoogleRequestBuilder(baseURL: "http://h", key: Self.key, wording: .library)),
            ("FoursquarePlacesProvider", FoursquarePlacesProvider(http: http, baseURL: "http://h", key: Self.key)),
            ("FoursquareRequestBuilder", FoursquareRequestBuilder(baseURL: "http://h", key: Self.key, wording: .library)),
            ("GoogleRoutesRouter", GoogleRoutesRouter(client: http, baseURL: "http://h", key: Self.key)),
            ("GoogleGeocoder", GoogleGeocoder(http: http, baseURL: "http://h", key: Self.key)),
            ("GoogleConnection", GoogleConnection(http: http, baseURL: "http://h", key: Self.key, locale: GoogleLocale())),
            ("PlacesClient.Source.google", PlacesClient.Source.google(apiKey: Self.key)),
            ("PlacesClient.Source.foursquare", PlacesClient.Source.foursquare(apiKey: "Bearer \(Self.key)")),
            ("PlacesClient (google)", PlacesClient(source: .google(apiKey: Self.key))),
            ("PlacesClient (foursquare)", PlacesClient(source: .foursquare(apiKey: Self.key))),
            ("ProviderConfiguration", PlacesClient.Source.google(apiKey: Self.key).parts().configuration),
        ]
        for (name, holder) in holders {
            for text in renderings(holder) {
                #expect(!KeyForms.leaks(Self.key, in: text), "\(name): \(text)")
            }
        }
    }

    @Test func aDisplayedBaseURLHidesItsPasswordAndKey() {
        #expect(
            Redaction.displayURL("https://me:\(Self.key)@mirror.example/api?key=\(Self.key)")
                == "https://me:REDACTED@mirror.example/api?key=REDACTED")
        #expect(Redaction.displayURL("https://overpass-api.de/api/interpreter") == "https://overpass-api.de/api/interpreter")
    }

    @Test func foreignErrorsAreDescribedFromSafePartsOnly() {
        struct Leaky: Error, CustomStringConvertible {
            var description: String { "holds \(RedactionTests.key)" }
        }
        let text = ForeignErrorText.describe(Leaky())
        #expect(!text.contains(Self.key) && text.contains("Leaky"))
        #expect(ForeignErrorText.describe(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))) == String(cString: strerror(ENOSPC)))
        #expect(!DecodingErrorText.describe(Leaky()).contains(Self.key))
    }
}

@Suite("ScrubbedOutput: the CLI's last line of defence")
struct ScrubbedOutputTests {
    @Test func aKeySplitAcrossWritesToADescriptorIsStillCaught() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let output = ScrubbedOutput(fd: fds[1], secrets: [RedactionTests.key])
        let form = KeyForms.echoes(of: RedactionTests.key)[6].text
        let cut = form.index(form.startIndex, offsetBy: form.count / 2)
        #expect(output.write("places: note: a place named \(form[..<cut])") == .written)
        #expect(output.write("\(form[cut...]) was skipped\n") == .written)
        #expect(output.write("and one ending in AIzaCana") == .written)
        #expect(output.finish() == .written)
        close(fds[1])
        let text = String(decoding: FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        #expect(text == "places: note: a place named REDACTED was skipped\nand one ending in AIzaCana")
    }
}

@Suite("SecretScrubber: seeded random texts and writes")
struct SecretScrubberRandomTests {
    /// SplitMix64: the same texts on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func randomTextsInRandomWritesNeverLeakAndMatchTheWholeText() {
        var rng = Seeded(state: 20_251_122)
        let key = RedactionTests.key
        let forms = KeyForms.echoes(of: key).map(\.text)
        // Text rich in near misses: pieces of the key, escapes, letters the key starts with.
        // (Shorter than the 10 characters KeyForms.leaks counts as part of a key.)
        let noise = ["a", "A", "ai", "AIza", "AIzaCana", "%", "%4", "%41", "\\", "\\u00", "\\u0041", "+", " ", "\n", "\"", "x", "é"]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...30, using: &rng) {
                text +=
                    Bool.random(using: &rng) && Int.random(in: 0..<4, using: &rng) == 0
                    ? forms.randomElement(using: &rng)! : noise.randomElement(using: &rng)!
            }
            let whole = Redaction.scrub(text, secrets: [key])
            #expect(!KeyForms.leaks(key, in: whole), "\(text) -> \(whole)")
            var scrubber = SecretScrubber(secrets: [key])
            var out: [UInt8] = []
            var bytes = ArraySlice(Array(text.utf8))
            while !bytes.isEmpty {
                let piece = bytes.prefix(Int.random(in: 1...12, using: &rng))
                bytes = bytes.dropFirst(piece.count)
                piece.withUnsafeBytes { scrubber.process($0) { out += $0 } }
            }
            scrubber.finish { out += $0 }
            #expect(String(decoding: out, as: UTF8.self) == whole, "\(text)")
        }
    }

    /// Texts made of runs of the key's characters of every length, at every offset, in any
    /// case, cut into random writes: no 12 characters of the key in a row survive (an
    /// oracle that knows only the rule), and a stream prints what the whole text does.
    @Test func randomRunsOfTheKeyNeverLeaveTwelveInARow() {
        var rng = Seeded(state: 12)
        let key = RedactionTests.key
        let chars = Array(key)
        let windows = (0...(chars.count - 12)).map { String(chars[$0..<$0 + 12]).lowercased() }
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let start = Int.random(in: 0..<chars.count, using: &rng)
                let end = Int.random(in: start...min(chars.count, start + 20), using: &rng)
                let run = String(chars[start..<end])
                text += Bool.random(using: &rng) ? run.uppercased() : run
                if Int.random(in: 0..<3, using: &rng) == 0 { text += [" ", "\n", "x", "%", "\"", "é"].randomElement(using: &rng)! }
            }
            let whole = Redaction.scrub(text, secrets: [key])
            #expect(!windows.contains { whole.lowercased().contains($0) }, "\(text) -> \(whole)")
            var scrubber = SecretScrubber(secrets: [key])
            var out: [UInt8] = []
            var bytes = ArraySlice(Array(text.utf8))
            while !bytes.isEmpty {
                let piece = bytes.prefix(Int.random(in: 1...16, using: &rng))
                bytes = bytes.dropFirst(piece.count)
                piece.withUnsafeBytes { scrubber.process($0) { out += $0 } }
            }
            scrubber.finish { out += $0 }
            #expect(String(decoding: out, as: UTF8.self) == whole, "\(text)")
        }
    }
}
