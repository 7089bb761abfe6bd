import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesSupport
@testable import places_cli

func venue(
    _ name: String, _ lat: Double, _ lon: Double, id: Int64 = Int64.random(in: 1...1_000_000_000), categories: [String] = ["restaurant"],
    cuisines: [String] = [], rating: Double? = nil, ratingCount: Int? = nil, price: Int? = nil, open: Bool? = nil
) -> Venue {
    Venue(
        id: PlaceID(provider: .osm, rawID: "node/\(id)"), name: name, coordinate: try! Coordinate(latitude: lat, longitude: lon),
        categories: categories, cuisines: cuisines, rating: rating, ratingCount: ratingCount, priceLevel: price, openNow: open)
}

let centre = try! Coordinate(latitude: 60.1699, longitude: 24.9384)

@Suite("VenuePipeline")
struct VenuePipelineTests {
    // About 111 m per 0.001° of latitude.
    let near = venue("Near", 60.1709, 24.9384, id: 1, rating: 3.0, ratingCount: 100, price: 1, open: true)
    let middle = venue("Middle Sushi", 60.1729, 24.9384, id: 2, cuisines: ["sushi"], rating: 4.8, ratingCount: 500, price: 3, open: false)
    let far = venue("Far", 60.1799, 24.9384, id: 3, rating: 4.0, ratingCount: 5, price: nil, open: nil)
    var all: [Venue] { [far, middle, near] }

    func request(_ configure: (inout SearchRequest) -> Void = { _ in }) -> SearchRequest {
        var r = SearchRequest(kind: .nearby, center: centre, radiusMeters: 5000)
        configure(&r)
        return r
    }

    @Test func distanceSortAndRadius() {
        let out = VenuePipeline.run(all, for: request(), provider: .osm).venues
        #expect(out.map(\.name) == ["Near", "Middle Sushi", "Far"])
        #expect(abs(out[0].distanceMeters! - 111.4) < 1)
        #expect(out[0].bearingDegrees.map { abs($0) < 0.01 } == true)
        let inside = VenuePipeline.run(all, for: request { $0.radiusMeters = 500 }, provider: .osm).venues
        #expect(inside.map(\.name) == ["Near", "Middle Sushi"])
    }

    @Test func relevanceKeepsProviderOrderAndLimitCuts() {
        let out = VenuePipeline.run(
            all,
            for: request {
                $0.sort = .relevance; $0.limit = 2
            }, provider: .osm
        ).venues
        #expect(out.map(\.name) == ["Far", "Middle Sushi"])
    }

    @Test func ratingSortPutsUnratedLast() {
        let unrated = venue("Unrated", 60.1700, 24.9384, id: 4)
        let out = VenuePipeline.run(all + [unrated], for: request { $0.sort = .rating }, provider: .osm).venues
        #expect(out.map(\.name) == ["Middle Sushi", "Far", "Near", "Unrated"])
    }

    @Test func bestWeighsRatingAgainstDistance() {
        // Far (4.0 from 5 reviews) shrinks towards 3.5 and is 1.1 km away: it loses to Middle.
        let out = VenuePipeline.run(
            all,
            for: request {
                $0.sort = .best; $0.radiusMeters = 1000
            }, provider: .osm
        ).venues
        #expect(out.first?.name == "Middle Sushi")
        #expect(VenuePipeline.bestScore(far, scale: 1000)! < VenuePipeline.bestScore(middle, scale: 1000)!)
    }

    @Test func unknownValuesNeverPassFilters() {
        #expect(VenuePipeline.run(all, for: request { $0.openNow = true }, provider: .osm).venues.map(\.name) == ["Near"])
        #expect(VenuePipeline.run(all, for: request { $0.minRating = 3.5 }, provider: .osm).venues.map(\.name) == ["Middle Sushi", "Far"])
        let priced = VenuePipeline.run(all, for: request { $0.price = try! PriceRange(min: 1, max: 3) }, provider: .osm).venues
        #expect(priced.map(\.name) == ["Near", "Middle Sushi"])
    }

    @Test func minRatingEmptyingAnOSMResultSaysWhy() {
        let unrated = [venue("A", 60.17, 24.94, id: 9)]
        let outcome = VenuePipeline.run(unrated, for: request { $0.minRating = 1 }, provider: .osm)
        #expect(outcome.venues.isEmpty)
        #expect(outcome.notes.first?.contains("no ratings") == true)
    }

    @Test func filterIsCaseAndAccentInsensitive() {
        let cafe = venue("Café Ekberg", 60.1700, 24.9384, id: 5)
        let out = VenuePipeline.run(all + [cafe], for: request { $0.filterText = "CAFE" }, provider: .osm).venues
        #expect(out.map(\.name) == ["Café Ekberg"])
    }

    @Test func withoutCentreDistanceIsNil() {
        let r = SearchRequest(kind: .text("x"), center: nil, radiusMeters: nil)
        let out = VenuePipeline.run(all, for: r, provider: .osm).venues
        #expect(out.allSatisfy { $0.distanceMeters == nil })
        #expect(out.map(\.name) == ["Far", "Middle Sushi", "Near"])
    }

    @Test func requestValidationRefusesDistanceWithoutCentre() {
        #expect(throws: PlacesError.self) {
            try SearchRequest(kind: .text("x"), center: nil, radiusMeters: nil, sort: .distance).validate()
        }
        #expect(throws: PlacesError.self) { try SearchRequest(kind: .text("x"), center: nil, radiusMeters: 100).validate() }
        #expect(throws: Never.self) { try SearchRequest(kind: .text("x"), center: nil, radiusMeters: nil).validate() }
    }

    @Test func neededFieldsFollowFlagsButFlagOnlyFieldsAreNotPrinted() {
        let r = request {
            $0.sort = .rating; $0.openNow = true
        }
        #expect(r.neededFields.isSuperset(of: [.rating, .openNow]))
        #expect(!r.fields.fields.contains(.rating))
        #expect(r.flagOnlyFields == [.rating, .openNow])
        let costly = request().neededFields.filter(\.isCostly)
        #expect(costly.isEmpty)
    }
}

@Suite("CuisineGrouping")
struct CuisineGroupingTests {
    let sushi1 = venue("Hanko Sushi", 60.1702, 24.9384, id: 11, cuisines: ["sushi", "japanese"])
    let ramen = venue("Ramen Bar", 60.1705, 24.9384, id: 12, cuisines: ["japanese"])
    let pizza = venue("Pizza Place", 60.1700, 24.9384, id: 13, cuisines: ["pizza"])
    let plain = venue("Plain", 60.1701, 24.9384, id: 14)
    let sushiName = venue("Sushi Corner", 60.1720, 24.9384, id: 15, cuisines: ["asian"])
    let atm = venue("ATM", 60.1699, 24.9385, id: 16, categories: ["atm"])

    var withDistances: [Venue] { VenuePipeline.withDistances([sushi1, ramen, pizza, plain, sushiName, atm], from: centre) }

    @Test func groupsOrderedByNearestWithOtherLast() {
        let groups = CuisineGrouping.group(withDistances)
        #expect(groups.map(\.name) == ["pizza", "sushi", "japanese", "asian", "other"])
        #expect(groups.first { $0.name == "japanese" }?.restaurants.map(\.venue.name) == ["Hanko Sushi", "Ramen Bar"])
        #expect(groups.last?.restaurants.map(\.venue.name) == ["Plain"])
        #expect(!groups.flatMap(\.restaurants).contains { $0.venue.name == "ATM" })
    }

    @Test func matchingCuisineKeepsAllOtherwiseOnlyMatchingNames() {
        let groups = CuisineGrouping.group(withDistances, filter: "sushi")
        #expect(groups.map(\.name) == ["sushi", "japanese", "asian"])
        #expect(groups[0].restaurants.map(\.venue.name) == ["Hanko Sushi"])
        // japanese does not match "sushi": only restaurants whose name matches stay.
        #expect(groups[1].restaurants.map(\.venue.name) == ["Hanko Sushi"])
        #expect(groups[2].restaurants.map(\.venue.name) == ["Sushi Corner"])
    }

    @Test func emptyGroupsDisappear() {
        #expect(CuisineGrouping.group(withDistances, filter: "nothing-like-this").isEmpty)
    }
}

@Suite("FieldSelection")
struct FieldSelectionTests {
    @Test func plainAdditiveAndAll() throws {
        #expect(try FieldSelection.parse("id,name").fields == [.id, .name])
        #expect(try FieldSelection.parse("+rating,+openNow").fields == VenueField.defaultSet + [.rating, .openNow])
        #expect(try FieldSelection.parse("all").fields == VenueField.contractFields)
        #expect(try FieldSelection.parse("+openingHours,+photos").fields.suffix(2) == [.openingHours, .photos])
    }

    @Test(arguments: ["id,+rating", "bogus", "id,,name", "", "+", "name,distance"])
    func refuses(_ text: String) {
        #expect(throws: UsageError.self) { try FieldSelection.parse(text) }
    }

    @Test func defaultSetHasNoCostlyField() {
        let costly = VenueField.defaultSet.filter(\.isCostly)
        #expect(costly.isEmpty)
        #expect(
            VenueField.contractFields.map(\.rawValue) == [
                "id", "provider", "name", "latitude", "longitude", "address", "distanceMeters", "categories", "cuisines", "rating",
                "ratingCount", "priceLevel", "openNow", "phone", "website", "mapsUrl", "isFavorite", "sameAs", "businessStatus",
            ])
    }
}

@Suite("PriceRange")
struct PriceRangeTests {
    @Test func parses() throws {
        #expect(try PriceRange.parse("2") == PriceRange(min: 2, max: 2))
        #expect(try PriceRange.parse("0-4").contains(0))
        for bad in ["5", "3-1", "-1", "a", "1-2-3", ""] {
            #expect(throws: UsageError.self) { try PriceRange.parse(bad) }
        }
    }
}
