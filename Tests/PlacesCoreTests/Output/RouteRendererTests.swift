import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesRouting
@testable import places_cli

/// Route output details the end-to-end tests do not reach: links per mode, quoting,
/// sanitizing, and what the estimate's headline suggests.
@Suite("Route renderer")
struct RouteRendererTests {
    static let a = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let b = try! Coordinate(latitude: -0.00001, longitude: 179.9999999)

    static func route(mode: TravelMode = .walk, router: RouterName = .estimate, fromName: String? = nil) -> RouteEstimate {
        RouteEstimate(
            from: RoutePoint(coordinate: a, name: fromName, id: fromName == nil ? nil : PlaceID(provider: .osm, rawID: "node/1")),
            to: RoutePoint(coordinate: b), mode: mode, router: router,
            distanceMeters: 1234, durationSeconds: 890, straightLineMeters: 876.54)
    }

    @Test func linksUseEachMapsOwnModeWordsAndPlainDecimals() {
        #expect(
            DirectionsLinks.googleMaps(from: Self.a, to: Self.b, mode: .bike)
                == "https://www.google.com/maps/dir/?api=1&origin=60.1699,24.9384&destination=-0.00001,179.9999999&travelmode=bicycling")
        #expect(DirectionsLinks.appleMaps(from: Self.a, to: Self.b, mode: .transit).hasSuffix("&dirflg=r"))
        #expect(DirectionsLinks.appleMaps(from: Self.a, to: Self.b, mode: .walk).hasSuffix("&dirflg=w"))
        #expect(!DirectionsLinks.appleMaps(from: Self.a, to: Self.b, mode: .bike).contains("dirflg"))
        #expect(DirectionsLinks.openStreetMap(from: Self.a, to: Self.b, mode: .drive).contains("engine=fossgis_osrm_car&"))
        #expect(!DirectionsLinks.openStreetMap(from: Self.a, to: Self.b, mode: .transit).contains("engine"))
        for mode in TravelMode.allCases {
            #expect(!Self.route(mode: mode).mapsURL.contains("e-"), "\(mode)")
        }
    }

    @Test func namesAreSanitizedAndQuotedInEveryFormat() throws {
        let r = Self.route(fromName: "Bar \u{1B}[31mRed\u{1B}[0m, \"Café\"")
        let json = try RouteRenderer.render(r, format: .json)
        #expect(!json.contains("\u{1B}") && json.contains(#""name": "Bar [31mRed[0m, \"Café\"""#))
        let csv = try RouteRenderer.render(r, format: .csv).split(separator: "\n")
        #expect(csv.count == 2 && csv[1].contains(#","Bar [31mRed[0m, ""Café""",osm:node/1,"#))
        #expect(try !RouteRenderer.render(r, format: .table).contains("\u{1B}"))
        #expect(try RouteRenderer.render(r, format: .ndjson) == RouteRenderer.json(r).compact + "\n")
        let object = try JSONHelpers.object(json)
        #expect(object["straightLineMeters"] as? Double == 876.5)
    }

    @Test func headlineSaysWhatAnswered() throws {
        #expect(
            try RouteRenderer.render(Self.route(mode: .transit), format: .table)
                .hasPrefix(
                    "This is an estimate, not a route: the straight line × 1.51 + 300 m for public transit at this distance, at 20.0 km/h plus 10 min to reach a stop and wait. For a real route use --router google.\n"
                ))
        #expect(
            try RouteRenderer.render(Self.route(mode: .walk), format: .table).hasPrefix(
                "This is an estimate, not a route: the straight line × 1.44 for walking at this distance, at 5.0 km/h. For a real route use --router osrm or --router google.\n"
            ))
        #expect(try RouteRenderer.render(Self.route(router: .osrm), format: .table).hasPrefix("Route by OSRM (walking).\n"))
        #expect(try !RouteRenderer.render(Self.route(router: .google), format: .table).contains("estimate"))
    }
}
