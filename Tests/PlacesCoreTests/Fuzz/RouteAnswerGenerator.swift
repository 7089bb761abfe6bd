import Foundation

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesProviderKit
@testable import PlacesRouting

/// One hostile route answer for the route-geometry fuzz, from a seed: an OSRM route answer
/// or a Google Routes `computeRoutes` answer whose line is huge, degenerate, across the
/// antimeridian, at a pole, off the globe or not a line; whose figures, snapping or steps are
/// out of range or of the wrong type; or no route at all. It says what it breaks, so that the
/// test knows which exit codes each form of the command may end with.
struct RouteAnswer {
    /// Where the answer goes wrong, which decides the exit code by what the command reads.
    enum Breaks: String {
        /// A well-formed route: 0 in every form.
        case nothing
        /// Only what is read when the line is asked for (`--steps`, `--format geojson`, a
        /// search along the route): 65 then, 0 for the figures alone.
        case line
        /// Only the steps' checks: 65 with `--steps`, 0 otherwise.
        case steps
        /// Whatever the form: 65.
        case everything
        /// No route: 66.
        case noRoute
        /// The server failed: 69.
        case unavailable
    }

    let status: Int
    let body: Data
    let breaks: Breaks
    /// What is hostile about it, for the failure's class.
    let tag: String
    /// How many points its line has (0 when it has none or it is not a line).
    let linePoints: Int
    /// Whether OSRM moved the start far enough for a note (and only that).
    let farSnap: Bool

    /// Exit codes the command may end with, given what it reads.
    func expected(lineAsked: Bool, stepsAsked: Bool) -> Set<Int32> {
        switch breaks {
        case .nothing: return [0]
        case .line: return lineAsked ? [65] : [0]
        case .steps: return stepsAsked ? [65] : [0]
        case .everything: return [65]
        case .noRoute: return [66]
        case .unavailable: return [69]
        }
    }

    /// A summary for the report.
    var summary: String {
        let text = String(decoding: body.prefix(240), as: UTF8.self)
        return "HTTP \(status), \(body.count) bytes, \(tag): \(HostileReplies.describeText(text))\(body.count > 240 ? "…" : "")"
    }
}

enum RouteAnswerGenerator {
    static let start = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    /// A line as text and its point count, with what it breaks.
    struct Line {
        let json: String
        let points: Int
        let breaks: RouteAnswer.Breaks
        let tag: String
    }

    static func answer(_ rng: inout SplitMix64, router: String) -> RouteAnswer {
        let osrm = router == "osrm"
        var line = Line(
            json: quoted(EncodedPolyline.encode(walk(&rng, count: rng.int(in: 2...60)))), points: 0, breaks: .nothing, tag: "a short line")
        var distance = "1820.5", duration = osrm ? "1310.2" : "\"1310s\""
        var snap = "1.5"
        var steps = osrm ? osrmSteps(&rng, count: rng.int(in: 0...4)) : googleSteps(&rng, count: rng.int(in: 0...4))
        var breaks = RouteAnswer.Breaks.nothing
        var tag = "a well-formed route"
        var farSnap = false
        switch rng.weighted([
            (34, "line"), (12, "figure"), (osrm ? 10 : 0, "snap"), (20, "step"), (5, "no route"), (3, "server error"), (8, "valid"),
        ]) {
        case "line":
            line = hostileLine(&rng)
            breaks = line.breaks
            tag = line.tag
        case "figure":
            let value = rng.pick([
                "1e30", "-1", "1e300", "1.7976931348623157e308", "1e400", "-1e400", "123456789012345678901234567890", "NaN", "Infinity",
                "\"12\"", "null", "[]",
            ])
            if rng.percent(50) {
                distance = value
                tag = "routes[0].distance\(osrm ? "" : "Meters") = \(value)"
            } else {
                duration =
                    osrm
                    ? value
                    : rng.pick([
                        "\"1e30s\"", "\"-5s\"", "\"99999999999999999999999s\"", "\"NaNs\"", "\"s\"", "\"12\"", "1e30", "\"1.5e3s\"",
                    ])
                tag = "routes[0].duration = \(duration)"
            }
            // A missing value: Google leaves zeros out (0), OSRM has none to leave out (65).
            breaks = !osrm && distance == "null" ? .nothing : .everything
        case "snap":
            snap = rng.pick(["1e30", "-1", "1e300", "21000001", "400", "1e400", "\"far\"", "null", "[]"])
            farSnap = snap == "400"
            breaks = snap == "400" || snap == "null" ? .nothing : .everything
            tag = "waypoints[0].distance = \(snap)"
        case "step":
            let hostile = osrm ? hostileOSRMStep(&rng) : hostileGoogleStep(&rng)
            let count = rng.pick([1, 3, 20_000])
            var list = osrm ? osrmSteps(&rng, count: count) : googleSteps(&rng, count: count)
            list.insert(hostile.json, at: rng.below(list.count + 1))
            steps = list
            breaks = hostile.breaks
            tag = "a step with \(hostile.tag)" + (count > 100 ? " among \(count)" : "")
        case "no route":
            let body =
                osrm
                ? rng.pick([
                    #"{"code":"NoRoute","message":"Impossible route between points"}"#, #"{"code":"Ok","routes":[],"waypoints":[]}"#,
                    #"{"code":"NoSegment","message":"Could not find a matching segment for any coordinate."}"#,
                ])
                : rng.pick(["{}", #"{"routes":[]}"#])
            return RouteAnswer(
                status: osrm && body.contains("No") ? 400 : 200, body: Data(body.utf8), breaks: .noRoute,
                tag: "no route", linePoints: 0, farSnap: false)
        case "server error":
            return RouteAnswer(
                status: rng.pick([500, 502, 503]), body: Data("<html>busy</html>".utf8), breaks: .unavailable,
                tag: "a 5xx", linePoints: 0, farSnap: false)
        default:
            break
        }
        let body: String
        if osrm {
            body =
                #"{"code":"Ok","routes":[{"distance":\#(distance),"duration":\#(duration),"weight":1310.2,"weight_name":"duration","geometry":\#(line.json),"#
                + #""legs":[{"distance":1820.5,"duration":1310.2,"summary":"","steps":[\#(steps.joined(separator: ","))]}]}],"#
                + #""waypoints":[{"location":[24.9384,60.1699],"name":"","distance":\#(snap)},{"location":[24.9497,60.1841],"name":"","distance":2.5}]}"#
        } else {
            let figure = distance == "null" ? "" : #""distanceMeters":\#(distance),"#
            body =
                #"{"routes":[{\#(figure)"duration":\#(duration),"polyline":"#
                + (line.json == "null" ? "null" : #"{"encodedPolyline":\#(line.json)}"#)
                + #","legs":[{"steps":[\#(steps.joined(separator: ","))]}]}]}"#
        }
        return RouteAnswer(status: 200, body: Data(body.utf8), breaks: breaks, tag: tag, linePoints: line.points, farSnap: farSnap)
    }

    // MARK: - Lines

    static func hostileLine(_ rng: inout SplitMix64) -> Line {
        let startText = EncodedPolyline.encode([start])
        switch rng.below(15) {
        case 0:
            // More points than are kept: thinned while read (units that stay on the globe).
            // Units of points that come back where they began: a metre's zigzag, one point
            // repeated, 1° out and back, 10° and 170° out and back (19,000 km a segment); the
            // last two make lines longer than twice round the Earth, refused.
            let picked = rng.pick([250_001, 400_000, 1_200_000])
            let unit = rng.pick(["AA@A", "??", "_ibE_ibE~hbE~hbE", "~b`|@~brl_@_c`|@_crl_@"])
            // The long units are refused whatever their count: no need for 13 MB of them.
            let count = unit.count > 4 ? min(picked, 400_000) : picked
            let perUnit = unit == "??" ? 1 : 2
            let units = count / perUnit
            let sample = (try? EncodedPolyline.decode(startText + unit)) ?? []
            let unitLength = zip(sample, sample.dropFirst()).reduce(0) { $0 + BoundedPolyline.approximateMeters($1.0, $1.1) }
            let length = unitLength * Double(units)
            return Line(
                json: quoted(startText + String(repeating: unit, count: units)), points: 1 + units * perUnit,
                breaks: length > PlausibleRoute.maxMeters ? .line : .nothing, tag: "a line of \(count) points (\(unit))")
        case 1:
            return Line(
                json: quoted(EncodedPolyline.encode([start, start])), points: 2, breaks: .nothing, tag: "a line of two equal points")
        case 2:
            let count = rng.pick([1_000, 50_000])
            return Line(
                json: quoted(startText + String(repeating: "??", count: count - 1)), points: count, breaks: .nothing,
                tag: "\(count) equal points")
        case 3:
            // Back and forth over the antimeridian.
            let points = (0..<rng.int(in: 2...400)).map { (i: Int) -> Coordinate in
                Coordinate(uncheckedLatitude: 65 + Double(i % 7) / 100, longitude: i % 2 == 0 ? 179.9999 : -179.9999)
            }
            return line(points, tag: "a line across the antimeridian")
        case 4:
            let points = (0..<rng.int(in: 2...200)).map { (i: Int) -> Coordinate in
                Coordinate(uncheckedLatitude: i % 2 == 0 ? 90 : 89.99, longitude: Double(i * 37 % 360) - 180)
            }
            return line(points, tag: "a line round the pole")
        case 5:
            // Nearly antipodal jumps: the longest geodesics there are.
            let points = (0..<rng.int(in: 2...50)).map { (i: Int) -> Coordinate in
                Coordinate(uncheckedLatitude: i % 2 == 0 ? 0.00001 : -0.00001, longitude: i % 2 == 0 ? 0 : 179.99999)
            }
            return line(points, tag: "nearly antipodal points")
        case 6:
            // 89.9° and 1° north at a time: off the globe at the second point.
            let text =
                EncodedPolyline.encode([Coordinate(uncheckedLatitude: 89.9, longitude: 0)])
                + String(repeating: "_ibE?", count: rng.int(in: 1...3))
            return Line(json: quoted(text), points: 0, breaks: .line, tag: "a point off the globe")
        case 7:
            // As written in the JSON string (escapes included).
            let junk = rng.pick([" ", "!", "é", "\\u0000", "\\n", "\\u001b[2J", "\\\"", "\\t"])
            return Line(
                json: String(quoted(startText).dropLast()) + junk + "??\"", points: 0, breaks: .line, tag: "a character outside the format")
        case 8:
            let tail = rng.pick(["_", "?", "~~~~~~~~?", "_p~iF"])
            return Line(json: quoted(startText + tail), points: 0, breaks: .line, tag: "a line cut in the middle of a value ('\(tail)')")
        case 9:
            return Line(json: quoted(rng.pick(["", startText])), points: 0, breaks: .line, tag: "fewer than two points")
        case 10:
            // What an OSRM server asked for GeoJSON would send, and other wrong types.
            let value = rng.pick([
                #"{"type":"LineString","coordinates":[[24.9384,60.1699],[24.9497,60.1841]]}"#, "12", "[]", "null", "true",
            ])
            return Line(json: value, points: 0, breaks: .line, tag: "a line that is not a string (\(value.prefix(20)))")
        case 11:
            // The line on the far side of the Earth from its ends, with huge deltas.
            let points = (0..<rng.int(in: 2...100)).map { (i: Int) -> Coordinate in
                let latitude = Double(i * 13 % 178) - 89, longitude = Double(i * 71 % 360) - 180
                return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
            }
            return line(points, tag: "a line jumping across the globe")
        case 12:
            let count = rng.pick([5_000, 100_000])
            let text =
                EncodedPolyline.encode([Coordinate(uncheckedLatitude: 0, longitude: 179.99)]) + String(repeating: "?A", count: count - 1)
            // 179.99° east by 1e-5° a point: past 180° at the 1,001st point.
            return Line(json: quoted(text), points: 0, breaks: .line, tag: "a line running past 180°")
        default:
            let points = walk(&rng, count: rng.int(in: 2...3_000))
            return line(points, tag: "a winding line")
        }
    }

    /// A line of `points`: well-formed, unless longer than twice round the Earth (65 where read).
    static func line(_ points: [Coordinate], tag: String) -> Line {
        let written = (try? EncodedPolyline.decode(EncodedPolyline.encode(points))) ?? []
        let length = zip(written, written.dropFirst()).reduce(0) { $0 + BoundedPolyline.approximateMeters($1.0, $1.1) }
        let breaks: RouteAnswer.Breaks = length > PlausibleRoute.maxMeters ? .line : .nothing
        return Line(
            json: quoted(EncodedPolyline.encode(points)), points: points.count, breaks: breaks,
            tag: tag + (breaks == .line ? " longer than twice round the Earth" : ""))
    }

    /// A random walk from the start, a few metres to a few hundred a step.
    static func walk(_ rng: inout SplitMix64, count: Int) -> [Coordinate] {
        var lat = start.latitude, lon = start.longitude
        var points: [Coordinate] = []
        for _ in 0..<count {
            points.append(Coordinate(uncheckedLatitude: lat, longitude: lon))
            lat = min(89, max(-89, lat + Double(rng.int(in: -300...300)) / 1e5))
            lon += Double(rng.int(in: -300...300)) / 1e5
        }
        return points
    }

    /// A JSON string of polyline text: `\` is the only character of the format JSON escapes.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\") + "\""
    }

    // MARK: - Steps

    static func osrmSteps(_ rng: inout SplitMix64, count: Int) -> [String] {
        (0..<count).map { i in
            let type = ["depart", "turn", "new name", "roundabout", "fork", "arrive", "merge", "end of road"][i % 8]
            return
                #"{"distance":\#(10 + i % 300),"duration":\#(8 + i % 200),"name":"Katu \#(i % 50)","maneuver":{"location":[24.94,60.17],"type":"\#(type)","modifier":"left","exit":2}}"#
        }
    }

    static func googleSteps(_ rng: inout SplitMix64, count: Int) -> [String] {
        (0..<count).map { i in
            #"{"distanceMeters":\#(10 + i % 300),"staticDuration":"\#(8 + i % 200)s","startLocation":{"latLng":{"latitude":60.17,"longitude":24.94}},"#
                + #""navigationInstruction":{"maneuver":"TURN_LEFT","instructions":"Turn left onto Katu \#(i % 50)"}}"#
        }
    }

    static func hostileOSRMStep(_ rng: inout SplitMix64) -> (json: String, breaks: RouteAnswer.Breaks, tag: String) {
        let location = "[24.94,60.17]"
        func step(
            distance: String = "12", duration: String = "9", name: String = "\"Katu\"", location: String = location,
            type: String = "\"turn\"",
            modifier: String = "\"left\"", exit: String = "2"
        ) -> String {
            #"{"distance":\#(distance),"duration":\#(duration),"name":\#(name),"maneuver":{"location":\#(location),"type":\#(type),"modifier":\#(modifier),"exit":\#(exit)}}"#
        }
        switch rng.below(9) {
        case 0:
            let value = rng.pick(["1e30", "-5", "1e300", "1.7976931348623157e308", "100000001"])
            return (step(distance: value), .steps, "distance \(value)")
        case 1:
            let value = rng.pick(["1e30", "-1", "100000001", "1e200"])
            return (step(duration: value), .steps, "duration \(value)")
        case 2:
            let value = rng.pick(["[200,10]", "[10,95]", "[0]", "[]", "[1,2,3]", "[-180.5,0]"])
            return (step(location: value), .steps, "location \(value)")
        case 3:
            let value = rng.pick([
                "\"\\u001b[2J\\u001b[31mred\"", "\"\\u202ereversed\"", "\"\(String(repeating: "x", count: 100_000))\"",
                "\"\\u0085\\u2028\"", "null", "\"\"",
            ])
            return (step(name: value), .nothing, "a name \(HostileReplies.describeText(String(value.prefix(24))))")
        case 4:
            let value = rng.pick(["\"\\u001b]0;title\\u0007\"", "\"warp\"", "null", "\"\(String(repeating: "u", count: 5_000))\""])
            return (
                step(type: value == "null" ? "\"turn\"" : value, modifier: value), .nothing,
                "a modifier \(HostileReplies.describeText(String(value.prefix(24))))"
            )
        case 5:
            let value = rng.pick(["-1", "0", "101", "2147483648", "null"])
            return (step(exit: value), .nothing, "exit \(value)")
        case 6:
            // Wrong types or a missing maneuver type break the decoding of the line's answer.
            let value = rng.pick([
                #"{"distance":1,"duration":1,"maneuver":{"location":[24.94,60.17]}}"#, step(distance: "\"far\""),
                step(location: "\"here\""),
                step(exit: "1e30"), step(exit: "1.5"), #"{"distance":1,"duration":1}"#,
            ])
            return (value, .line, "a step of the wrong shape")
        case 7:
            return (step(distance: "1e400"), .line, "distance 1e400")
        default:
            return (step(location: "[NaN,0]"), .everything, "a location of NaN (not JSON)")
        }
    }

    static func hostileGoogleStep(_ rng: inout SplitMix64) -> (json: String, breaks: RouteAnswer.Breaks, tag: String) {
        func step(
            distance: String = "12", duration: String = "\"9s\"", latLng: String = #"{"latitude":60.17,"longitude":24.94}"#,
            instruction: String = #"{"maneuver":"TURN_LEFT","instructions":"Turn left"}"#
        ) -> String {
            #"{"distanceMeters":\#(distance),"staticDuration":\#(duration),"startLocation":{"latLng":\#(latLng)},"navigationInstruction":\#(instruction)}"#
        }
        switch rng.below(7) {
        case 0:
            let value = rng.pick(["1e30", "-5", "1e300", "100000001"])
            return (step(distance: value), .steps, "distanceMeters \(value)")
        case 1:
            let value = rng.pick(["\"1e30s\"", "\"-5s\"", "\"99999999999999999999999s\"", "\"s\"", "\"12\"", "\"NaNs\""])
            return (step(duration: value), .steps, "staticDuration \(value)")
        case 2:
            let value = rng.pick([#"{"latitude":95,"longitude":0}"#, #"{"latitude":0,"longitude":181}"#, #"{"latitude":-90.0001}"#])
            return (step(latLng: value), .steps, "latLng \(value)")
        case 3:
            let value = rng.pick([
                #"{"instructions":"\u001b[2J\u001b[31mred"}"#, #"{"maneuver":"\u202eTURN"}"#, #"{"instructions":""}"#, "{}",
                #"{"instructions":"\#(String(repeating: "y", count: 100_000))"}"#,
            ])
            return (step(instruction: value), .nothing, "an instruction \(HostileReplies.describeText(String(value.prefix(30))))")
        case 4:
            return (#"{"distanceMeters":5}"#, .steps, "no start location")
        case 5:
            let value = rng.pick([
                step(distance: "\"far\""), step(latLng: "[]"), step(instruction: #"{"instructions":5}"#), step(duration: "9"),
            ])
            return (value, .line, "a step of the wrong shape")
        default:
            return (step(distance: "NaN"), .everything, "distanceMeters NaN (not JSON)")
        }
    }
}
