#!/usr/bin/env bash
# Re-records every scenario in Fixtures/golden against the loopback fakes in
# Tests/PlacesCoreTests/Support (FakeGooglePlaces, FakeOverpass, ...), rewriting the
# exchanges under Fixtures/<service>/ and the golden stdout/stderr. No network, no key.
# Review the diff afterwards: it should change only what you meant to change.
set -euo pipefail
cd "$(dirname "$0")/.."
PLACES_UPDATE_FIXTURES=1 swift test --filter FixtureRecordingTests
swift test --filter 'FixtureRecordingTests|FixtureReplayTests'
