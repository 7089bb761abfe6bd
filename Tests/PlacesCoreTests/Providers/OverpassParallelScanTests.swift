import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesOSM
@testable import PlacesOSMExtract
@testable import overpass_synth

/// Two threads must give exactly what one gives: the same elements in the same order, the
/// same remark, the same error at the same byte; whether the split guess holds or not.
@Suite("Overpass scan on two threads")
struct OverpassParallelScanTests {
    typealias C = ScannerComparison

    /// Every element's id and type, from one thread and from two.
    func both(_ data: Data) -> (one: Result<[String], JSONScanError>, two: Result<[String], JSONScanError>, split: Bool) {
        data.withUnsafeBytes { text in
            var sequential: [String] = []
            let one = Result { () throws(JSONScanError) -> [String] in
                let summary = try OverpassScanner.scan(text) { sequential.append("\($0.type)/\($0.id)") }
                return sequential + ["remark \(summary.remark ?? "nil") count \(summary.elementCount)"]
            }
            var first: [String] = [], second: [String] = []
            var split = false
            let two = Result { () throws(JSONScanError) -> [String] in
                let (summary, usedSecond) = try OverpassParallelScan.scan(
                    text, release: nil, minimumBytes: 0,
                    first: { first.append("\($0.type)/\($0.id)") },
                    second: { second.append("\($0.type)/\($0.id)") })
                split = usedSecond
                return first + (usedSecond ? second : []) + ["remark \(summary.remark ?? "nil") count \(summary.elementCount)"]
            }
            return (one, two, split)
        }
    }

    @Test(arguments: [(UInt64(1), "overpass"), (2, "overpass"), (3, "varied"), (4, "varied")])
    func generatedDocumentsSplitAndAgree(seed: UInt64, style: String) throws {
        let data = C.synthetic(elements: 800, seed: seed, style: .init(rawValue: style)!)
        let (one, two, split) = both(data)
        #expect(try one.get() == two.get())
        if style == "overpass" { #expect(split, "the guess should hold on Overpass's own layout") }
    }

    @Test func theSplitAgreesWithJSONDecoderThroughTheExtractScan() throws {
        for data in [try C.bundledExtract, C.synthetic(elements: 2000, seed: 9, style: .overpass)] {
            let venues = try C.scannedVenues(data, parallelFrom: 0)
            #expect(try venues == C.decodedVenues(data))
        }
    }

    /// Documents built so that the middle is a `,` line break `{` that is not an element.
    static let misleading: [String] = {
        let element = #"{"type":"node","id":1,"lat":1,"lon":2,"tags":{"name":"a"}}"#
        let decoy = "{\"x\":[\n" + String(repeating: "{\"a\":1},\n", count: 200) + "{\"a\":2}]}"
        return [
            // The decoy sits in an unknown key inside an element, across the middle.
            "{\"elements\":[\(element),\n{\"type\":\"node\",\"id\":2,\"junk\":\(decoy)}\n]}",
            // In an unknown top-level key after the elements.
            "{\"elements\":[\(element)],\"after\":\(decoy)}",
            // Before them, so the guess lands in front of the array.
            "{\"before\":\(decoy),\"elements\":[\(element)]}",
            // Remarks on both sides of the split: the first one wins.
            "{\"remark\":\"first\",\"elements\":[\n" + Array(repeating: element, count: 300).joined(separator: ",\n")
                + "\n],\"remark\":\"second\"}",
            "{\"elements\":[\n" + Array(repeating: element, count: 300).joined(separator: ",\n")
                + "\n],\"remark\":\"after\",\"elements\":[]}",
            "{\"remark\":null,\"elements\":[\n" + Array(repeating: element, count: 300).joined(separator: ",\n")
                + "\n],\"remark\":\"after\"}",
        ]
    }()

    @Test(arguments: misleading)
    func misleadingMiddlesStillAgree(_ text: String) throws {
        let (one, two, _) = both(Data(text.utf8))
        #expect(try one.get() == two.get())
    }

    /// Damage in either half, or in the bytes right at the split: the same error at the same byte.
    @Test func brokenHalvesReportTheOneThreadError() throws {
        let original = Array(C.synthetic(elements: 600, seed: 5, style: .overpass))
        let split = try #require(original.withUnsafeBytes { OverpassParallelScan.splitGuess(in: $0, after: $0.count / 2) })
        var random = SplitMix(seed: 77)
        var positions = [split - 2, split - 1, split, split + 1, split + 2, original.count - 3]
        for _ in 0..<60 { positions.append(random.below(original.count)) }
        for at in positions {
            var bytes = original
            bytes[at] = [UInt8(ascii: "#"), UInt8(ascii: "}"), UInt8(ascii: ","), 0xFF][random.below(4)]
            let (one, two, _) = both(Data(bytes))
            switch (one, two) {
            case (.success(let a), .success(let b)): #expect(a == b, "byte \(at)")
            case (.failure(let a), .failure(let b)): #expect(a == b, "byte \(at)")
            default: Issue.record("byte \(at): one thread \(one), two \(two)")
            }
        }
    }
}
