import PlacesModel

/// Every constant of the offline estimate, in one place, with where it comes from.
///
/// distance = circuity(d) × d + min(fixed detour, d)
/// duration = fixed time + distance / speed(d)
/// where d is the straight line and circuity and speed are `DistanceCurve`s: city streets
/// for short trips, arterials, then trunk roads and motorways for long ones.
///
/// Measured (knots up to 10 km): fitted to 1,498 real OSRM routes (foot, bicycle and car
/// profiles, 200 m – 17.7 km) in four OpenStreetMap extracts (Helsinki, Kotka, Monaco,
/// Liechtenstein); routes in `Fixtures/routes/`, fit in `Scripts/route-estimate/calibrate.py`,
/// errors by distance band in README.
/// Cited (knots from 50 km): circuity 1.3 ± 0.1 on large motorway networks (Wang, Bette,
/// Schreckenberg & Guhr 2024) at 50 km and 1.2 from 150 km (Newell 1980's 1.2; Boston–Dallas
/// by the fastest road is 1.15, Wolfram 2021); long-distance speeds are OSRM's own road-class
/// speeds (car profile: primary 65, trunk 85, motorway 90 km/h; bicycle profile: 15 km/h).
/// Transit is assumed throughout, not measured.
package struct EstimateCalibration: Sendable, Equatable {
    /// Route length per metre of straight line, by straight-line length.
    let circuity: DistanceCurve
    /// Metres added to every trip (one-way streets, getting onto the network), at most
    /// the straight line itself so that a trip to the same point stays 0 m.
    let fixedDetourMeters: Double
    /// Average speed along the route in km/h, by straight-line length.
    let speedKilometersPerHour: DistanceCurve
    /// Seconds added to every trip that is not 0 m (reaching a stop and waiting).
    let fixedSeconds: Double
}

extension EstimateCalibration {

    /// The constants in force for one straight-line length.
    package struct AtDistance: Sendable, Equatable {
        package let circuity: Double
        package let fixedDetourMeters: Double
        package let speedMetersPerSecond: Double
        package let fixedSeconds: Double
    }

    /// The curves read at a straight line of `meters`.
    package func at(straightLineMeters meters: Double) -> AtDistance {
        AtDistance(
            circuity: circuity.value(atMeters: meters), fixedDetourMeters: fixedDetourMeters,
            speedMetersPerSecond: speedKilometersPerHour.value(atMeters: meters) / 3.6, fixedSeconds: fixedSeconds)
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

    /// Long trips, cited: 1.3 at 50 km (Wang et al. 2024), 1.2 from 150 km (Newell 1980; Wolfram 2021).
    static let longCircuity: [(meters: Double, value: Double)] = [(50_000, 1.3), (150_000, 1.2)]

    /// Walking: circuity measured 1.44 up to 1 km, 1.40 at 3–10 km; 5.0 km/h throughout,
    /// OSRM's foot speed and inside Bohannon's 1.27–1.46 m/s.
    static let walk = EstimateCalibration(
        circuity: DistanceCurve([(1_000, 1.44), (3_000, 1.40), (10_000, 1.40)] + longCircuity),
        fixedDetourMeters: 0, speedKilometersPerHour: .constant(5.0), fixedSeconds: 0)

    /// Cycling: circuity measured 1.45 plus 100 m up to 10 km, at 12 km/h (OSRM rides at
    /// 15 km/h and pushes at 4 km/h where it may not ride); then OSRM's 15 km/h riding speed
    /// from 50 km.
    static let bike = EstimateCalibration(
        circuity: DistanceCurve([(10_000, 1.45)] + longCircuity),
        fixedDetourMeters: 100,
        speedKilometersPerHour: DistanceCurve([(10_000, 12.0), (50_000, 15.0)]),
        fixedSeconds: 0)

    /// Driving: circuity measured 1.51 plus 300 m up to 1 km (city streets: 2.5 at 300 m),
    /// 1.34 at 3 km, 1.30 at 10 km; speed measured 30 km/h up to 1 km, 42 km/h at 3 km,
    /// 45 km/h at 10 km (OSRM free flow: traffic is slower); then OSRM's road-class speeds:
    /// primary roads 65 km/h at 50 km, trunk roads 85 km/h at 150 km, motorways 90 km/h
    /// from 500 km.
    static let drive = EstimateCalibration(
        circuity: DistanceCurve([(1_000, 1.51), (3_000, 1.34), (10_000, 1.30)] + longCircuity),
        fixedDetourMeters: 300,
        speedKilometersPerHour: DistanceCurve([
            (1_000, 30.0), (3_000, 42.0), (10_000, 45.0),
            (50_000, 65.0), (150_000, 85.0), (500_000, 90.0),
        ]),
        fixedSeconds: 0)

    /// Transit, assumed and not measured: the driving distance, 10 minutes to reach a stop
    /// and wait, then 20 km/h in town (to 5 km), 40 km/h at 30 km (suburban rail, regional
    /// buses) and 70 km/h from 150 km (intercity trains and coaches).
    static let transit = EstimateCalibration(
        circuity: drive.circuity, fixedDetourMeters: drive.fixedDetourMeters,
        speedKilometersPerHour: DistanceCurve([(5_000, 20.0), (30_000, 40.0), (150_000, 70.0)]),
        fixedSeconds: 600)
}
