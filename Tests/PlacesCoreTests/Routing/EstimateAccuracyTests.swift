import Foundation
import Testing
@testable import PlacesCore

/// The estimate against 1,498 real OSRM routes (Fixtures/routes/osrm-routes.tsv): its
/// median error per mode stays near what README states, and it is not biased. A change
/// to `EstimateCalibration` that makes the estimate worse fails here.
@Suite("Estimate accuracy against real routes")
struct EstimateAccuracyTests {
    struct Route {
        let mode: TravelMode
        let straight: Double
        let distance: Double
        let duration: Double
    }

    static func load() throws -> [Route] {
        let url = PlacesBinary.repositoryRoot.appendingPathComponent("Fixtures/routes/osrm-routes.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
        let modes = ["foot": TravelMode.walk, "bicycle": .bike, "car": .drive]
        return try lines.map { line in
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 10, let mode = modes[f[2]], let s = Double(f[7]), let d = Double(f[8]), let t = Double(f[9]) else {
                throw PlacesError.badFile(path: url.path, message: "bad row: \(line)")
            }
            return Route(mode: mode, straight: s, distance: d, duration: t)
        }
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    @Test(arguments: [(TravelMode.walk, 573, 0.18, 0.18), (.bike, 568, 0.22, 0.33), (.drive, 357, 0.30, 0.39)])
    func medianErrorAndBias(_ mode: TravelMode, _ pairs: Int, _ maxDistanceError: Double, _ maxDurationError: Double) throws {
        let routes = try Self.load().filter { $0.mode == mode }
        #expect(routes.count == pairs)
        let estimates = routes.map { EstimateRouter.estimate(straightLineMeters: $0.straight, mode: mode) }
        let distanceErrors = zip(estimates, routes).map { abs($0.distanceMeters - $1.distance) / $1.distance }
        let durationErrors = zip(estimates, routes).map { abs($0.durationSeconds - $1.duration) / $1.duration }
        let bias = Self.median(zip(estimates, routes).map { $0.distanceMeters / $1.distance })
        #expect(Self.median(distanceErrors) <= maxDistanceError, "distance median error \(Self.median(distanceErrors))")
        #expect(Self.median(durationErrors) <= maxDurationError, "duration median error \(Self.median(durationErrors))")
        #expect(bias > 0.93 && bias < 1.07, "median estimate/route \(bias)")
    }
}
