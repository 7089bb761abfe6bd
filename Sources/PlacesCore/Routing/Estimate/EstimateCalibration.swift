/// Every constant of the offline estimate, in one place, with where it comes from.
///
/// distance = circuity × straight line + min(fixed detour, straight line)
/// duration = fixed time + distance / speed
///
/// Measured: circuity, fixed detour and the walk/bike/drive speeds were fitted to 1,498 real
/// OSRM routes (foot, bicycle and car profiles) between random points in four
/// OpenStreetMap extracts (Helsinki, Kotka, Monaco, Liechtenstein); the routes and the
/// scripts are in `Fixtures/routes/` and `Scripts/route-estimate/`, the errors in README.
/// Cited, for what the fit should agree with: circuity is higher for short trips and
/// falls with distance (Giacomin & Levinson 2015; Boscoe et al. 2012; Levinson &
/// El-Geneidy 2009; Ballou et al. 2002 for national road circuity); comfortable walking
/// speed is 1.27–1.46 m/s by age and sex (Bohannon 1997). Transit was not measured.
package struct EstimateCalibration: Sendable, Equatable {
    /// Route length per metre of straight line, for long trips.
    package let circuity: Double
    /// Metres added to every trip (one-way streets, getting onto the network), at most
    /// the straight line itself so that a trip to the same point stays 0 m.
    package let fixedDetourMeters: Double
    /// Average speed along the route, metres per second.
    package let speedMetersPerSecond: Double
    /// Seconds added to every trip that is not 0 m (waiting for transit).
    package let fixedSeconds: Double

    package init(circuity: Double, fixedDetourMeters: Double, speedMetersPerSecond: Double, fixedSeconds: Double) {
        self.circuity = circuity
        self.fixedDetourMeters = fixedDetourMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.fixedSeconds = fixedSeconds
    }

    /// The constants for a mode.
    package static func `for`(_ mode: TravelMode) -> EstimateCalibration {
        switch mode {
        case .walk: return walk
        case .bike: return bike
        case .drive: return drive
        case .transit: return transit
        }
    }

    /// Walking: median OSRM foot circuity 1.44 (no fixed detour fitted better); 5.0 km/h,
    /// OSRM's foot speed and inside Bohannon's 1.27–1.46 m/s.
    package static let walk = EstimateCalibration(circuity: 1.44, fixedDetourMeters: 0, speedMetersPerSecond: 5.0 / 3.6, fixedSeconds: 0)

    /// Cycling: 1.45 plus 100 m, fitted to OSRM bicycle routes; 12 km/h, their median speed
    /// (15 km/h riding, slower where the bike is pushed).
    package static let bike = EstimateCalibration(circuity: 1.45, fixedDetourMeters: 100, speedMetersPerSecond: 12.0 / 3.6, fixedSeconds: 0)

    /// Driving: 1.5 plus 300 m, fitted to OSRM car routes, whose circuity falls from 2.4
    /// under 500 m to 1.4 over 5 km; 30 km/h, their median free-flow speed (traffic is slower).
    package static let drive = EstimateCalibration(circuity: 1.5, fixedDetourMeters: 300, speedMetersPerSecond: 30.0 / 3.6, fixedSeconds: 0)

    /// Transit, assumed and not measured: the driving distance, 10 minutes to reach a
    /// stop and wait, then 20 km/h.
    package static let transit = EstimateCalibration(circuity: 1.5, fixedDetourMeters: 300, speedMetersPerSecond: 20.0 / 3.6, fixedSeconds: 600)
}
