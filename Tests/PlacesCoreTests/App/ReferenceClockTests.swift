import Foundation
import Testing
@testable import PlacesCore

@Suite("PLACES_NOW")
struct ReferenceClockTests {
    @Test func readsAnISO8601Instant() throws {
        let z = try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": "2026-11-23T10:30:00Z"]))
        let offset = try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": "2026-11-23T12:30:00+02:00"]))
        let fraction = try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": "2026-11-23T10:30:00.000Z"]))
        #expect(z?.timeIntervalSince1970 == 1_795_429_800)
        #expect(offset == z && fraction == z)
        #expect(try ReferenceClock.override(RunContext(environment: [:])) == nil)
        #expect(try ReferenceClock.override(RunContext(environment: ["PLACES_NOW": ""])) == nil)
    }

    @Test func aMalformedValueIsAConfigurationError() {
        for bad in ["now", "2026-11-23", "2026-11-23 10:30:00Z", "2026-11-23T10:30:00", "1795429800"] {
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
