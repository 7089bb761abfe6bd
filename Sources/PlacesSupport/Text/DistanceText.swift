/// Human distances for the table: `412 m`, `1.3 km`, `212 km`.
///
/// Total over every `Double`: the figures printed are range-checked where they enter
/// (`PlausibleRoute`, `Coordinate`), and a value that still is not a finite figure below
/// 10^15 prints as `?` rather than trap in an `Int` conversion.
package enum DistanceText {
    /// Past this an `Int` conversion could trap (and no figure here comes near it).
    static let largest = 1e15

    package static func format(_ meters: Double) -> String {
        guard meters.isFinite, abs(meters) < largest else { return "? m" }
        if meters < 999.5 { return "\(Int(meters.rounded())) m" }
        if meters < 99_950 {
            let km = (meters / 100).rounded() / 10
            return "\(km) km"
        }
        return "\(Int((meters / 1000).rounded())) km"
    }

    /// `20 min`, `1 h 05 min`, `45 s` for route durations.
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < largest else { return "? s" }
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        let minutes = (s + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        let h = minutes / 60, m = minutes % 60
        return m < 10 ? "\(h) h 0\(m) min" : "\(h) h \(m) min"
    }
}
