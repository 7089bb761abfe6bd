/// `--max-tier`: the most a request may be billed at. A request above it is refused before
/// it is sent. The name is one of a provider's rungs (`pro` is a rung of both Google and
/// Foursquare); a request to a provider whose ladder lacks the name is refused too, so a
/// ceiling never silently stops applying.
package struct TierCeiling: Sendable, Equatable {
    /// As given: `essentials`, `pro`, `enterprise`, `enterprise+atmosphere`, `premium`.
    package let name: String
    /// Where it was set, so a message can say which setting to change.
    package let origin: Origin

    package enum Origin: Sendable, Equatable {
        /// Given with the command (`--max-tier` in the CLI).
        case argument
        /// Configured for every command (`$PLACES_MAX_TIER` in the CLI).
        case environment
    }

    /// Nil for a name no provider has; names are case-insensitive.
    package init?(_ text: String, origin: Origin = .argument) {
        let name = text.lowercased()
        guard TierLadder.allArguments.contains(name) else { return nil }
        self.name = name
        self.origin = origin
    }

    /// Why `billed` may not be sent under this ceiling, or nil when it may.
    package func refusal(of billed: BilledTier) -> Refusal? {
        guard let ladder = TierLadder.ladder(for: billed.provider) else { return nil }
        guard let cap = ladder.first(where: { $0.argument == name }) else {
            return Refusal(billed: billed, ceiling: self, providerTiers: ladder.compactMap(\.argument), cheapestAllowing: nil)
        }
        guard billed.rung.rank > cap.rank else { return nil }
        return Refusal(
            billed: billed, ceiling: self, providerTiers: ladder.compactMap(\.argument),
            cheapestAllowing: ladder.first { $0.rank >= billed.rung.rank && $0.argument != nil }?.argument)
    }

    /// A request the ceiling refuses, with what the message needs.
    package struct Refusal: Sendable, Equatable {
        package let billed: BilledTier
        package let ceiling: TierCeiling
        /// The names this provider's ladder has.
        package let providerTiers: [String]
        /// The lowest ceiling that would let it through; nil when the ceiling's name is not
        /// one of this provider's tiers at all.
        package let cheapestAllowing: String?

        /// Whether no choice of fields fits under the ceiling: the call costs more even with
        /// only what every place needs.
        package var ceilingBelowFloor: Bool {
            guard let ladder = TierLadder.ladder(for: billed.provider), let cap = ladder.first(where: { $0.argument == ceiling.name })
            else { return false }
            return billed.floor.rank > cap.rank
        }

        /// The lowest ceiling any request of this call can meet.
        package var lowestPossibleCeiling: String? {
            TierLadder.ladder(for: billed.provider)?.first { $0.rank >= billed.floor.rank && $0.argument != nil }?.argument
        }
    }
}
