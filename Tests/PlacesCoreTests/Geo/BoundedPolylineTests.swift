import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy

/// A line from a server read into at most N points: whole when it fits, else thinned by
/// distance along it with its ends kept, never more than N, every point checked.
@Suite("Bounded polylines")
struct BoundedPolylineTests {
    static func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }

    @Test func aLineWithinTheBoundIsKeptWhole() throws {
        let points = (0..<50).map { Self.c(60 + Double($0) / 1000, 24.9 + Double($0 % 7) / 1000) }
        let read = try BoundedPolyline(decoding: EncodedPolyline.encode(points), maxPoints: 50)
        #expect(read.points == (try EncodedPolyline.decode(EncodedPolyline.encode(points))))
        #expect(read.writtenCount == 50 && !read.isThinned && read.spacingMeters == nil)
    }

    @Test(arguments: [2, 3, 10, 999])
    func aLongerLineKeepsItsEndsAndAtMostTheBound(_ bound: Int) throws {
        var random = SplitMix(seed: UInt64(bound))
        // Uneven, north-east all the way (so no two points are alike): a dense stretch, a
        // couple of metres a step, between sparse ones, up to 300 m a step.
        var points: [Coordinate] = []
        var lat = 60.0, lon = 24.0
        for i in 0..<5_000 {
            let step = (1_000..<3_000).contains(i) ? 3e-5 : 2e-3
            lat += (random.unit() + 0.5) * step
            lon += (random.unit() + 0.5) * step
            points.append(Self.c(lat, lon))
        }
        let text = EncodedPolyline.encode(points)
        let written = try EncodedPolyline.decode(text)
        let read = try BoundedPolyline(decoding: text, maxPoints: bound)
        #expect(read.writtenCount == 5_000 && read.isThinned)
        #expect(read.points.count <= bound && read.points.count >= 2)
        #expect(read.points.first == written.first && read.points.last == written.last)
        // The points kept are the line's, in its order, each at least the spacing along the
        // line after the one kept before it (the last excepted).
        var along = [0.0]
        for (a, b) in zip(written, written.dropFirst()) { along.append(along[along.count - 1] + BoundedPolyline.approximateMeters(a, b)) }
        let indices = try read.points.map { point in try #require(written.firstIndex(of: point)) }
        #expect(indices == indices.sorted() && Set(indices).count == indices.count)
        let spacing = try #require(read.spacingMeters)
        for k in indices.indices.dropFirst().dropLast() {
            #expect(along[indices[k]] - along[indices[k - 1]] >= spacing * (1 - 1e-9))
        }
        if bound > 100 {
            // The dense stretch gives up its points, the sparse ones keep many of theirs.
            let dense = indices.filter { (1_000..<3_000).contains($0) }.count
            #expect(dense * 10 < read.points.count, "\(dense) of \(read.points.count) kept in the dense stretch")
        }
    }

    @Test func repeatsOfThePointBeforeAreLeftOutButTheEnds() throws {
        let (a, b) = (Self.c(10, 20), Self.c(10.001, 20))
        let read = try BoundedPolyline(decoding: EncodedPolyline.encode([a, a, a, b, b, a, a]), maxPoints: 100)
        #expect(read.points == [a, b, a, a] && read.writtenCount == 7 && !read.isThinned)
        #expect(try BoundedPolyline(decoding: EncodedPolyline.encode([a, a]), maxPoints: 100).points == [a, a])
        #expect(try BoundedPolyline(decoding: EncodedPolyline.encode([a]), maxPoints: 100).points == [a])
    }

    @Test func aLineOfOnePointRepeatedIsItsTwoEnds() throws {
        let text = EncodedPolyline.encode([Self.c(10, 20)]) + String(repeating: "??", count: 10_000)
        let read = try BoundedPolyline(decoding: text, maxPoints: 100)
        #expect(read.writtenCount == 10_001 && read.points == [Self.c(10, 20), Self.c(10, 20)])
    }

    @Test func aLineAcrossTheAntimeridianIsMeasuredTheShortWay() {
        #expect(BoundedPolyline.approximateMeters(Self.c(0, 179.99999), Self.c(0, -179.99999)) < 3)
        #expect(BoundedPolyline.approximateMeters(Self.c(0, 0), Self.c(0, 180)) > 20_000_000)
    }

    @Test(arguments: [
        (EncodedPolyline.encode([c(1, 1)]) + String(repeating: "??", count: 200) + "_gjaR?", "point 202 (101.0, 1.0) is off the globe"),
        (
            EncodedPolyline.encode([c(1, 1)]) + String(repeating: "??", count: 200) + " ",
            "character \(EncodedPolyline.encode([c(1, 1)]).utf8.count + 400) is not part of an encoded polyline (byte 32)"
        ),
        (EncodedPolyline.encode([c(1, 1)]) + String(repeating: "??", count: 200) + "_", "the text ends in the middle of a value"),
    ])
    func aBadPointAnywhereIsRefusedAsDecodeRefusesIt(_ text: String, _ reason: String) {
        #expect(throws: EncodedPolyline.DecodingError(reason: reason)) { _ = try BoundedPolyline(decoding: text, maxPoints: 10) }
        #expect(throws: EncodedPolyline.DecodingError(reason: reason)) { _ = try EncodedPolyline.decode(text) }
    }

    @Test func theCountIsTakenWithoutDecoding() {
        #expect(EncodedPolyline.pointCount("_p~iF~ps|U_ulLnnqC_mqNvxq`@") == 3)
        #expect(EncodedPolyline.pointCount("") == 0)
        #expect(EncodedPolyline.pointCount(String(repeating: "??", count: 7)) == 7)
    }
}
