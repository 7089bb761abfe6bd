import Foundation
import Testing

/// The CI smoke test: every recorded scenario in Fixtures/golden replays through the binary
/// with no key and no network, and prints exactly what it printed when recorded.
@Suite("Fixtures: replay smoke test")
struct FixtureReplayTests {
    @Test func scenariosExist() {
        #expect(FixtureScenario.all().count >= 8)
    }

    @Test(arguments: FixtureScenario.all())
    func replaysByteForByte(_ scenario: FixtureScenario) throws {
        let r = try PlacesBinary.run(scenario.arguments, environment: FixtureScenario.offlineEnvironment)
        #expect(r.status == scenario.exitCode, "\(r)")
        #expect(r.stdout == scenario.expectedStdout, "stdout differs from Fixtures/golden/\(scenario.name).stdout")
        #expect(r.stderr == scenario.expectedStderr, "stderr differs from Fixtures/golden/\(scenario.name).stderr")
    }
}
