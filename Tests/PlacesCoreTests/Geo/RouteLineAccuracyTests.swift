import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesOSMExtract

/// RouteLine's measures against GeographicLib: Resources/route-line-reference.tsv, written by
/// Scripts/route-line-reference.py with geographiclib 2.1 alone (a dense scan of each segment
/// with Karney's direct and inverse solutions, refined to a micrometre). Segments of 10 m to
/// 300 km at every latitude to 80° and across the antimeridian; places up to 50 km off the
/// line and beyond its ends; then lines of 3 to 7 points.
///
/// The bound the contract asks for is 0.5 m; the measure is exact on the ellipsoid, and these
/// tests hold it to a millimetre.
@Suite("RouteLine against GeographicLib")
struct RouteLineAccuracyTests {
    struct SegmentRow {
        let line: Int
        let from, to, place: Coordinate
        let length, along, offset: Double
    }

    struct LineRow {
        let line: Int
        let points: [Coordinate]
        let place: Coordinate
        let length, along, offset: Double
    }

    static let text: String = {
        guard let url = Bundle.module.url(forResource: "Resources/route-line-reference", withExtension: "tsv"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "" }
        return text
    }()

    static func c(_ lat: Substring, _ lon: Substring) -> Coordinate {
        Coordinate(uncheckedLatitude: Double(lat) ?? .nan, longitude: Double(lon) ?? .nan)
    }

    static let segmentRows: [SegmentRow] = {
        var rows: [SegmentRow] = []
        for (i, line) in text.split(separator: "\n").enumerated() {
            if line.hasPrefix("# lines") { break }
            let f = line.split(separator: "\t")
            guard f.count == 9, let length = Double(f[6]), let along = Double(f[7]), let offset = Double(f[8]) else { continue }
            rows.append(
                SegmentRow(
                    line: i + 1, from: c(f[0], f[1]), to: c(f[2], f[3]), place: c(f[4], f[5]), length: length, along: along, offset: offset)
            )
        }
        return rows
    }()

    static let lineRows: [LineRow] = {
        var rows: [LineRow] = []
        var inLines = false
        for (i, line) in text.split(separator: "\n").enumerated() {
            if line.hasPrefix("# lines") { inLines = true; continue }
            let f = line.split(separator: "\t")
            guard inLines, f.count == 6, let length = Double(f[3]), let along = Double(f[4]), let offset = Double(f[5]) else { continue }
            let points = f[0].split(separator: ";").map { pair in
                let p = pair.split(separator: ",")
                return c(p[0], p[1])
            }
            rows.append(LineRow(line: i + 1, points: points, place: c(f[1], f[2]), length: length, along: along, offset: offset))
        }
        return rows
    }()

    @Test func referenceIsComplete() {
        #expect(Self.segmentRows.count == 600)
        #expect(Self.lineRows.count == 120)
    }

    @Test func oneSegmentOffsetsAndAlongDistancesWithinAMillimetre() throws {
        var worstOffset = 0.0, worstAlong = 0.0
        for row in Self.segmentRows {
            let line = try #require(RouteLine([row.from, row.to]))
            #expect(abs(line.lengthMeters - row.length) < 1e-4, "line \(row.line): length \(line.lengthMeters) vs \(row.length)")
            let found = line.locate(row.place)
            let offsetError = abs(found.offsetMeters - row.offset), alongError = abs(found.alongMeters - row.along)
            #expect(offsetError < 0.001, "line \(row.line): offset \(found.offsetMeters) vs \(row.offset)")
            // Where the place is (nearly) on the line, or the nearest point an end, the along
            // distance is as sharp as the offset; elsewhere too, since the foot is found exactly.
            #expect(alongError < 0.001, "line \(row.line): along \(found.alongMeters) vs \(row.along)")
            worstOffset = max(worstOffset, offsetError)
            worstAlong = max(worstAlong, alongError)
        }
        // The 0.5 m the contract allows, with three orders of magnitude to spare.
        #expect(worstOffset < 5e-4 && worstAlong < 5e-4, "worst offset error \(worstOffset) m, along \(worstAlong) m")
    }

    @Test func linesOfSeveralSegmentsTakeTheNearestAndAddTheLengthsBefore() throws {
        var worst = 0.0
        for row in Self.lineRows {
            let line = try #require(RouteLine(row.points))
            #expect(abs(line.lengthMeters - row.length) < 1e-3, "line \(row.line): length")
            let found = line.locate(row.place)
            #expect(abs(found.offsetMeters - row.offset) < 0.001, "line \(row.line): offset \(found.offsetMeters) vs \(row.offset)")
            #expect(abs(found.alongMeters - row.along) < 0.001, "line \(row.line): along \(found.alongMeters) vs \(row.along)")
            worst = max(worst, abs(found.offsetMeters - row.offset), abs(found.alongMeters - row.along))
        }
        #expect(worst < 5e-4, "worst \(worst) m")
    }

    @Test func onePointIsALineOfLengthZero() throws {
        let here = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)
        let line = try #require(RouteLine([here]))
        #expect(line.lengthMeters == 0)
        let place = Coordinate(uncheckedLatitude: 60.18, longitude: 24.94)
        let found = line.locate(place)
        #expect(found.alongMeters == 0)
        #expect(abs(found.offsetMeters - GeodesicDistance.meters(from: here, to: place)) < 1e-9)
        #expect(RouteLine([]) == nil)
    }

    @Test func pointsAlongTheLineAreOnIt() throws {
        for row in Self.lineRows.prefix(40) {
            let line = try #require(RouteLine(row.points))
            for fraction in [0.0, 0.25, 0.5, 0.9, 1.0] {
                let p = line.point(atAlong: fraction * line.lengthMeters)
                let back = line.locate(p)
                #expect(back.offsetMeters < 1e-3, "line \(row.line) at \(fraction)")
                // A line may pass near itself: what matters is that the point is on it.
                if back.offsetMeters < 1e-3, line.points.count == 2 { #expect(abs(back.alongMeters - fraction * line.lengthMeters) < 1e-3) }
            }
        }
    }
}
