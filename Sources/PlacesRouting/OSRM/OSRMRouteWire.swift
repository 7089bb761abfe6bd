import Foundation

/// An OSRM route answer with its geometry and steps (`overview=full`, `geometries=polyline`,
/// `steps=true`): osrm-backend docs/http.md, Route object, RouteLeg, RouteStep, StepManeuver.
struct OSRMRouteWire: Decodable {
    struct Route: Decodable {
        /// Metres and seconds.
        let distance, duration: Double
        /// The whole route, an encoded polyline of precision 5 (`geometries=polyline`).
        let geometry: String?
        let legs: [Leg]?
    }

    struct Leg: Decodable {
        let steps: [Step]?
    }

    struct Step: Decodable {
        let distance, duration: Double?
        /// "The name of the way along which travel proceeds"; may be empty.
        let name: String?
        let maneuver: Maneuver
    }

    struct Maneuver: Decodable {
        /// `[longitude, latitude]`.
        let location: [Double]
        /// `turn`, `new name`, `depart`, `arrive`, `merge`, `on ramp`, `off ramp`, `fork`,
        /// `end of road`, `continue`, `roundabout`, `rotary`, `roundabout turn`,
        /// `notification`, `exit roundabout`, `exit rotary`; new ones may come.
        let type: String
        /// `uturn`, `sharp right`, `right`, `slight right`, `straight`, `slight left`, `left`, `sharp left`.
        let modifier: String?
        /// The exit number at a roundabout or rotary.
        let exit: Int?
    }

    let code: String
    let message: String?
    let routes: [Route]?
    /// Where OSRM snapped the two ends, checked as the figures-only answer's are.
    let waypoints: [OSRMResponse.Waypoint]?
}

/// OSRM gives maneuvers, not text: a short English instruction from the type, the modifier
/// and the road's name. "Types unknown to the client should be handled like the turn type"
/// (docs/http.md), and so they are.
enum OSRMInstruction {
    static func text(type: String, modifier: String?, name: String?, exit: Int?) -> String {
        let road = (name?.isEmpty ?? true) ? nil : name
        let onto = road.map { " onto \($0)" } ?? ""
        let way = modifier.map { " \($0)" } ?? ""
        switch type {
        case "depart": return "Start" + (road.map { " on \($0)" } ?? "") + (modifier.map { " heading \($0)" } ?? "")
        case "arrive":
            return "Arrive at the destination"
                + (modifier.map { $0 == "straight" ? " ahead" : " on the \($0.replacingOccurrences(of: "slight ", with: ""))" } ?? "")
        case "new name", "notification": return "Continue" + onto
        case "continue": return "Continue" + way + onto
        case "merge": return "Merge" + way + onto
        case "on ramp": return "Take the ramp" + way + onto
        case "off ramp": return "Take the exit" + way + onto
        case "fork": return "Keep" + way + " at the fork" + onto
        case "end of road": return "At the end of the road turn" + way + onto
        case "roundabout", "rotary":
            return "At the roundabout take the " + (exit.map { "\(ordinal($0)) exit" } ?? "exit") + onto
        case "roundabout turn": return "At the roundabout turn" + way + onto
        case "exit roundabout", "exit rotary": return "Leave the roundabout" + onto
        default:
            if modifier == "uturn" { return "Make a U-turn" + onto }
            if modifier == "straight" { return "Go straight" + onto }
            return "Turn" + way + onto
        }
    }

    static func ordinal(_ n: Int) -> String {
        let tens = n % 100
        if (11...13).contains(tens) { return "\(n)th" }
        switch n % 10 {
        case 1: return "\(n)st"
        case 2: return "\(n)nd"
        case 3: return "\(n)rd"
        default: return "\(n)th"
        }
    }
}
