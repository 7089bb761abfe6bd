import PlacesModel

/// What a photos call is billed at. Photos are a Premium field of a place; what the
/// `/photos` endpoint itself bills is not documented (providers.md §3.1), so the ceiling
/// and the counts take it as Premium, the dearer guess, and `--dry-run` says so.
enum FoursquarePhotoBilling {
    static let call = "Place Photos"

    static var billedTier: BilledTier {
        BilledTier(
            provider: .foursquare, sku: call, rung: TierLadder.foursquare[1], drivers: ["photos"], driverFields: [],
            floor: TierLadder.foursquare[1])
    }

    static let note =
        "billed as \(call): photos are a Premium field (credits needed), but Foursquare does not document what this endpoint bills; counted as Premium"
}
