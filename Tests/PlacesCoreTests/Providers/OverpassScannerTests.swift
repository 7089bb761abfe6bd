import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSMExtract
@testable import PlacesRouting
@testable import overpass_synth

@Suite("Overpass scanner against JSONDecoder")
struct OverpassScannerTests {
    typealias C = ScannerComparison

    @Test func bundledExtractMatchesElementByElement() throws {
        let data = try C.bundledExtract
        let decoded = try #require(C.decoded(data))
        let scanned = try C.scanned(data).get()
        #expect(scanned.elements.count == 1196)
        #expect(scanned.remark == decoded.remark)
        for (i, (s, d)) in zip(scanned.elements, decoded.elements).enumerated() {
            #expect(C.sameElement(s, d), "element \(i): \(s) vs \(d)")
        }
        #expect(try C.scannedVenues(data) == C.decodedVenues(data))
    }

    @Test(arguments: [(UInt64(1), "varied"), (2, "varied"), (3, "varied"), (4, "varied"), (5, "varied"), (6, "varied"), (7, "overpass")])
    func generatedFilesMatchElementByElement(seed: UInt64, style: String) throws {
        let data = C.synthetic(elements: 1500, seed: seed, style: .init(rawValue: style)!)
        let decoded = try #require(C.decoded(data), "JSONDecoder refused the generated document")
        let scanned = try C.scanned(data).get()
        #expect(scanned.elements.count == 1500)
        #expect(scanned.remark == decoded.remark)
        for (i, (s, d)) in zip(scanned.elements, decoded.elements).enumerated() {
            #expect(C.sameElement(s, d), "element \(i): \(s) vs \(d)")
        }
        let venues = try C.scannedVenues(data)
        #expect(try venues == C.decodedVenues(data))
        #expect(venues.count > 1000)
    }

    /// The scanner keeps only `OSMTagKey` tags: mapping must not need any other.
    @Test func theVenueKeysAreAllTheMapperReads() throws {
        for data in [try C.bundledExtract, C.synthetic(elements: 3000, seed: 11, style: .varied)] {
            let elements = try #require(C.decoded(data)).elements
            for element in elements {
                var kept = element
                kept.tags = element.tags?.filter { key, _ in OSMTagKey.allCases.contains { $0.key == key } }
                #expect(OSMVenueMapper.venue(from: kept) == OSMVenueMapper.venue(from: element), "\(element)")
            }
        }
    }

    /// Valid documents that stretch a reader: the scanner must give what JSONDecoder gives.
    static let validEdgeCases: [String] = [
        #"{"elements":[]}"#,
        "\u{FEFF}{\"elements\":[]}",
        " \t\r\n{ \t\r\n\"elements\" \t\r\n: \t\r\n[ \t\r\n] \t\r\n} \t\r\n",
        #"{"elements":[{"tags":{"name":"Late type"},"lon":2,"lat":1,"id":5,"type":"node"}]}"#,
        #"{"elements":[{"\u0074ype":"no\u0064e","\u0069d":7,"lat":1,"lon":2,"t\u0061gs":{"n\u0061me":"Escaped keys"}}]}"#,
        #"{"elements":[{"type":"node","id":1,"lat":1,"lon":2,"tags":{"name":"\ud83c\udf55 \u00e9\u00C9 \"q\" \\ \/ \b\f\n\r\t \u0000 é 寿司 🍣"}}]}"#,
        #"{"elements":[{"type":"node","id":1,"lat":6.01771570E+1,"lon":-0,"tags":{"name":"x"}},{"type":"node","id":2,"lat":601771570e-7,"lon":1e-310,"tags":{"name":"y"}}]}"#,
        #"{"elements":[{"type":"node","id":3,"lat":0e-400,"lon":5e-324,"tags":{"name":"z"}},{"type":"node","id":4,"lat":-0.0,"lon":-180,"tags":{"name":"w"}}]}"#,
        #"{"elements":[{"type":"node","id":1.0},{"type":"node","id":1e2},{"type":"node","id":12345670e-1},{"type":"node","id":-0},{"type":"node","id":0.1e1}]}"#,
        #"{"elements":[{"type":"node","id":9223372036854775807},{"type":"node","id":-9223372036854775808},{"type":"node","id":9007199254740993}]}"#,
        #"{"elements":[{"type":"node","id":1,"id":"later","lat":1,"lat":"x","lon":2,"tags":{"name":"first","name":5,"a":"b","a":null}}]}"#,
        #"{"elements":[{"type":"node","id":1,"tags":{"a":"x","a":"\ud800"}}]}"#,
        #"{"elements":[{"type":"node","id":1,"lat":null,"lon":null,"center":null,"tags":null}]}"#,
        #"{"elements":[{"type":"way","id":8,"center":{"lon":24.9,"x":[1,{"y":null}],"lat":60.1,"lat":"dup"},"tags":{"name":"Centre"}}]}"#,
        #"{"elements":[{"type":"area","id":9,"lat":1,"lon":1,"tags":{"name":"Not a venue"}},{"type":"relation","id":10,"lat":1,"lon":2,"tags":{"name":"No centre"}}]}"#,
        #"{"x":[1,-2.5e-300,123456789012345678901234567890,true,false,null,"s",{"a":[[],{}]}],"elements":[{"type":"node","id":1,"u":{"v":[{"w":"\ud800 lone, never decoded"}]}}],"remark":"fine","elements":5}"#,
        #"{"elements":[],"remark":null}"#,
        #"{"remark":"ok","elements":[{"type":"node","id":1,"tags":{}}],"remark":"runtime error: second, ignored"}"#,
        #"{"elements":[{"type":"node","id":1,"lat":90,"lon":180.0,"tags":{"name":"Edge"}},{"type":"node","id":2,"lat":90.0000001,"lon":0,"tags":{"name":"Off the edge"}}]}"#,
        "{\"elements\":[{\"type\":\"node\",\"id\":1,\"tags\":{\"name\":\"\u{7F} DEL and \u{10FFFF}\"}}]}",
        "{\"x\":" + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + ",\"elements\":[]}",
    ]

    @Test(arguments: validEdgeCases)
    func validEdgeCaseMatchesJSONDecoder(_ text: String) throws {
        let data = Data(text.utf8)
        let decoded = try #require(C.decoded(data), "JSONDecoder refused \(text)")
        let scanned = try C.scanned(data).get()
        #expect(scanned == decoded)
        #expect(try C.scannedVenues(data) == C.decodedVenues(data))
    }

    struct Malformed: CustomTestStringConvertible, Sendable {
        let bytes: [UInt8]
        /// Where the error is: the offset of the first occurrence of this text (or the end).
        let at: Int
        let message: String
        var testDescription: String { String(decoding: bytes, as: UTF8.self) }

        init(_ text: String, at marker: String?, _ message: String) {
            bytes = Array(text.utf8)
            if let marker, let range = text.utf8.firstRange(of: marker.utf8) {
                at = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
            } else {
                at = bytes.count
            }
            self.message = message
        }

        init(bytes: [UInt8], at: Int, _ message: String) {
            self.bytes = bytes
            self.at = at
            self.message = message
        }
    }

    static let malformed: [Malformed] = [
        Malformed("", at: nil, "the file is empty"),
        Malformed("not json", at: "not", "expected '{'"),
        Malformed("[]", at: "[", "expected '{'"),
        Malformed(#"{"elements":[],}"#, at: "}", "expected a string key but found '}'"),
        Malformed(#"{"elements":[{"type":"node","id":1},]}"#, at: "]}", "expected a value but found ']'"),
        Malformed(#"{"elements":[{"type":"node","id":1,}]}"#, at: "}]", "expected a string key"),
        Malformed(#"{"x":"\q","elements":[]}"#, at: #"\q"#, "invalid escape"),
        Malformed(#"{"x":"\u12G4","elements":[]}"#, at: #"\u"#, "four hex digits"),
        Malformed("{\"x\":\"a\tb\",\"elements\":[]}", at: "\t", "control character U+0009 must be escaped"),
        Malformed(#"{"x":01,"elements":[]}"#, at: "01", "leading zeros"),
        Malformed(#"{"x":1.,"elements":[]}"#, at: "1.", "a digit after '.'"),
        Malformed(#"{"x":1e+,"elements":[]}"#, at: "1e", "a digit in the exponent"),
        Malformed(#"{"x":-,"elements":[]}"#, at: "-", "expected a digit"),
        Malformed(#"{"x":+1,"elements":[]}"#, at: "+", "expected a value but found '+'"),
        Malformed(#"{"x":.5,"elements":[]}"#, at: ".5", "expected a value"),
        Malformed(#"{"x":tru,"elements":[]}"#, at: "tru", "invalid literal"),
        Malformed(#"{"x":NaN,"elements":[]}"#, at: "NaN", "expected a value"),
        Malformed(#"{"elements":[],"x":"abc"#, at: #""abc"#, "unterminated string"),
        Malformed(#"{"elements":[] "x":1}"#, at: #""x""#, "expected ',' or '}'"),
        Malformed(#"{"elements" []}"#, at: "[", "expected ':'"),
        Malformed(#"{"elements":[]} x"#, at: "x", "the end of the file after the document"),
        Malformed(#"{"elements":[{"type":"node","id":1"#, at: nil, "found the end of the file"),
        Malformed(#"{"x":[[[[{"a":[1,2"#, at: nil, "found the end of the file"),
        Malformed(#"{"x":[1 2],"elements":[]}"#, at: "2]", "expected ',' or ']'"),
        Malformed(#"{"foo":[]}"#, at: "{", "no \"elements\" array"),
        Malformed(#"{"elements":5}"#, at: "5", "\"elements\" should be an array but is a number"),
        Malformed(#"{"elements":null}"#, at: "null", "\"elements\" should be an array but is null"),
        Malformed(#"{"elements":[{"type":"node","lat":1,"lon":2}]}"#, at: #"{"type"#, "elements[0] has no \"id\""),
        Malformed(#"{"elements":[{"id":1}]}"#, at: #"{"id"#, "elements[0] has no \"type\""),
        Malformed(#"{"elements":[{"type":"node","id":1},7]}"#, at: "7]", "elements[1] should be an object but is a number"),
        Malformed(#"{"elements":[{"type":5,"id":1}]}"#, at: "5,", "elements[0].type should be a string but is a number"),
        Malformed(#"{"elements":[{"type":"node","id":"5"}]}"#, at: #""5""#, "elements[0].id should be an integer but is a string"),
        Malformed(#"{"elements":[{"type":"node","id":1.5}]}"#, at: "1.5", "not an integer that fits in 64 bits"),
        Malformed(#"{"elements":[{"type":"node","id":9223372036854775808}]}"#, at: "9223", "not an integer that fits in 64 bits"),
        Malformed(#"{"elements":[{"type":"node","id":1,"lat":1e400}]}"#, at: "1e400", "out of the range"),
        Malformed(#"{"elements":[{"type":"node","id":1,"lat":2e-324}]}"#, at: "2e-324", "out of the range"),
        Malformed(
            #"{"elements":[{"type":"node","id":1,"lat":"60.1"}]}"#, at: #""60.1""#, "elements[0].lat should be a number but is a string"),
        Malformed(#"{"elements":[{"type":"way","id":1,"center":{"lat":1}}]}"#, at: #"{"lat""#, "elements[0].center has no \"lon\""),
        Malformed(#"{"elements":[{"type":"way","id":1,"center":[1,2]}]}"#, at: "[1,2]", "center should be an object but is an array"),
        Malformed(
            #"{"elements":[{"type":"node","id":1,"tags":{"name":5}}]}"#, at: "5}", #"tags["name"] should be a string but is a number"#),
        Malformed(#"{"elements":[{"type":"node","id":1,"tags":{"name":null}}]}"#, at: "null", "should be a string but is null"),
        Malformed(#"{"elements":[{"type":"node","id":1,"tags":{"n":"\ud800"}}]}"#, at: #"\ud800"#, "high surrogate without its low half"),
        Malformed(#"{"elements":[{"type":"node","id":1,"tags":{"n":"\udc00"}}]}"#, at: #"\udc00"#, "lone low surrogate"),
        Malformed(#"{"elements":[{"type":"node","id":1,"tags":{"n":"\ud800\u0041"}}]}"#, at: #"\ud800"#, "without its low half"),
        Malformed(#"{"elements":[],"remark":5}"#, at: "5}", "remark should be a string but is a number"),
        Malformed(bytes: Array(#"{"x":""#.utf8) + [0xFF] + Array(#"","elements":[]}"#.utf8), at: 6, "invalid UTF-8"),
        Malformed(bytes: Array(#"{"x":""#.utf8) + [0xC0, 0x80] + Array(#"","elements":[]}"#.utf8), at: 6, "invalid UTF-8"),
        Malformed(bytes: Array(#"{"x":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#"","elements":[]}"#.utf8), at: 6, "invalid UTF-8"),
        Malformed(bytes: Array(#"{"x":""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#"","elements":[]}"#.utf8), at: 6, "invalid UTF-8"),
        Malformed(bytes: Array(#"{"x":""#.utf8) + [0xE2, 0x82] + Array(#"","elements":[]}"#.utf8), at: 6, "invalid UTF-8"),
        Malformed(bytes: Array(#"{"elements":[]}"#.utf8) + [0], at: 15, "the end of the file after the document"),
        Malformed(bytes: [0xFF, 0xFE] + Array(#"{"elements":[]}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, at: 0, "UTF-16"),
        Malformed(bytes: Array(#"{"elements":[]}"#.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, at: 0, "UTF-16"),
    ]

    @Test(arguments: malformed)
    func malformedInputFailsAtItsByte(_ c: Malformed) {
        switch C.scanned(Data(c.bytes)) {
        case .success(let reading):
            Issue.record("accepted: \(reading)")
        case .failure(let error):
            #expect(error.offset == c.at, "\(error.message)")
            #expect(error.message.contains(c.message), "\(error.message)")
        }
    }

    /// Nesting costs a bit per level, never stack: far beyond JSONDecoder's 512 levels.
    @Test func deepNestingIsFine() throws {
        let depth = 200_000
        let text =
            "{\"x\":" + String(repeating: "[{\"a\":", count: depth) + "1" + String(repeating: "}]", count: depth) + ",\"elements\":[]}"
        #expect(try C.scanned(Data(text.utf8)).get().elements.isEmpty)
        let open = "{\"x\":" + String(repeating: "[", count: depth)
        #expect(throws: JSONScanError.self) { try C.scanned(Data(open.utf8)).get() }
    }

    /// Numbers as JSONDecoder reads them into `Double` (bit for bit) or refuses them.
    @Test func coordinatesParseAsJSONDecoderParsesThem() throws {
        var texts = [
            "60.1771570", "-0", "0", "-0.0", "1e-310", "5e-324", "4.9406564584124654e-324", "2.4703282292062328e-324",
            "2.4703282292062327e-324", "2.2250738585072014e-308", "2.2250738585072011e-308", "1.7976931348623157e308",
            "1.7976931348623159e308", "0.1", "0.30000000000000004", "123456789012345678901234567890",
            "60.177157000000000000000000000000001", "9007199254740993", "9007199254740993.5", "1E+2", "1e-0",
            "0.000000000000000000000000000001", "179.99999999999999999", "1e22", "1e23", "8.98846567431158e307",
            "0.1234567890123456789", "12345678901234567890e-19", "-90", "89.9999999",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            texts.append("\(value)")
            texts.append(String(format: "%.17g", value))
            texts.append(String(format: "%.5e", value))
            texts.append(String(format: "%.7f", Double.random(in: -180...180)))
        }
        for text in texts {
            let json = Data(#"{"elements":[{"type":"node","id":1,"lat":\#(text)}]}"#.utf8)
            let decoded = C.decoded(json)?.elements.first?.lat
            let scanned = try? C.scanned(json).get().elements.first?.lat
            #expect(
                decoded?.bitPattern == scanned?.bitPattern,
                "\(text): JSONDecoder \(String(describing: decoded)), scanner \(String(describing: scanned))")
        }
    }

    /// Random damage: the scanner never crashes, and never accepts what JSONDecoder refuses
    /// or reads anything differently.
    @Test func randomDamageIsNeverReadDifferently() {
        let original = Array(C.synthetic(elements: 40, seed: 99, style: .varied))
        var random = SplitMix(seed: 2024)
        let alphabet = Array("{}[]\",:\\ \n0123456789.eE+-tfnu\u{7F}".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        for _ in 0..<4000 {
            var bytes = original
            for _ in 0..<(1 + random.below(3)) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[at] = alphabet[random.below(alphabet.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
                }
            }
            let data = Data(bytes)
            guard case .success(let scanned) = C.scanned(data) else { continue }
            let decoded = C.decoded(data)
            #expect(decoded == scanned, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}

/// A seeded generator for tests that must not vary between runs.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
