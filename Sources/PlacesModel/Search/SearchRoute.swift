import PlacesGeodesy

/// A search along a route: the corridor the places must lie in (the route's line and the
/// greatest distance from it), and the direct route's figures, from which a provider that
/// knows the route through each place (Google's routing summaries) works out the detour.
package struct SearchRoute: Sendable {
    package let corridor: RouteCorridor
    /// The route's length and time as its router gave them; nil when unknown (a route an app
    /// passed as bare coordinates).
    package let measure: RouteMeasure?
    package let mode: TravelMode

    package init(corridor: RouteCorridor, measure: RouteMeasure?, mode: TravelMode) {
        self.corridor = corridor
        self.measure = measure
        self.mode = mode
    }

    /// The route's points, in travel order.
    package var points: [Coordinate] { corridor.line.points }
    /// Where the route starts: what `distanceMeters` is measured from along a route.
    var start: Coordinate { corridor.line.points[0] }
    /// The greatest distance from the route, metres.
    var radiusMeters: Double { corridor.radiusMeters }
}
