/// Whether a place is in business at all (not whether it is open at this hour), as its
/// provider knows it: `nil` on a venue is unknown. Places closed for good are left out of
/// searches unless asked for (`SearchParameters.includeClosed`); a place closed for a while
/// is listed, and marked.
public enum BusinessStatus: String, Sendable, Hashable, CaseIterable {
    case operational
    /// Closed for now, to open again (Google also says so of a place not yet opened).
    case closedTemporarily
    case closedPermanently
}
