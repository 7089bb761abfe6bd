import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesFoursquare
@testable import PlacesHTTP
@testable import PlacesModel

/// Foursquare's wire, paging and category table, without the network.
@Suite("Foursquare: wire, paging, categories")
struct FoursquareProviderTests {
    /// Real 2025 answers (shared/reference/examples, copied into Resources).
    static func example(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(Bundle.module.url(forResource: "Resources/\(name)", withExtension: "json")))
    }

    let base = URL(string: "https://places-api.foursquare.com/places/search?ll=1,2&limit=50")!

    @Test func nextLinkIsFoundAmongOthersAndResolvedRelative() {
        let quoted = "<https://places-api.foursquare.com/places/search?ll=1,2&cursor=abc>; rel=\"next\""
        #expect(
            FoursquarePaging.nextURL(in: quoted, relativeTo: base)?.absoluteString
                == "https://places-api.foursquare.com/places/search?ll=1,2&cursor=abc")
        let several = "<https://places-api.foursquare.com/places/search?cursor=p>; rel=\"prev\", </places/search?ll=1,2&cursor=n>; rel=next"
        #expect(
            FoursquarePaging.nextURL(in: several, relativeTo: base)?.absoluteString
                == "https://places-api.foursquare.com/places/search?ll=1,2&cursor=n")
        #expect(FoursquarePaging.nextURL(in: "<https://x/y>; rel=\"prev\"", relativeTo: base) == nil)
        #expect(FoursquarePaging.nextURL(in: nil, relativeTo: base) == nil)
    }

    @Test func onlyTheConfiguredOriginIsFollowed() throws {
        let configured = "https://places-api.foursquare.com"
        try FoursquarePaging.checkSameOrigin(
            URL(string: "https://places-api.foursquare.com:443/places/search?cursor=1")!, baseURL: configured)
        for other in [
            "http://places-api.foursquare.com/places/search", "https://places-api.foursquare.com.evil.example/places/search",
            "https://places-api.foursquare.com:8443/places/search", "https://evil.example/places/search",
        ] {
            #expect(throws: PlacesError.self) { try FoursquarePaging.checkSameOrigin(URL(string: other)!, baseURL: configured) }
        }
        let echoed = URL(string: "https://evil.example/places/search?cursor=SECRET-KEY-123")!
        #expect(
            throws: PlacesError.badResponse(
                .foursquare,
                message:
                    "Foursquare's next-page link points to https://evil.example/places/search?cursor=REDACTED, not to the configured \(configured) (PLACES_FOURSQUARE_URL); it was not followed"
            )
        ) {
            try FoursquarePaging.checkSameOrigin(echoed, baseURL: configured, secrets: ["SECRET-KEY-123"], wording: .cli)
        }
        #expect(
            throws: PlacesError.badResponse(
                .foursquare,
                message:
                    "Foursquare's next-page link points to https://evil.example/places/search?cursor=REDACTED, not to the configured \(configured); it was not followed"
            )
        ) {
            try FoursquarePaging.checkSameOrigin(echoed, baseURL: configured, secrets: ["SECRET-KEY-123"])
        }
    }

    @Test func theRealDetailsAnswerMapsToAVenue() throws {
        let data = try Self.example("foursquare-2025-place-details-fsq-hq-trimmed")
        let place = try FoursquarePlaceWire.decoder.decode(FoursquarePlace.self, from: data)
        let venue = try #require(FoursquareVenueMapper.venue(from: place))
        #expect(venue.id.description == "foursquare:5a187743ccad6b307315e6fe")
        #expect(venue.address == "50 W 23rd St (btwn 5th & 6th Ave), New York, NY 10010")
        #expect(venue.phone == "(646) 738-8691" && venue.website == "https://foursquare.com")
        #expect(venue.categories == ["tech_startup"] && venue.cuisines.isEmpty)
        #expect(venue.rating == nil && venue.priceLevel == nil && venue.providerMapsURL == nil)
    }

    @Test func theRealSearchAnswerGivesCategoriesAndCuisines() throws {
        let data = try Self.example("foursquare-2025-place-search-ephrata-trimmed")
        let places = try FoursquarePlaceWire.decoder.decode(FoursquareSearchResponse.self, from: data).results ?? []
        let venues = places.compactMap(FoursquareVenueMapper.venue(from:))
        #expect(venues.count == 5)
        let byName = Dictionary(uniqueKeysWithValues: venues.map { ($0.name, $0) })
        #expect(byName["Little Caesars Pizza"]?.categories == ["restaurant"] && byName["Little Caesars Pizza"]?.cuisines == ["pizza"])
        #expect(byName["Dunkin'"]?.categories == ["cafe"] && byName["Dunkin'"]?.cuisines == ["donut", "coffee_shop"])
        #expect(byName["New Panda"]?.cuisines == ["chinese"])
        #expect(byName["Roma Pizza"]?.website == nil, "\"\" is unknown")
        #expect(byName["Pancake Farm Restaurant"]?.cuisines == [], "Breakfast Spot is a meal, not a cuisine")
    }

    @Test func ratingsAreHalvedAndOutOfRangeValuesDropped() throws {
        let json =
            #"{"fsq_place_id":"abc123","name":"X","latitude":60,"longitude":24,"rating":8.1,"price":2,"hours":{"open_now":true,"display":"Mon-Fri 11:00-22:00"},"tel":"","website":""}"#
        var place = try FoursquarePlaceWire.decoder.decode(FoursquarePlace.self, from: Data(json.utf8))
        var venue = try #require(FoursquareVenueMapper.venue(from: place))
        #expect(venue.rating == 4.05 && venue.priceLevel == 2 && venue.openNow == true)
        #expect(venue.phone == nil && venue.website == nil && venue.openingHours == ["Mon-Fri 11:00-22:00"])
        place.rating = 12
        place.price = 0
        venue = try #require(FoursquareVenueMapper.venue(from: place))
        #expect(venue.rating == nil && venue.priceLevel == nil)
        place.fsqPlaceId = ""
        #expect(FoursquareVenueMapper.venue(from: place) == nil)
    }

    @Test func everyTypeHasAnIDAndTheTableReadsBack() {
        for category in PlaceCategory.allCases {
            let entries = FoursquareCategoryTable.entries(for: category)
            #expect(!entries.isEmpty && entries.allSatisfy { $0.id.wholeMatch(of: /[0-9a-f]{24}/) != nil }, "\(category)")
            let back = FoursquareCategoryTable.categories(
                from: entries.map { FoursquarePlace.Category(fsqCategoryId: $0.id, name: $0.name) })
            #expect(back.contains(category.rawValue), "\(category): \(back)")
        }
        #expect(
            FoursquareCategoryTable.ids(for: [.cafe, .bar, .pub]) == [
                "63be6904847c3692a84b9bb6", "4bf58dd8d48988d116941735", "4bf58dd8d48988d11b941735",
            ])
    }

    @Test func cuisinesFromCategoryNames() {
        func cuisines(_ names: String...) -> [String] {
            FoursquareCategoryTable.cuisines(from: names.map { FoursquarePlace.Category(name: $0) })
        }
        #expect(cuisines("Sushi Restaurant") == ["sushi"])
        #expect(cuisines("Middle Eastern Restaurant", "Falafel Restaurant") == ["middle_eastern", "falafel"])
        #expect(cuisines("Pizzeria", "Steakhouse", "BBQ Joint", "Burger Joint") == ["pizza", "steak", "barbecue", "burger"])
        #expect(cuisines("Restaurant", "Fast Food Restaurant", "Café", "Bar") == [])
    }

    @Test func cassetteReplayMovesSameHostLinksToTheReplayedHost() {
        let recorded = URL(string: "http://127.0.0.1:40000/places/search?ll=1,2")!
        let replayed = URL(string: "https://places-api.foursquare.com/places/search?ll=1,2")!
        let response = HTTPResponse(
            status: 200,
            headers: [
                ("Link", "<http://127.0.0.1:40000/places/search?ll=1,2&cursor=50-x>; rel=\"next\""),
                ("X-Other", "http://127.0.0.1:40000/"),
            ])
        let moved = CassetteReplayTransport.rebasingLinks(response, from: recorded, to: replayed)
        #expect(moved.header("Link") == "<https://places-api.foursquare.com/places/search?ll=1,2&cursor=50-x>; rel=\"next\"")
        #expect(moved.header("X-Other") == "http://127.0.0.1:40000/")
        let elsewhere = HTTPResponse(status: 200, headers: [("Link", "<https://evil.example/places/search?cursor=1>; rel=\"next\"")])
        #expect(CassetteReplayTransport.rebasingLinks(elsewhere, from: recorded, to: replayed).header("Link") == elsewhere.header("Link"))
    }
}
