import PlacesModel

/// How Google bills Autocomplete (New) and the Place Details (New) call that ends a session,
/// for `--dry-run` and the request counts.
///
/// Google's words, from "Autocomplete (New) and session pricing"
/// (developers.google.com/maps/documentation/places/web-service/session-pricing; the Android
/// copy of the same text is stamped "Last updated 2025-08-30 UTC"; read 2026-11-27):
///
/// > Incomplete sessions, meaning sessions that are not terminated by a request to Place
/// > Details (New) or Address Validation, are billed only for the Autocomplete (New) requests
/// > using the SKU: Autocomplete Requests.
///
/// > For Autocomplete (New) sessions that terminate in a request using fields from SKU:
/// > Places API Place Details Essentials: First 12 Autocomplete (New) requests: You are billed
/// > for each Autocomplete (New) request, up to a maximum of 12 requests, using the SKU:
/// > Autocomplete Requests. For Autocomplete (New) requests 13 and higher in the same session:
/// > You are billed at the SKU: Autocomplete Session Usage, meaning there is no charge for
/// > those requests.
///
/// > For Autocomplete (New) sessions that terminate in an Address Validation request or a
/// > Place Details (New) request using fields from Place Details Pro, Enterprise, or
/// > Enterprise + Atmosphere: All Autocomplete (New) requests are billed at the SKU:
/// > Autocomplete Session Usage, meaning there is no charge for those requests.
///
/// > After the session terminates, any call to Autocomplete (New), Place Details (New), or
/// > Address Validation that uses the expired session token is billed as if there was no
/// > session token.
///
/// And the price of the SKU (same page): "Billed at $2.83 per 1000 requests up to 100,000
/// requests". Ending a session with Place Details (IDs Only) fields counts as abandoning it
/// (usage-and-billing page). Autocomplete needs no field mask, so its cost does not depend on
/// fields: the cost ceiling sees it at Essentials, the lowest tier anyone caps at.
enum GoogleAutocompleteBilling {
    static let sku = "Autocomplete Requests"
    /// Requests of a session ended by Essentials details that are still billed.
    static let billedWithEssentialsDetails = 12

    /// What an autocomplete request is billed at, for the ceiling and the counts.
    static var billedTier: BilledTier {
        let essentials = TierLadder.google[1]
        return BilledTier(provider: .google, sku: sku, rung: essentials, drivers: [], driverFields: [], floor: essentials)
    }

    /// The `--dry-run` line of an autocomplete request.
    static func autocompleteNote(sessionToken: String?) -> String {
        guard sessionToken != nil else {
            return "billed as \(sku) ($2.83 per 1,000 up to 100,000): no session token, so every request is billed on its own"
        }
        return "billed as \(sku) ($2.83 per 1,000 up to 100,000) unless this session ends with a Place Details call: "
            + "then free if that call asks Pro or higher fields, or from the 13th request of the session if it asks only Essentials fields"
    }

    /// The `--dry-run` line of a details request that ends a session, from the tier its field mask puts it at.
    static func endingNote(detailsTier: GoogleFieldMask.Tier) -> String {
        switch detailsTier {
        case .essentialsIDsOnly:
            return
                "ends the autocomplete session, but with IDs Only fields, which Google counts as abandoning it: each of its autocomplete requests stays billed as \(sku)"
        case .essentials:
            return
                "ends the autocomplete session with Essentials fields: its first \(billedWithEssentialsDetails) autocomplete requests stay billed as \(sku), the 13th and later are free (Autocomplete Session Usage)"
        case .pro, .enterprise, .enterpriseAtmosphere:
            return
                "ends the autocomplete session with \(detailsTier.name) fields: every autocomplete request of the session is free (Autocomplete Session Usage); this call is billed as itself"
        }
    }
}
