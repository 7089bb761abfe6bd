#!/usr/bin/env bash
# Start one osrm-routed (CH) per city x profile on 127.0.0.1, ports BASE_PORT.. ; writes build/servers.tsv
# Stop with: bash serve.sh stop
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"; cd "$HERE"
BIN="${OSRM_ROOT:-$HERE/wheel/x/osrm}/bin"
CITIES="${CITIES:-helsinki kotka monaco liechtenstein}"
PROFILES="${PROFILES:-foot bicycle car}"
BASE_PORT="${BASE_PORT:-5801}"
if [ "${1:-}" = stop ]; then
  [ -f build/servers.tsv ] && tail -n +2 build/servers.tsv | while IFS=$'\t' read -r c p port pid; do kill "$pid" 2>/dev/null || true; done
  rm -f build/servers.tsv; exit 0
fi
printf 'city\tprofile\tport\tpid\n' > build/servers.tsv
port=$BASE_PORT
for city in $CITIES; do for prof in $PROFILES; do
  "$BIN/osrm-routed" -i 127.0.0.1 -p "$port" -a CH -t 1 "build/$city-$prof-ch/$city.osrm" > "build/$city-$prof-ch/serve.log" 2>&1 &
  printf '%s\t%s\t%s\t%s\n' "$city" "$prof" "$port" "$!" >> build/servers.tsv
  port=$((port+1))
done; done
sleep 1; cat build/servers.tsv
