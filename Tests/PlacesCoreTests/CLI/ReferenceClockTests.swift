import Foundation
import Testing

@testable import PlacesCore
@testable import PlacesModel
@testable import PlacesSupport
@testable import places_cli

@Suite("PLACES_NOW")
struct ReferenceClockTests {
    @Test func readsAnISO8601Instant() throws {
        let z = try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": "2026-11-23T10:30:00Z"]))
        let offset = try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": "2026-11-23T12:30:00+02:00"]))
        let fraction = try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": "2026-11-23T10:30:00.000Z"]))
        #expect(z?.timeIntervalSince1970 == 1_795_429_800)
        #expect(offset == z && fraction == z)
        // Agrees with Foundation's ISO 8601 reader over leap days, offsets and centuries.
        let foundation = ISO8601DateFormatter()
        for text in [
            "2024-02-29T23:59:59Z", "2000-03-01T00:00:00-05:30", "1999-12-31T23:00:00+14:00", "2100-02-28T12:00:00Z",
            "1970-01-01T00:00:00Z", "1969-07-20T20:17:40Z",
        ] {
            #expect(ReferenceClock.parse(text) == foundation.date(from: text), "\(text)")
        }
        #expect(try ReferenceClock.override(RunContext(environment: [:])) == nil)
        #expect(try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": ""])) == nil)
    }

    @Test func aMalformedValueIsAConfigurationError() {
        for bad in [
            "now", "2026-11-23", "2026-11-23 10:30:00Z", "2026-11-23T10:30:00", "1795429800", "2026-02-29T10:00:00Z",
            "2026-11-23T24:00:00Z", "2026-11-23T10:30:00Zjunk", "2026-11-23T10:30:00+2",
        ] {
            #expect(throws: PlacesError.self) { try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": bad])) }
            do {
                _ = try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": bad]))
            } catch let error as PlacesError {
                #expect(error.exitCode == 78)
                #expect(error.message.contains("PLACES_NOW"))
            } catch {}
        }
    }
}
