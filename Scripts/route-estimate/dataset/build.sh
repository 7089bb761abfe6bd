#!/usr/bin/env bash
# Build OSRM graphs (CH and MLD) for every PBF in data/ and every profile, timing each step,
# and time how long osrm-routed takes to answer its first request.
# Output: build/<city>-<profile>-{ch,mld}/<city>.osrm.*, timings.tsv
# Usage: bash build.sh            (all cities, all profiles)
#        CITIES="helsinki" PROFILES="foot" bash build.sh
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
cd "$HERE"
OSRM_ROOT="${OSRM_ROOT:-$HERE/wheel/x/osrm}"     # unzipped osrm_bindings wheel: osrm/bin, osrm/share/profiles
BIN="$OSRM_ROOT/bin"
PROFILES_DIR="$OSRM_ROOT/share/profiles"
CITIES="${CITIES:-helsinki kotka monaco liechtenstein}"
PROFILES="${PROFILES:-foot bicycle car}"
PORT="${PORT:-5790}"
THREADS="${THREADS:-2}"

now() { date +%s.%N; }
dt() { python3 -c "import sys; print(f'{float(sys.argv[2])-float(sys.argv[1]):.2f}')" "$1" "$2"; }

# Wait until osrm-routed answers; prints seconds taken.
wait_ready() {
  local port=$1 t0=$2 lon=$3 lat=$4 prof=$5
  for _ in $(seq 1 600); do
    if curl -sf -o /dev/null "http://127.0.0.1:$port/nearest/v1/$prof/$lon,$lat"; then
      dt "$t0" "$(now)"; return 0
    fi
    sleep 0.05
  done
  echo "timeout"; return 1
}

[ -f timings.tsv ] || printf 'city\tprofile\talgo\textract_s\tprep_s\tstart_s\ttotal_s\tpbf_bytes\n' > timings.tsv
for city in $CITIES; do
  pbf="data/$city.osm.pbf"
  # centre of the header bbox, for the readiness probe
  read -r clon clat < <(osmium fileinfo -g header.boxes "$pbf" 2>/dev/null | python3 -c "
import sys,re
s=sys.stdin.read(); v=[float(x) for x in re.findall(r'-?\d+\.\d+', s)][:4]
print((v[0]+v[2])/2, (v[1]+v[3])/2)" || echo "0 0")
  for prof in $PROFILES; do
    for algo in ch mld; do
      out="build/$city-$prof-$algo"
      rm -rf "$out"; mkdir -p "$out"
      cp "$pbf" "$out/$city.osm.pbf"
      t0=$(now)
      nice "$BIN/osrm-extract" -t "$THREADS" -p "$PROFILES_DIR/$prof.lua" "$out/$city.osm.pbf" > "$out/extract.log" 2>&1
      t1=$(now)
      if [ "$algo" = ch ]; then
        nice "$BIN/osrm-contract" -t "$THREADS" "$out/$city.osrm" > "$out/contract.log" 2>&1
      else
        nice "$BIN/osrm-partition" -t "$THREADS" "$out/$city.osrm" > "$out/partition.log" 2>&1
        nice "$BIN/osrm-customize" -t "$THREADS" "$out/$city.osrm" > "$out/customize.log" 2>&1
      fi
      t2=$(now)
      "$BIN/osrm-routed" -i 127.0.0.1 -p "$PORT" -a "${algo^^}" "$out/$city.osrm" > "$out/routed.log" 2>&1 &
      pid=$!
      start=$(wait_ready "$PORT" "$t2" "$clon" "$clat" "$prof")
      kill "$pid"; wait "$pid" 2>/dev/null || true
      ext=$(dt "$t0" "$t1"); prep=$(dt "$t1" "$t2")
      total=$(python3 -c "print(f'{$ext+$prep+$start:.2f}')")
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$city" "$prof" "$algo" "$ext" "$prep" "$start" "$total" "$(stat -c %s "$pbf")" | tee -a timings.tsv
      rm -f "$out/$city.osm.pbf"
    done
  done
done
