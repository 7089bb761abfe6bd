import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesOSMExtract
@testable import PlacesSupport
@testable import overpass_synth

/// The shortcuts taken for speed give exactly what the plain code they replaced gave.
@Suite("OSM fast paths against the plain code")
struct OSMFastPathTests {
    typealias C = ScannerComparison

    static func elements() throws -> [OverpassElement] {
        try #require(C.decoded(try C.bundledExtract)).elements
            + #require(C.decoded(C.synthetic(elements: 3000, seed: 17, style: .varied))).elements
    }

    @Test func asciiFoldingIsLowercaseAndCollapsedWhitespace() {
        var random = SplitMix(seed: 5)
        let alphabet = Array(" \t\n\u{0B}\u{0C}\r\u{1C}\u{1F}\u{7F}aZ_-.,;09Xy".unicodeScalars)
        for _ in 0..<5000 {
            let text = String(String.UnicodeScalarView((0..<random.below(20)).map { _ in alphabet[random.below(alphabet.count)] }))
            let plain = text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            #expect(TextFolding.fold(text) == plain, "\(Array(text.utf8))")
        }
    }

    /// Every two-byte UTF-8 scalar (U+0080–U+07FF), alone and inside words: the fast fold gives
    /// `fold`'s bytes, or leaves the text to `fold` (U+0250–U+027F once ran past its table).
    @Test func fastFoldingOfEveryTwoByteScalarIsFoldOrNothing() {
        for value in 0x80...0x7FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a\(scalar)b  C"] {
                var out: [UInt8] = []
                if let count = TextFolding.appendFoldedQuickly(text, to: &out) {
                    #expect(count == out.count && out == Array(TextFolding.fold(text).utf8), "U+\(String(value, radix: 16))")
                } else {
                    #expect(out.isEmpty, "U+\(String(value, radix: 16))")
                }
            }
        }
        // A lead byte before one that does not continue it is not UTF-8: never folded as a letter.
        for lead in UInt8(0xC2)...0xC9 {
            for next in UInt8.min...UInt8.max where next & 0xC0 != 0x80 {
                var out: [UInt8] = []
                let folded = [UInt8(ascii: "a"), lead, next].withUnsafeBytes { TextFolding.appendFoldedQuickly($0, to: &out) }
                #expect(folded == nil && out.isEmpty, "\(lead) \(next)")
            }
        }
    }

    @Test func categoriesAreTheTableLookup() throws {
        for element in try Self.elements() {
            let tags = element.tags ?? [:]
            var found = Set<PlaceCategory>()
            for (key, value) in tags where key == "atm" || OSMCategoryTable.primaryKeys.contains(key) {
                for category in PlaceCategory.allCases
                where OSMCategoryTable.tags[category]?.contains(.init(key: key, value: value)) == true {
                    found.insert(category)
                }
            }
            #expect(OSMCategoryTable.categories(of: tags) == PlaceCategory.allCases.filter(found.contains), "\(tags)")
        }
    }

    /// The category mask is exact for plain ASCII values and never leaves a venue out.
    @Test func categoryMaskNeverLeavesAVenueOut() throws {
        for data in [try C.bundledExtract, C.synthetic(elements: 3000, seed: 17, style: .varied)] {
            try data.withUnsafeBytes { bytes in
                _ = try OverpassScanner.scan(bytes) { element in
                    guard let venue = element.venue() else { return }
                    let mask = OSMCategoryMask.tables.of(element)
                    for category in PlaceCategory.allCases where venue.categories.contains(category.rawValue) {
                        #expect(mask & OSMCategoryMask.bit(category) != 0, "\(venue)")
                    }
                    if mask != OSMCategoryMask.unknown {
                        let expected = PlaceCategory.allCases.filter { venue.categories.contains($0.rawValue) }
                        #expect(PlaceCategory.allCases.filter { mask & OSMCategoryMask.bit($0) != 0 } == expected, "\(venue)")
                    }
                }
            }
        }
    }

    @Test func searchMatchingIsTheFoldedSubstringTest() throws {
        let venues = try C.decodedVenues(try C.bundledExtract) + C.decodedVenues(C.synthetic(elements: 3000, seed: 17, style: .varied))
        let queries = [
            "sushi", "SUSHI bar", "café", "cafe", "Töölö", "tooloo", "coffee shop", "coffee_shop", "fast food", "寿司", "kala  grill", "a",
        ]
        for query in queries {
            for types in [[], [PlaceCategory.restaurant], [.cafe, .bar]] {
                let request = SearchRequest(kind: .text(query), center: nil, radiusMeters: nil, types: types)
                let matcher = OSMSearchMatcher(request)
                var hits = 0
                for venue in venues {
                    var plain = types.isEmpty || types.contains { venue.categories.contains($0.rawValue) }
                    if plain {
                        let haystack = TextFolding.fold(([venue.name] + venue.categories + venue.cuisines).joined(separator: " "))
                            .replacingOccurrences(of: "_", with: " ")
                        plain = TextFolding.fold(query).split(separator: " ").allSatisfy { haystack.contains(String($0)) }
                    }
                    #expect(matcher.matches(venue) == plain, "\(query) \(types): \(venue.name)")
                    if plain { hits += 1 }
                }
                if query == "sushi" { #expect(hits > 0) }
            }
        }
    }

    /// The index's folded texts written from the scanned bytes are the bytes the plain
    /// encoding writes from the element's venue.
    @Test func placeTextsFromBytesAreThePlainEncoding() throws {
        var checked = 0
        for data in [try C.bundledExtract, C.synthetic(elements: 3000, seed: 17, style: .varied)] {
            try data.withUnsafeBytes { bytes in
                let reader = OSMPlaceTextReader()
                _ = try OverpassScanner.scan(bytes) { element in
                    guard let venue = element.venue() else { return }
                    var fast: [UInt8] = [], plain: [UInt8] = []
                    reader.append(element, mask: OSMCategoryMask.tables.of(element), to: &fast)
                    OSMSearchText.append(name: venue.name, categories: venue.categories, cuisines: venue.cuisines, to: &plain)
                    #expect(fast == plain, "\(venue.name) \(venue.categories) \(venue.cuisines)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func nonEmptyTrimsAsFoundationDoes() {
        for value in ["a", " a", "a ", "\u{A0}a", "a\u{2003}", "  ", "", "\u{3000}", "x y", "\ta\n", "é", "\u{7F}"] {
            let plain = value.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(OSMVenueMapper.nonEmpty(value) == (plain.isEmpty ? nil : plain), "\(Array(value.unicodeScalars))")
        }
    }
}
