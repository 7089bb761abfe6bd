import PlacesHTTP
import PlacesModel

/// How Place Photos is billed, for the cost ceiling, the request counts and `--dry-run`:
/// SKU "Place Details Photos", in the Enterprise category, per media request; $7 per 1,000
/// after 1,000 free a month (providers.md §1.5 and §1.7: a list price not confirmed).
enum GooglePhotoBilling {
    static let sku = "Place Details Photos"

    static var billedTier: BilledTier {
        let enterprise = TierLadder.google[3]
        return BilledTier(provider: .google, sku: sku, rung: enterprise, drivers: [], driverFields: [], floor: enterprise)
    }

    static let price = "$7 per 1,000 after 1,000 free a month, a list price not confirmed"

    /// The `--dry-run` line of a media request.
    static let mediaNote = "billed as \(sku), an Enterprise SKU (\(price))"

    /// What a dry run stopped at the photo listing would have sent next.
    static let followingNotes = [
        "then, for the photo asked: GET /v1/{photo name}/media?maxWidthPx=…&skipHttpRedirect=true with the key in X-Goog-Api-Key, billed as \(sku), an Enterprise SKU (\(price))",
        "then a plain GET of the photoUri it answers, with no key, which Google does not bill",
    ]

    /// Reads the media answer: Google's envelope for errors; never kept by the response
    /// cache, since its `photoUri` is short-lived.
    static let mediaReader = ResponseReader(.googlePlaces, parseError: GoogleService.parseError, isAnswer: { _ in false })
}
