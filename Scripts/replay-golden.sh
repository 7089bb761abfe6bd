#!/usr/bin/env bash
# Replays every scenario in Fixtures/golden with the pins of README's "Use cassettes in CI"
# recipe and compares exit status, stdout and stderr with what was recorded. No key, no
# network. Usage: Scripts/replay-golden.sh [PATH-TO-places]   (default: .build/release/places)
# Set PLACES_REPLAY_LOG=FILE to log the cassettes used, for `places cassettes unused`.
set -uo pipefail
cd "$(dirname "$0")/.."
places=${1:-.build/release/places}
export PLACES_FAVORITES_FILE="${TMPDIR:-/tmp}/places-no-favorites-$$.json"
export PLACES_NOW=2026-06-01T12:00:00Z
unset PLACES_PROVIDER PLACES_OSM_DATA PLACES_RECORD PLACES_REPLAY \
      PLACES_GOOGLE_PLACES_URL PLACES_GOOGLE_ROUTES_URL PLACES_FOURSQUARE_URL PLACES_OVERPASS_URL PLACES_OSRM_URL
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
failed=0
for scenario in Fixtures/golden/*.json; do
  name=${scenario%.json}
  mapfile -t args < <(jq -r '.arguments[]' "$scenario")
  "$places" "${args[@]}" >"$out" 2>"$err"
  code=$?
  if [ "$code" != "$(jq -r .exitCode "$scenario")" ] || ! diff -u "$name.stdout" "$out" || ! diff -u "$name.stderr" "$err"; then
    echo "FAIL ${name##*/} (exit $code)" >&2
    failed=1
  fi
done
exit $failed
