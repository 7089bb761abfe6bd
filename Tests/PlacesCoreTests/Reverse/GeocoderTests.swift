import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesGazetteer
@testable import PlacesGeodesy
@testable import PlacesGoogle
@testable import PlacesHTTP
@testable import PlacesModel
@testable import PlacesOSM
@testable import PlacesOSMExtract
@testable import PlacesProviderKit

/// Nominatim and Google's Geocoding API over real loopback TCP against fakes built from
/// their documented answers: the request as sent, the answer as read, errors mapped, the
/// key never in a URL or a message.
@Suite("Geocoders over loopback")
struct GeocoderTests {
    static let simonkatu = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    /// Key-shaped, assembled at run time so no key-shaped literal sits in the tree.
    static let key = "AIza" + "SyFAKE-geocoding-key-0123456789abcd"

    static func http(retries: Int = 0) -> HTTPClient {
        HTTPClient(transport: URLSessionTransport(), timeout: 5, policy: RetryPolicy(retries: retries), sleep: { _ in })
    }

    @Test func nominatimReverseAsksJsonv2AndReadsTheAddress() async throws {
        let fake = try FakeNominatim()
        let notes = NoteLog()
        let found = try await NominatimGeocoder(http: Self.http(), baseURL: fake.baseURL).reverse(
            Self.simonkatu, diagnostics: notes.diagnostics)
        let request = try #require(fake.requests.first)
        #expect(fake.requests.count == 1)
        #expect(request.method == "GET" && request.path == "/reverse")
        #expect(request.query == ["lat": "60.1699", "lon": "24.9384", "format": "jsonv2", "addressdetails": "1"])
        // The usage policy: a User-Agent naming the application (and its version).
        #expect(request.header("User-Agent") == "places/\(PlacesVersion.current)")
        #expect(
            found?.address
                == StreetAddress(
                    formatted: "Simonkatu 7, 00100 Helsinki", street: "Simonkatu", housenumber: "7",
                    postcode: "00100", city: "Helsinki", countryCode: "FI"))
        #expect(found?.id == "osm:way/185401488")
        #expect(found?.coordinate == Coordinate(uncheckedLatitude: 60.169721, longitude: 24.936947))
    }

    @Test func nominatimUnableToGeocodeIsNoAddress() async throws {
        let fake = try FakeNominatim()
        let found = try await NominatimGeocoder(http: Self.http(), baseURL: fake.baseURL)
            .reverse(Coordinate(uncheckedLatitude: -70, longitude: 0), diagnostics: NoteLog().diagnostics)
        #expect(found == nil)
    }

    @Test func nominatimErrorsAreMapped() async throws {
        let rejected = try FakeNominatim { _ in .json(400, #"{"error":{"code":400,"message":"Need coordinates or OSM object to lookup."}}"#)
        }
        await #expect(throws: PlacesError.self) {
            try await NominatimGeocoder(http: Self.http(), baseURL: rejected.baseURL).reverse(
                Self.simonkatu, diagnostics: NoteLog().diagnostics)
        }
        do {
            _ = try await NominatimGeocoder(http: Self.http(), baseURL: rejected.baseURL).reverse(
                Self.simonkatu, diagnostics: NoteLog().diagnostics)
        } catch let error as PlacesError {
            guard case .requestRejected(.nominatim, let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("Need coordinates"))
        }
        let garbled = try FakeNominatim { _ in .json(200, #"{"lat": [1], "osm_id": {}}"#) }
        do {
            _ = try await NominatimGeocoder(http: Self.http(), baseURL: garbled.baseURL).reverse(
                Self.simonkatu, diagnostics: NoteLog().diagnostics)
            Issue.record("a body that is not a place must fail")
        } catch let error as PlacesError {
            guard case .badResponse(.nominatim, _) = error else { Issue.record("\(error)"); return }
        }
        let busy = try FakeNominatim { _ in .json(429, #"{"error":{"code":429,"message":"Too many requests"}}"#) }
        do {
            _ = try await NominatimGeocoder(http: Self.http(), baseURL: busy.baseURL).reverse(
                Self.simonkatu, diagnostics: NoteLog().diagnostics)
            Issue.record("a 429 must fail")
        } catch let error as PlacesError {
            guard case .rateLimited(.nominatim, _, _) = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func nominatimSearchReadsAListAndBiasesNearAPoint() async throws {
        let fake = try FakeNominatim()
        let geocoder = NominatimGeocoder(http: Self.http(), baseURL: fake.baseURL)
        let matches = try await geocoder.lookUp("Simonkatu 7, Helsinki", near: Self.simonkatu, diagnostics: NoteLog().diagnostics)
        #expect(matches.map(\.address.street) == ["Simonkatu"])
        #expect(matches.first?.id == "osm:way/185401488")
        let request = try #require(fake.requests.first)
        #expect(request.path == "/search")
        #expect(request.query["q"] == "Simonkatu 7, Helsinki")
        #expect(request.query["format"] == "jsonv2" && request.query["addressdetails"] == "1" && request.query["limit"] == "10")
        #expect(request.query["viewbox"] == "24.4384,60.6699,25.4384,59.6699")
        #expect(request.query["bounded"] == nil, "a bias, not a bound")
        #expect(try await geocoder.lookUp("Nowhere 1", near: nil, diagnostics: NoteLog().diagnostics).isEmpty)
    }

    @Test func nominatimIsPacedAtOneRequestASecond() {
        #expect(PlacesError.Service.nominatim.descriptor.requestsPerSecond == 1)
        #expect(PlacesError.Service.nominatim.descriptor.maxInFlight == .max, "paced, not limited in flight: the pace is the policy")
    }

    @Test func googleReverseSendsTheKeyInTheHeaderOnly() async throws {
        let fake = try FakeGoogleGeocoding(key: Self.key)
        let geocoder = GoogleGeocoder(http: Self.http(), baseURL: fake.baseURL, key: Self.key, locale: GoogleLocale(languageCode: "fi"))
        let found = try await geocoder.reverse(Self.simonkatu, diagnostics: NoteLog().diagnostics)
        let request = try #require(fake.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/v4/geocode/location/60.1699,24.9384")
        #expect(request.query == ["languageCode": "fi"])
        #expect(request.header("X-Goog-Api-Key") == Self.key)
        #expect(!request.target.contains(Self.key))
        #expect(request.header("X-Goog-FieldMask") == nil, "all fields come by default for this method")
        #expect(
            found?.address
                == StreetAddress(
                    formatted: "Simonkatu 7, 00100 Helsinki, Finland", street: "Simonkatu", housenumber: "7",
                    postcode: "00100", city: "Helsinki", countryCode: "FI"))
        #expect(found?.id == "google:ChIJs8VsGMsLkkYRk7e6uZ5r6Hg")
        #expect(found?.coordinate == Coordinate(uncheckedLatitude: 60.1697455, longitude: 24.9371239))
    }

    /// `location` is a google.type.LatLng: proto3 JSON leaves out a zero, so a result on the
    /// equator has no `latitude`; a result without `location` has no position at all.
    @Test func aGoogleResultOnTheEquatorHasNoLatitudeOnTheWire() throws {
        let body = Data(#"{"results":[{"placeId":"ChIJequator","location":{"longitude":9.5}},{"placeId":"ChIJnowhere"}]}"#.utf8)
        let results = try JSONDecoder().decode(GoogleGeocodeResponse.self, from: body).results ?? []
        #expect(results.map(\.coordinate) == [Coordinate(uncheckedLatitude: 0, longitude: 9.5), nil])
    }

    @Test func googleNoResultsIsNoAddress() async throws {
        let fake = try FakeGoogleGeocoding(key: Self.key)
        let found = try await GoogleGeocoder(http: Self.http(), baseURL: fake.baseURL, key: Self.key)
            .reverse(Coordinate(uncheckedLatitude: -75, longitude: 10), diagnostics: NoteLog().diagnostics)
        #expect(found == nil)
    }

    @Test func googleRejectedKeyIsAKeyErrorThatNeverShowsTheKey() async throws {
        let fake = try FakeGoogleGeocoding(key: Self.key)
        let wrong = "AIzaSyWRONG-key-that-must-not-show-000"
        do {
            _ = try await GoogleGeocoder(http: Self.http(), baseURL: fake.baseURL, key: wrong).reverse(
                Self.simonkatu, diagnostics: NoteLog().diagnostics)
            Issue.record("a rejected key must fail")
        } catch let error as PlacesError {
            guard case .apiKeyRejected(.googleGeocoding, let message) = error else { Issue.record("\(error)"); return }
            #expect(!message.contains(wrong))
            #expect(!"\(error)".contains(wrong))
        }
        do {
            _ = try await GoogleGeocoder(http: Self.http(), baseURL: fake.baseURL, key: nil).reverse(
                Self.simonkatu, diagnostics: NoteLog().diagnostics)
            Issue.record("no key must fail")
        } catch let error as PlacesError {
            #expect(error == .missingAPIKey(.googleGeocoding))
        }
        #expect(fake.requests.count == 1, "no request is sent without a key")
    }

    @Test func googleForwardGeocodesAnAddressInThePath() async throws {
        let fake = try FakeGoogleGeocoding(key: Self.key)
        let geocoder = GoogleGeocoder(http: Self.http(), baseURL: fake.baseURL, key: Self.key)
        let matches = try await geocoder.lookUp("Simonkatu 7, Helsinki", near: nil, diagnostics: NoteLog().diagnostics)
        #expect(matches.map(\.precision) == ["ROOFTOP"])
        #expect(fake.requests.first?.target == "/v4/geocode/address/Simonkatu%207%2C%20Helsinki")
        #expect(try await geocoder.lookUp("Nowhere 1", near: nil, diagnostics: NoteLog().diagnostics).isEmpty)
    }

    /// The library's front door: address, distance to it, the city, and the nearest places.
    @Test func clientReverseFromTheExtract() async throws {
        let cache = try TemporaryDirectory()
        let diagnostics = NoteLog().diagnostics
        let configuration = ProviderConfiguration(extract: ExtractSource(path: PBFFiles.helsinki, indexDirectory: cache.path))
        let osm = ProviderName.osm.descriptor
        let client = PlacesClient(
            provider: osm.make(configuration, Self.http()), diagnostics: diagnostics,
            geocoder: osm.makeGeocoder?(configuration, Self.http()))
        let answer = try await client.reverse(ReverseRequest(point: Self.simonkatu, limit: 3, cities: Gazetteer.bundled.nearestCity(to:)))
        #expect(answer.provider == .osm)
        #expect(answer.city?.name == "Helsinki")
        #expect(answer.places.count == 3)
        let distances = answer.places.compactMap(\.distanceMeters)
        #expect(distances == distances.sorted())
        let book = try OSMAddressBook.open(path: PBFFiles.helsinki, cache: VenueIndexCache(directory: cache.path), diagnostics: diagnostics)
        let nearest = try #require(try book.nearest(to: Self.simonkatu))
        #expect(answer.addressID == nearest.record.placeID)
        #expect(answer.addressDistanceMeters == nearest.meters)
        let foursquareDescriptor = ProviderName.foursquare.descriptor
        #expect(foursquareDescriptor.makeGeocoder == nil, "Foursquare has no reverse geocoder")
        let foursquare = PlacesClient(
            provider: foursquareDescriptor.make(ProviderConfiguration(key: "k", baseURL: "http://127.0.0.1:1"), Self.http()),
            diagnostics: diagnostics)
        await #expect(throws: PlacesError.self) { try await foursquare.reverse(ReverseRequest(point: Self.simonkatu)) }
    }
}
