import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel

/// `GET {base}/route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=false`: longitude
/// first, no geometry (only the distance and duration are printed), no compression.
enum OSRMRequest {
    /// OSRM's profile names for the modes it has; transit has none.
    static func profile(_ mode: TravelMode) -> String? {
        switch mode {
        case .walk: return "walking"
        case .bike: return "cycling"
        case .drive: return "driving"
        case .transit: return nil
        }
    }

    static func make(baseURL: String, from: Coordinate, to: Coordinate, mode: TravelMode, wording: Wording = .library) throws -> HTTPRequest
    {
        guard let profile = profile(mode) else { throw OSRMRouter.transitRefusal(wording: wording) }
        let trimmed = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        let path = "/route/v1/\(profile)/\(pair(from));\(pair(to))?overview=false"
        guard let url = URL(string: trimmed + path), url.scheme?.hasPrefix("http") == true, url.host != nil else {
            throw PlacesError.configuration(message: wording(.baseURLNotHTTP(.osrm, value: baseURL)))
        }
        // osrm-routed compresses error answers wrongly (gzip headers over a plain body,
        // osrm-backend #6330/#6402), so a NoRoute reads as a body cut short: ask for none.
        return HTTPRequest(method: "GET", url: url, headers: [("Accept-Encoding", "identity")], service: "osrm")
    }

    /// `lon,lat` to 6 decimals (OSRM's own precision, about 0.1 m), never in exponent form.
    static func pair(_ c: Coordinate) -> String {
        "\(DecimalText.plain(c.longitude, maxFractionDigits: 6)),\(DecimalText.plain(c.latitude, maxFractionDigits: 6))"
    }
}
