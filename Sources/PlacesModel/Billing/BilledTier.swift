/// What one request is billed at, as its provider computed it from the field mask: the
/// SKU ("Text Search"), the tier ("Enterprise"), its rank on the provider's ladder, and
/// the fields that put it there. Carried by `HTTPRequest` so that the cost ceiling, the
/// request counts and `--dry-run` read the one computation the provider made.
package struct BilledTier: Sendable, Equatable {
    package let provider: ProviderName
    /// "Nearby Search", "Text Search", "Place Details", "Place Search".
    package let sku: String
    /// The provider's rung this request is billed at.
    let rung: TierLadder.Rung
    /// The wire fields at that tier (`rating`, `userRatingCount`).
    package let drivers: [String]
    /// The output fields that asked for them (`rating`, `ratingCount`), in a fixed order.
    package let driverFields: [VenueField]
    /// The least this call can cost: with only the fields every place needs (id, name, position).
    package let floor: TierLadder.Rung

    package init(
        provider: ProviderName, sku: String, rung: TierLadder.Rung, drivers: [String], driverFields: [VenueField],
        floor: TierLadder.Rung
    ) {
        self.provider = provider
        self.sku = sku
        self.rung = rung
        self.drivers = drivers
        self.driverFields = driverFields
        self.floor = floor
    }

    /// "Text Search Enterprise".
    package var label: String { "\(sku) \(rung.displayName)" }
}

/// Each provider's tiers, cheapest first, with the names `--max-tier` takes.
package enum TierLadder {
    package struct Rung: Sendable, Equatable {
        /// The position on the provider's ladder: higher costs more.
        let rank: Int
        /// As the provider's price list says it ("Enterprise + Atmosphere").
        package let displayName: String
        /// As `--max-tier` takes it (`enterprise+atmosphere`); nil for a rung no one caps at.
        let argument: String?
    }

    /// Google Places (New): providers.md §1.7. "Essentials (IDs Only)" sits under Essentials:
    /// a ceiling of `essentials` admits it.
    package static let google: [Rung] = [
        Rung(rank: 0, displayName: "Essentials (IDs Only)", argument: nil),
        Rung(rank: 1, displayName: "Essentials", argument: "essentials"),
        Rung(rank: 2, displayName: "Pro", argument: "pro"),
        Rung(rank: 3, displayName: "Enterprise", argument: "enterprise"),
        Rung(rank: 4, displayName: "Enterprise + Atmosphere", argument: "enterprise+atmosphere"),
    ]

    /// Foursquare Places: Pro fields, and Premium fields that need credits (providers.md §3.1).
    package static let foursquare: [Rung] = [
        Rung(rank: 0, displayName: "Pro", argument: "pro"),
        Rung(rank: 1, displayName: "Premium", argument: "premium"),
    ]

    /// The ladder of a provider that bills by tier; nil for one that does not (osm).
    static func ladder(for provider: ProviderName) -> [Rung]? {
        provider.profile.tiers
    }

    /// Every name a tier ceiling takes, each once, in ladder order (the providers' order).
    static var allArguments: [String] {
        var names: [String] = []
        for rung in ProviderName.allCases.flatMap({ $0.profile.tiers ?? [] }) {
            if let name = rung.argument, !names.contains(name) { names.append(name) }
        }
        return names
    }
}
