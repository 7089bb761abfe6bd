import Foundation
import PlacesGeodesy
import PlacesHTTP
import PlacesModel
import PlacesProviderKit

/// Google's Routes API (the CLI's `--router google`), the key only in the `X-Goog-Api-Key` header.
package struct GoogleRoutesRouter: Router {
    package var name: RouterName { .google }
    let client: HTTPClient
    let baseURL: String
    let key: String

    package init(client: HTTPClient, baseURL: String, key: String) {
        self.client = client
        self.baseURL = baseURL
        self.key = key
    }

    package func measure(from: Coordinate, to: Coordinate, mode: TravelMode, diagnostics: Diagnostics) async throws -> RouteMeasure {
        let wording = diagnostics.wording
        let request = try GoogleRoutesRequest.make(baseURL: baseURL, key: key, from: from, to: to, mode: mode, wording: wording)
        return try await send(request, mode: mode, diagnostics: diagnostics).measure
    }

    /// Sends a computeRoutes request: the answer's body and the first route's figures, or the
    /// error when Google found no route; the note on walking and cycling routes.
    func send(_ request: HTTPRequest, mode: TravelMode, diagnostics: Diagnostics) async throws -> (measure: RouteMeasure, body: Data) {
        let wording = diagnostics.wording
        let response = try await GoogleService.send(
            request, over: client, service: GoogleRoutesService.description, secrets: request.secrets,
            wording: wording)
        guard let measure = try GoogleRoutesResponse.measure(from: response.body) else {
            throw PlacesError.notFound(
                message:
                    "Google Routes found no \(mode.phrase) route between the two points; try \(wording(.anotherTravelMode)), or \(wording(.estimateRouter)) for a rough figure"
            )
        }
        if mode == .walk || mode == .bike {
            diagnostics.note("Google's \(mode.phrase) routes are in beta and may lack sidewalks, pedestrian paths or cycle paths")
        }
        return (measure, response.body)
    }
}
