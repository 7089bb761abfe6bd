import PlacesModel
import PlacesSupport

/// A value printed after a venue's fields that is not a venue field (`favorite list`'s
/// `addedAt` and `note`): a JSON key, CSV column, GeoJSON property and table column.
package struct ExtraColumn: Sendable {
    /// The JSON key, CSV column and GeoJSON property name.
    let key: String
    /// The table header.
    package let header: String
    /// Whether the table may shorten it (with `…`) to fit a terminal.
    package let flexible: Bool
    package let value: @Sendable (Venue) -> FieldValue

    package init(key: String, header: String, flexible: Bool, value: @escaping @Sendable (Venue) -> FieldValue) {
        self.key = key
        self.header = header
        self.flexible = flexible
        self.value = value
    }
}

extension Venue {
    /// The extra columns' values for this venue, as JSON members.
    package func jsonMembers(_ extras: [ExtraColumn]) -> [(String, JSONValue)] {
        extras.map { ($0.key, $0.value(self).json) }
    }
}
