/// The providers PlacesCore can query, by the name used in place ids (`osm:node/1`) and by the CLI.
public enum ProviderName: String, Sendable, CaseIterable, Codable, Hashable {
    case google
    case foursquare
    case osm

    /// Parses a `--provider` / `$PLACES_PROVIDER` value.
    package init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// The names, for error messages and help.
    package static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
