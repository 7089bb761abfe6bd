import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGeodesy
@testable import PlacesModel
@testable import PlacesOSMExtract

/// A venue `north`/`east` metres from Helsinki's centre (on a local plane; tests check the
/// geodesic distance where it matters).
private func place(
    _ provider: ProviderName, _ raw: String, _ name: String, north: Double = 0, east: Double = 0,
    categories: [String] = ["restaurant"]
) -> Venue {
    let lat = 60.1699 + north / 111_412
    let lon = 24.9384 + east / (111_412 * cos(60.1699 * Double.pi / 180))
    let rawID = provider == .osm ? "node/\(raw)" : raw
    return Venue(
        id: PlaceID(provider: provider, rawID: rawID), name: name,
        coordinate: try! Coordinate(latitude: lat, longitude: lon), categories: categories)
}

private func meters(_ a: Venue, _ b: Venue) -> Double {
    GeodesicDistance.meters(from: a.coordinate, to: b.coordinate)
}

/// The ids of each merged record, as text, for compact expectations.
private func records(_ answers: [[Venue]]) -> [[String]] {
    VenueMerger.merge(answers).map { $0.sourceIDs.map(\.description) }
}

@Suite("Venue name folding")
struct VenueNameKeyTests {
    @Test func caseAccentsAndPunctuationFold() {
        #expect(VenueNameKey("Café Sävy").compact == VenueNameKey("SAVY").compact)
        #expect(VenueNameKey("McDonald's").compact == VenueNameKey("McDonalds").compact)
        #expect(VenueNameKey("McDonald’s").compact == "mcdonalds")
        #expect(VenueNameKey("R-Kioski").words == ["r", "kioski"])
        #expect(VenueNameKey("Espresso House").compact == VenueNameKey("EspressoHouse").compact)
    }

    @Test func ampersandAndItsWordsAreDropped() {
        let forms = ["Maya Bar & Grill", "Maya Bar and Grill", "Maya bar ja grill", "MAYA BAR&GRILL"].map { VenueNameKey($0).compact }
        #expect(Set(forms) == ["mayagrill"])
    }

    @Test func genericWordsAreSetAsideWithTheKindTheyState() {
        let savoy = VenueNameKey("Ravintola Savoy")
        #expect(savoy.words == ["savoy"])
        #expect(savoy.kinds == [.restaurant])
        #expect(VenueNameKey("The Cafe Regatta Oy").words == ["regatta"])
        #expect(VenueNameKey("Kahvila Regatta").kinds == [.cafe])
        #expect(VenueNameKey("Hotel Kämp").words == ["kamp"])
        #expect(VenueNameKey("Hanko Sushi").kinds.isEmpty)
    }

    @Test func aNameOfGenericWordsOnlyKeepsThem() {
        #expect(VenueNameKey("The Bar").words == ["the", "bar"])
        #expect(VenueNameKey("Kahvila").compact == "kahvila")
    }

    @Test func numbersAreKeptAndListed() {
        let key = VenueNameKey("Aleksi 13")
        #expect(key.compact == "aleksi13")
        #expect(key.numbers == ["13"])
    }
}

@Suite("Venue matching rules")
struct VenueMatchRuleTests {
    func agreement(_ a: String, _ b: String) -> NameAgreement {
        NameAgreement(VenueNameKey(a), VenueNameKey(b))
    }

    @Test func namesThatAgree() {
        #expect(agreement("Hanko Sushi", "HANKO SUSHI") == .same)
        #expect(agreement("Ravintola Savoy", "Savoy") == .same)
        #expect(agreement("Hanko Sushi", "HANKO SUSHI Kamppi") == .contained)
        #expect(agreement("Hanko Sushi", "Hanko Sushi - Kamppi") == .contained)
        #expect(agreement("Espresso House", "EspressoHouse Kamppi") == .contained)
        #expect(agreement("H&M", "H&M (Kamppi)") == .contained)
        #expect(agreement("Roberts Coffee", "Robert's Cofee") == .respelled)
        #expect(agreement("Roberts Coffee", "Robert's Cofee Kamppi") == .respelled)
        #expect(agreement("Kansalliskirjasto", "Kansallikirjasto") == .respelled)
    }

    @Test func namesThatDoNot() {
        #expect(agreement("Cafe Aalto", "Ravintola Aalto") == .none, "kinds differ")
        #expect(agreement("Aleksi 13", "Aleksi 15") == .none, "numbers differ")
        #expect(agreement("Aalto", "Aaltonen") == .none, "not a whole word")
        #expect(agreement("Ali", "Kalifornia") == .none)
        #expect(agreement("Sam", "Kamppi Sam") == .none, "a name under 4 letters only at the start")
        #expect(agreement("Hanko Sushi Kamppi", "Hanko Sushi Kluuvi") == .none, "two branches")
        #expect(agreement("Pupu", "Papu") == .none, "too short to re-spell")
    }

    @Test func categoriesOfOnePlace() {
        func agreement(_ a: [String], _ b: [String]) -> CategoryAgreement {
            CategoryAgreement(VenueCategories(a), VenueCategories(b))
        }
        #expect(agreement(["cafe"], ["cafe", "bakery"]) == .same)
        #expect(agreement(["cafe"], ["bakery"]) == .compatible, "a cafe that is also a bakery")
        #expect(agreement(["cafe"], ["restaurant"]) == .compatible)
        #expect(agreement(["bar", "pub"], ["nightclub"]) == .compatible)
        #expect(agreement(["atm"], ["bank"]) == .conflicting, "the ATM and the bank branch around it")
        #expect(agreement(["atm", "bank"], ["atm"]) == .conflicting, "a bank with atm=yes is still the bank")
        #expect(agreement(["atm", "bank"], ["bank"]) == .same)
        #expect(agreement(["hotel"], ["restaurant"]) == .conflicting, "the hotel and its restaurant")
        #expect(agreement(["pharmacy"], ["supermarket"]) == .conflicting)
        #expect(agreement(["clothes"], ["clothing_store"]) == .unknown)
        #expect(agreement(["clothes"], ["clothes"]) == .same)
        #expect(agreement([], ["cafe"]) == .unknown)
    }

    @Test func aGenericWordContradictsTheOtherVenuesCategory() {
        let cafe = VenueCategories(["cafe"]), restaurant = VenueCategories(["restaurant"])
        #expect(restaurant.contradicts(VenueNameKey("Cafe Aalto"), own: VenueNameKey("Aalto")))
        #expect(!cafe.contradicts(VenueNameKey("Cafe Aalto"), own: VenueNameKey("Aalto")))
        #expect(restaurant.contradicts(VenueNameKey("Hotel Kämp"), own: VenueNameKey("Kämp")))
        #expect(
            !restaurant.contradicts(VenueNameKey("Hard Rock Cafe"), own: VenueNameKey("HARD ROCK CAFE")),
            "both names say cafe: the provider's category is its own choice")
        #expect(
            !VenueCategories(["fast_food"]).contradicts(VenueNameKey("Jungle Juice Bar"), own: VenueNameKey("Jungle Juice")),
            "bar is a loose word")
    }

    @Test func theDistanceLimitGrowsWithTheNameAndNotForChainsOrShortNames() {
        #expect(MatchThresholds.limitMeters(sharedLetters: 4, chain: false, area: false) == 75)
        #expect(MatchThresholds.limitMeters(sharedLetters: 6, chain: false, area: false) == 100)
        #expect(MatchThresholds.limitMeters(sharedLetters: 12, chain: false, area: false) == 150)
        #expect(MatchThresholds.limitMeters(sharedLetters: 20, chain: false, area: false) == 250)
        #expect(MatchThresholds.limitMeters(sharedLetters: 40, chain: false, area: false) == 250)
        #expect(MatchThresholds.limitMeters(sharedLetters: 13, chain: true, area: false) == 100)
        #expect(MatchThresholds.limitMeters(sharedLetters: 11, chain: false, area: true) == 275)
    }

    @Test func chainsAreKnownByANameSeveralTimesInOneAnswer() {
        var entries = [
            place(.google, "a", "Subway"), place(.google, "b", "Subway Kamppi", east: 150),
            place(.google, "c", "Hanko Sushi Kamppi"), place(.google, "d", "Hanko Sushi Kluuvi", north: 400),
            place(.google, "e", "Nordea", categories: ["bank"]), place(.google, "f", "Nordea", categories: ["atm"]),
            place(.google, "g", "Savoy"),
        ]
        .enumerated().map { MergeEntry(venue: $0.element, source: 0, position: $0.offset) }
        ChainEvidence.mark(&entries)
        #expect(entries.map(\.isChain) == [true, true, true, true, false, false, false])
    }
}

@Suite("Venue merge")
struct VenueMergerTests {
    @Test func hankoSushiAndHankoSushiKamppi18MetresApartAreOnePlace() {
        let google = place(.google, "g1", "Hanko Sushi")
        let osm = place(.osm, "1", "HANKO SUSHI Kamppi", north: 18)
        #expect(abs(meters(google, osm) - 18) < 0.5)
        let merged = VenueMerger.merge([[google], [osm]])
        #expect(merged.count == 1)
        #expect(merged.first?.venue.id == google.id)
        #expect(merged.first?.sameAs == [osm.id])
    }

    @Test func twoSubways150MetresApartAreTwoPlaces() {
        let google = place(.google, "g1", "Subway", categories: ["fast_food"])
        let osm = place(.osm, "1", "Subway", east: 150, categories: ["fast_food"])
        #expect(abs(meters(google, osm) - 150) < 1)
        #expect(records([[google], [osm]]) == [["google:g1"], ["osm:node/1"]])
    }

    @Test func twoVenuesOfOneProviderAreNeverMerged() {
        let a = place(.osm, "1", "Hanko Sushi"), b = place(.osm, "2", "Hanko Sushi", north: 3)
        #expect(records([[a, b]]) == [["osm:node/1"], ["osm:node/2"]])
        // A second provider's venue joins one of them, never both.
        let google = place(.google, "g1", "Hanko Sushi", north: 1)
        #expect(records([[google], [a, b]]) == [["google:g1", "osm:node/1"], ["osm:node/2"]])
        // Even when one provider is (wrongly) given twice.
        #expect(records([[a], [b]]) == [["osm:node/1"], ["osm:node/2"]])
    }

    @Test func aLongSpecificNameMatchesFurtherThanAShortOne() {
        let hilton = [
            place(.google, "g1", "Hilton Helsinki Strand", categories: ["hotel"]),
            place(.osm, "1", "Hilton Helsinki Strand", north: 200, categories: ["hotel"]),
        ]
        #expect(records([[hilton[0]], [hilton[1]]]) == [["google:g1", "osm:node/1"]])
        let pupu = [place(.google, "g2", "Pupu"), place(.osm, "2", "Pupu", north: 90)]
        #expect(records([[pupu[0]], [pupu[1]]]) == [["google:g2"], ["osm:node/2"]])
    }

    @Test func anATMIsNotTheBankAroundIt() {
        let bank = place(.osm, "1", "Nordea", categories: ["atm", "bank"])
        let atm = place(.google, "g1", "Nordea", north: 5, categories: ["atm"])
        #expect(records([[atm], [bank]]) == [["google:g1"], ["osm:node/1"]])
    }

    @Test func aCafeNamedSoIsNotTheRestaurantNextDoor() {
        let restaurant = place(.osm, "1", "Aalto", categories: ["restaurant"])
        let cafe = place(.google, "g1", "Cafe Aalto", north: 20, categories: ["cafe"])
        #expect(records([[cafe], [restaurant]]) == [["google:g1"], ["osm:node/1"]])
    }

    @Test func chainBranchesPairWithTheNearest() {
        // Two branches 150 m apart, each provider has both, moved 40 m towards the other branch.
        let google = [
            place(.google, "g1", "Espresso House", categories: ["cafe"]),
            place(.google, "g2", "Espresso House", east: 150, categories: ["cafe"]),
        ]
        let osm = [
            place(.osm, "2", "Espresso House Kamppi", east: 110, categories: ["cafe"]),
            place(.osm, "1", "Espresso House", east: 40, categories: ["cafe"]),
        ]
        #expect(records([google, osm]) == [["google:g1", "osm:node/1"], ["google:g2", "osm:node/2"]])
        // A branch only one provider has is not taken for its sibling 140 m away,
        // although a name this long would match that far were it not a chain.
        let lone = [place(.foursquare, "f3", "Espresso House", east: 290, categories: ["cafe"])]
        #expect(records([google, lone]) == [["google:g1"], ["google:g2"], ["foursquare:f3"]])
    }

    @Test func noChainingThroughOneProvider() {
        // A~B and B~C are each within the 100 m limit, but A and C are 180 m apart:
        // only the better pair (the nearer) is taken.
        let a = place(.google, "g1", "Kappeli"), b = place(.foursquare, "f1", "Kappeli", east: 85)
        let c = place(.osm, "1", "Kappeli", east: 180)
        #expect(records([[a], [b], [c]]) == [["google:g1", "foursquare:f1"], ["osm:node/1"]])
        // Within 1.5 times the limit of each other, three providers' venues are one place.
        let near = place(.osm, "2", "Kappeli", east: 140)
        #expect(records([[a], [b], [near]]) == [["google:g1", "foursquare:f1", "osm:node/2"]])
    }

    @Test func equalCandidatesGoToTheEarlierVenueInProviderOrder() {
        // Two OSM venues exactly as far from Google's, west and east (longitudes exact in binary).
        func subway(_ provider: ProviderName, _ raw: String, longitude: Double) -> Venue {
            Venue(
                id: PlaceID(provider: provider, rawID: raw), name: "Subway",
                coordinate: try! Coordinate(latitude: 60.1875, longitude: longitude), categories: ["fast_food"])
        }
        let google = subway(.google, "g1", longitude: 24.9375)
        let west = subway(.osm, "node/1", longitude: 24.9375 - 0x1p-12)
        let east = subway(.osm, "node/2", longitude: 24.9375 + 0x1p-12)
        #expect(meters(google, west) == meters(google, east))
        #expect(records([[google], [east, west]]) == [["google:g1", "osm:node/2"], ["osm:node/1"]])
        #expect(records([[google], [west, east]]) == [["google:g1", "osm:node/1"], ["osm:node/2"]])
    }

    @Test func eachFieldComesFromTheFirstProviderThatHasIt() {
        var google = place(.google, "g1", "Hanko Sushi", categories: [])
        google.rating = 4.4
        google.openNow = nil
        google.providerMapsURL = "https://maps.google.com/?cid=1"
        var foursquare = place(.foursquare, "f1", "Hanko Sushi Kamppi", north: 10, categories: ["restaurant"])
        foursquare.rating = 4.0
        foursquare.ratingCount = 12
        foursquare.cuisines = ["sushi"]
        var osm = place(.osm, "1", "HANKO SUSHI", north: 20, categories: ["restaurant"])
        osm.openNow = true
        osm.openingHours = ["Mo-Su 11:00-21:00"]
        osm.phone = "+358 9 123"
        osm.isFavorite = true

        let merged = VenueMerger.merge([[google], [foursquare], [osm]])
        #expect(merged.count == 1)
        let record = merged[0]
        #expect(record.venue.id == google.id && record.venue.provider == .google)
        #expect(record.sameAs == [foursquare.id, osm.id])
        #expect(record.venue.name == "Hanko Sushi")
        #expect(record.venue.coordinate == google.coordinate)
        #expect(record.venue.rating == 4.4)
        #expect(record.venue.ratingCount == 12)
        #expect(record.venue.categories == ["restaurant"], "google's are empty: foursquare's")
        #expect(record.venue.cuisines == ["sushi"])
        #expect(record.venue.openNow == true)
        #expect(record.venue.openingHours == ["Mo-Su 11:00-21:00"])
        #expect(record.venue.phone == "+358 9 123")
        #expect(record.venue.mapsURL == "https://maps.google.com/?cid=1")
        #expect(record.venue.isFavorite)

        // In the other order, OpenStreetMap's id, name, position and openNow; its maps link.
        let reversed = VenueMerger.merge([[osm], [foursquare], [google]])[0]
        #expect(reversed.venue.id == osm.id)
        #expect(reversed.sameAs == [foursquare.id, google.id])
        #expect(reversed.venue.name == "HANKO SUSHI")
        #expect(reversed.venue.rating == 4.0)
        #expect(reversed.venue.mapsURL == "https://www.openstreetmap.org/node/1")
    }

    @Test func recordsFollowTheFirstAnswerThenPlacesOnlyLaterOnesHave() {
        let google = [place(.google, "g1", "Savoy", north: 500), place(.google, "g2", "Kappeli")]
        let osm = [
            place(.osm, "1", "Pupu", east: 800), place(.osm, "2", "Kappeli", north: 10),
            place(.osm, "3", "Savoy", north: 510),
        ]
        #expect(records([google, osm]) == [["google:g1", "osm:node/3"], ["google:g2", "osm:node/2"], ["osm:node/1"]])
    }

    @Test func aVenueRepeatedInOneAnswerCountsOnce() {
        let a = place(.osm, "1", "Kappeli")
        #expect(records([[a, a], [place(.google, "g1", "Kappeli", north: 5)]]) == [["osm:node/1", "google:g1"]])
    }

    @Test func nothingInNothingOut() {
        #expect(VenueMerger.merge([]).isEmpty)
        #expect(VenueMerger.merge([[], []]).isEmpty)
    }
}
