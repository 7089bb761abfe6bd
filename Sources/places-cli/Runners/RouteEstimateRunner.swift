import PlacesCore
import PlacesHTTP
import PlacesModel
import PlacesRouting

/// Runs `places route-estimate`: check the mode suits the router, resolve both ends,
/// measure, render. Returns what goes to stdout; notes go to diagnostics.
enum RouteEstimateRunner {
    static func run(_ options: RouteEstimateOptions, context: RunContext) async throws -> String {
        if options.router == .osrm && options.mode == .transit { throw OSRMRouter.transitRefusal(wording: context.diagnostics.wording) }
        // Google's routes are Google Maps content, which its terms keep off other maps.
        if options.format == .svg && options.router == .google {
            throw UsageError(
                "Google's terms do not allow its routes on a map other than Google's (Google Maps Platform Terms §3.2.3(e)), and --format svg draws its own: use --router osrm or estimate, or --format geojson"
            )
        }
        let router = try RouterFactory.make(options.router, network: options.network, context: context)
        // PLACE_ID ends come from the favorites snapshot before their provider (no network
        // for a saved place); `--data` with another provider's id is a usage error.
        let resolver = PointResolver.commandLine(providerOptions: options.providerOptions, network: options.network, context: context)

        let ends = try await DryRun.capture {
            (
                try await resolver.resolve(options.from, flag: "--from", diagnostics: context.diagnostics),
                try await resolver.resolve(options.to, flag: "--to", diagnostics: context.diagnostics)
            )
        }
        let from: RoutePoint, to: RoutePoint
        switch ends {
        case .answered(let points):
            (from, to) = points
        case .wouldSend(let request):
            let after = options.router == .estimate ? "" : "; the route request follows once the place is looked up"
            return DryRunReport.text(for: request, more: "dry run: nothing was sent\(after)")
        }
        // The line is asked for only when it is printed: a drawn route (GeoJSON) or steps.
        // The estimate's line is the straight one, drawn from the ends: it is measured (with
        // its note on trips no one makes).
        let wantsLine = (options.steps || options.format == .geojson || options.format == .svg) && options.router != .estimate
        // A web router under --dry-run stops at its request, which CLI.dispatch prints.
        let measure: RouteMeasure
        var geometry: RouteGeometry?
        if wantsLine {
            let drawn = try await router.route(
                from: from.coordinate, to: to.coordinate, mode: options.mode, steps: options.steps,
                diagnostics: context.diagnostics)
            geometry = drawn
            measure = drawn.measure
        } else {
            measure = try await router.measure(
                from: from.coordinate, to: to.coordinate, mode: options.mode, diagnostics: context.diagnostics)
        }
        if options.steps && options.router == .estimate && !options.network.dryRun {
            context.diagnostics.note(
                "the estimate router has no steps (it knows no roads): use --router osrm or --router google for turn-by-turn steps")
        }
        if options.network.dryRun {
            return "# dry run: the estimate router works offline; no request would be sent\n"
        }
        let route = RouteEstimate(
            from: from, to: to, mode: options.mode, router: options.router,
            distanceMeters: measure.distanceMeters, durationSeconds: measure.durationSeconds,
            straightLineMeters: GeodesicDistance.meters(from: from.coordinate, to: to.coordinate))
        var drawn = route
        drawn.line = geometry.flatMap { $0.isStraightLine ? nil : $0.coordinates }
        drawn.steps = geometry?.steps
        drawn.stepsAsked = options.steps
        let map =
            options.format == .svg ? try MapRenderer.make(options.map, providerOptions: options.providerOptions, context: context) : nil
        return try RouteRenderer.render(drawn, format: options.format, map: map)
    }
}
