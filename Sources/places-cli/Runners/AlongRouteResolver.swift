import PlacesCore
import PlacesHTTP
import PlacesModel
import PlacesRouting

/// `nearby`/`search --from POINT --to POINT`: both ends resolved, the route drawn by the
/// router `--router` names (the straight line for the estimate, said in a note; the real
/// line from OSRM or Google), and the corridor of `--radius` around it that the search asks.
enum AlongRouteResolver {
    struct Resolved {
        let route: SearchRoute
        let line: [Coordinate]
        /// Under `--dry-run` with a web router: the route's request, printed before the
        /// search's (which then follows the straight line in its place).
        let dryRun: String?
    }

    static func resolve(_ options: AlongRouteOptions, radius: Double, search: SearchOptions, context: RunContext) async throws -> Resolved {
        let points = PointResolver.commandLine(
            providerOptions: search.providerOptions, network: search.network, context: context,
            dataOnlyForOSM: true)
        let from = try await points.resolve(options.from, flag: "--from", diagnostics: context.diagnostics)
        let to = try await points.resolve(options.to, flag: "--to", diagnostics: context.diagnostics)
        if options.router == .osrm && options.mode == .transit { throw OSRMRouter.transitRefusal(wording: context.diagnostics.wording) }
        let router = try RouterFactory.make(options.router, network: search.network, context: context)
        let geometry: RouteGeometry
        var dryRun: String?
        switch try await DryRun.capture({
            try await router.route(
                from: from.coordinate, to: to.coordinate, mode: options.mode, steps: false, diagnostics: context.diagnostics)
        }) {
        case .answered(let drawn):
            geometry = drawn
        case .wouldSend(let request):
            dryRun =
                "# the route (\(options.router.rawValue))\n" + DryRunReport.text(for: request)
                + "# then the search, shown here along the straight line in place of the route's line\n"
            let estimate = EstimateRouter.estimate(
                straightLineMeters: GeodesicDistance.meters(from: from.coordinate, to: to.coordinate),
                mode: options.mode)
            geometry = RouteGeometry(
                distanceMeters: estimate.distanceMeters, durationSeconds: estimate.durationSeconds,
                coordinates: [from.coordinate, to.coordinate], steps: nil, isStraightLine: true)
        }
        if options.router == .estimate {
            context.diagnostics.note(
                "along the straight line from \(name(from)) to \(name(to)) (--router estimate); --router osrm or google follows the real route"
            )
        }
        guard let corridor = RouteCorridor(geometry.coordinates, radiusMeters: radius) else {
            throw PlacesError.notFound(message: "the router drew no line between the two points")
        }
        return Resolved(
            route: SearchRoute(corridor: corridor, measure: geometry.measure, mode: options.mode), line: geometry.coordinates,
            dryRun: dryRun)
    }

    private static func name(_ point: RoutePoint) -> String {
        point.name ?? "\(point.coordinate.latitude),\(point.coordinate.longitude)"
    }
}
