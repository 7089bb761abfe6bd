import PlacesCore

/// Runs `places route-estimate`: check the mode suits the router, resolve both ends,
/// measure, render. Returns what goes to stdout; notes go to diagnostics.
enum RouteEstimateRunner {
    /// PLACE_ID ends are looked up in the favorites snapshot before their provider, so a saved
    /// place needs no network. A favorites file that cannot be read is a warning, not a failure:
    /// the provider is asked instead.
    /// Under a replay only a pinned file (`$PLACES_FAVORITES_FILE`) is read, as for `isFavorite`.
    static func favoriteSnapshot(context: RunContext, replaying: Bool = false) -> FavoriteSnapshotLookup {
        FavoriteSnapshotLookup { id in
            if replaying && context.value(FavoritesLocation.pinVariable) == nil { return nil }
            do {
                return try FavoritesStore.located(in: context).load().favorites.first { $0.id == id }?.venue
            } catch let error as PlacesError {
                context.diagnostics.warning("\(error.message) (looking \(id) up with its provider instead)")
                return nil
            }
        }
    }

    static func run(_ options: RouteEstimateOptions, context: RunContext) async throws -> String {
        if options.router == .osrm && options.mode == .transit { throw OSRMRouter.transitRefusal }
        let router = try RouterFactory.make(options.router, network: options.network, context: context)
        let resolver = pointResolver(options, context: context)

        let from: RoutePoint, to: RoutePoint
        do {
            from = try await resolver.resolve(options.from, flag: "--from", diagnostics: context.diagnostics)
            to = try await resolver.resolve(options.to, flag: "--to", diagnostics: context.diagnostics)
        } catch let capture as DryRunCapture {
            let after = options.router == .estimate ? "" : "; the route request follows once the place is looked up"
            return DryRunReport.text(for: capture.request, more: "dry run: nothing was sent\(after)")
        }
        let measure: RouteMeasure
        do {
            measure = try await router.measure(from: from.coordinate, to: to.coordinate, mode: options.mode, diagnostics: context.diagnostics)
        } catch let capture as DryRunCapture {
            return DryRunReport.text(for: capture.request, more: "dry run: nothing was sent")
        }
        if options.network.dryRun {
            return "# dry run: the estimate router works offline; no request would be sent\n"
        }
        let route = RouteEstimate(from: from, to: to, mode: options.mode, router: options.router,
                                  distanceMeters: measure.distanceMeters, durationSeconds: measure.durationSeconds,
                                  straightLineMeters: GeodesicDistance.meters(from: from.coordinate, to: to.coordinate))
        return RouteRenderer.render(route, format: options.format)
    }

    /// PLACE_ID ends: the favorites snapshot, else the provider the id names (an `osm:` id
    /// reads `--data` / `$PLACES_OSM_DATA` when given). `--data` with another provider's id is 64.
    static func pointResolver(_ options: RouteEstimateOptions, context: RunContext) -> PointResolver {
        PointResolver(favorites: favoriteSnapshot(context: context, replaying: options.network.replayDirectory != nil)) { id in
            if options.providerOptions.dataFile != nil && id.provider != .osm {
                throw UsageError("--data reads an OpenStreetMap extract; \(id) is a \(id.provider.rawValue) id")
            }
            var providerOptions = options.providerOptions
            providerOptions.provider = id.provider
            let client = try ProviderFactory.client(id.provider, options: providerOptions, network: options.network, context: context)
            return try await client.lookUp(id, fields: [.id, .name, .latitude, .longitude])
        }
    }
}
