#!/usr/bin/env bash
# Benchmarks for a release build of places: start-up, and `nearby --data` on synthetic
# Overpass extracts of 10k / 100k / 1M elements, without an index (cold: the run that
# writes it; and --no-cache) and with one (warm), against jq answering the same question.
# Prints a Markdown table of medians (hyperfine) and peak resident memory (GNU time).
# Then the CPU a web query uses while it waits: Scripts/delaying-server.py answers on
# loopback after IDLE_DELAY seconds, and GNU time reports user + system CPU per wall-second;
# then one such query as a whole beside curl sending the same request.
#
# Needs hyperfine and jq (Debian: apt-get install -y hyperfine jq), /usr/bin/time, python3 and curl.
# Run it on a quiet machine: it measures wall-clock time.
#
#   Scripts/bench.sh                      # all sizes
#   SIZES="10000 100000" Scripts/bench.sh # fewer
#   SIZES="" Scripts/bench.sh             # start-up, the dense circle and search only
#   PLACES=/path/to/places Scripts/bench.sh
#
# The output scrubber has its own: Scripts/bench-scrubber.sh.
#
# Environment: SIZES, SEED (42), BENCH_DIR (/tmp/places-bench, keeps the generated files),
# RUNS (10; warm and --version runs are 5x that), JQ_RUNS (3), PLACES, SYNTH,
# IDLE_DELAY (1 s), IDLE_RUNS (3), QUERY_DELAY (0.08 s), QUERY_RUNS (20), DENSE_SIZE (1000000; 0 skips the dense circle and search),
# ROUTE_SIZE (1000000; 0 skips the search along a 200 km route),
# PBF_NODES (20000000; 0 skips the country PBF), PBF_RUNS (3), PBF_PLACE_SHARE (unset; 0.16: the
# dense country, that share of its nodes named places), AUTOCOMPLETE_SIZE (1000000; 0 skips),
# BATCH_LINES (500), BATCH_DELAY (0.05 s), BATCH_JOBS (8), CASSETTE_FILES (8000),
# REVERSE_POINTS (100000; 0 skips), REVERSE_RUNS (5), RG_VENV ($BENCH_DIR/rg-venv),
# EXTRACT_POINTS (10000; 0 skips), MAP_RUNS (20; 0 skips the map).
#
# The dense circle (issue 11): DENSE_SIZE elements all within 50 km of 60.25,25.0
# (overpass-synth --disc), `nearby --radius 50000` with no --type, the nearest 20, as the
# walk over the index, the first query (scan + index) and --no-cache; then `search golden`
# with no location on the same file (its first run writes the index with texts).
# The country PBF (issue 26): a synthetic country of PBF_NODES nodes as an OpenStreetMap PBF
# file (overpass-synth --pbf-nodes: zlib blocks, mostly the untagged nodes of ways, a few
# places in a hundred features), `nearby` (any type, the nearest 20 within 1 km) as the first
# query (read + index) and indexed, against the wall time of osmium tags-filter keeping the
# same keys (osmium-tool: apt-get install -y osmium-tool; skipped without it).
# With PBF_PLACE_SHARE (issue 37) the country is dense instead (overpass-synth
# --pbf-place-share): 0.16 makes issue 37's file, 185 MB and some 3 million places at 20M nodes,
# whose first query's peak memory the table's last column shows.
# Autocomplete (issue 27): `places autocomplete` on the synthetic extract of AUTOCOMPLETE_SIZE
# elements (the 1M one of SIZES): the first call (scan, writes the index with texts and the
# word list beside it), then per call once indexed, a keystroke's budget being 30 ms: `k`
# (the longest run of words: most names have a word in k), `kah` and `hanko s` around central
# Helsinki (nearest first), and `kah` with no location.
#
# Reverse geocoding at city level (issue 24): REVERSE_POINTS seeded points (LAT,LON lines,
# Scripts/reverse-geocoder-bench.py make) through `places reverse - --city-only`, against
# Python's reverse_geocoder (a k-d tree over GeoNames) on the same points, installed with pip
# in a throw-away virtualenv (RG_VENV) on the first run: whole runs (start, load, answer, write),
# then places' whole process and reverse_geocoder's search call alone, in turns; and one point
# (places' start-up: the gazetteer decoded and the tree built).
# Last, `places batch` against a shell loop of single `places` calls on the same BATCH_LINES
# lines: offline (the Helsinki extract), and against the loopback server answering Google
# nearby requests after BATCH_DELAY s.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES-"10000 100000 1000000"}
DENSE_SIZE=${DENSE_SIZE:-1000000}
ROUTE_SIZE=${ROUTE_SIZE:-1000000}
PBF_NODES=${PBF_NODES:-20000000}
PBF_RUNS=${PBF_RUNS:-3}
PBF_PLACE_SHARE=${PBF_PLACE_SHARE:-}
AUTOCOMPLETE_SIZE=${AUTOCOMPLETE_SIZE:-1000000}
SEED=${SEED:-42}
BENCH_DIR=${BENCH_DIR:-/tmp/places-bench}
RUNS=${RUNS:-10}
JQ_RUNS=${JQ_RUNS:-3}
# The query: restaurants within 1 km of central Helsinki, the 20 nearest (the default limit).
LAT=60.1699 LON=24.9384 RADIUS=1000

IDLE_DELAY=${IDLE_DELAY:-1}
IDLE_RUNS=${IDLE_RUNS:-3}
QUERY_DELAY=${QUERY_DELAY:-0.08}
QUERY_RUNS=${QUERY_RUNS:-20}
BATCH_LINES=${BATCH_LINES:-500}
BATCH_DELAY=${BATCH_DELAY:-0.05}
BATCH_JOBS=${BATCH_JOBS:-8}
CASSETTE_FILES=${CASSETTE_FILES:-8000}

for tool in hyperfine jq /usr/bin/time python3 curl; do
    command -v "$tool" >/dev/null || { echo "bench.sh: needs $tool (Debian: apt-get install -y hyperfine jq time python3 curl)" >&2; exit 69; }
done

if [[ -z "${PLACES:-}" ]]; then
    echo "building release (static Swift runtime)..." >&2
    swift build -c release --static-swift-stdlib --product places >&2
    swift build -c release --product overpass-synth >&2
    PLACES=.build/release/places
fi
SYNTH=${SYNTH:-$(dirname "$PLACES")/overpass-synth}

mkdir -p "$BENCH_DIR"
CACHE="$BENCH_DIR/cache"
export XDG_CACHE_HOME="$CACHE"

# Median, min, max and standard deviation in ms, and the run count, from a hyperfine export.
stats() { jq -r '.results[0] | "\(.median * 1000) \(.min * 1000) \(.max * 1000) \(.stddev * 1000) \(.times | length)"' "$1"; }

# One argument, single-quoted for hyperfine's word splitting.
quote() { printf "'%s'" "${1//\'/\'\\\'\'}"; }

# measure NAME RUNS [hyperfine options...] -- COMMAND [ARGUMENTS...]
measure() {
    local name=$1 runs=$2 options=() command=""
    shift 2
    while [[ $1 != -- ]]; do options+=("$1"); shift; done
    shift
    for word in "$@"; do command+="$(quote "$word") "; done
    hyperfine -N --style none --runs "$runs" --export-json "$BENCH_DIR/$name.json" "${options[@]}" "$command" >/dev/null
    stats "$BENCH_DIR/$name.json"
}

# Peak resident set size in MB of one run.
rss() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'; }

row() { # label median min max sd runs versus rss
    printf '| %s | %.1f ms | %.1f–%.1f ms (σ %.1f, n=%s) | %s | %s |\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8"
}

JQ_PROGRAM='def rad: . * 0.017453292519943295;
  [ .elements[]
    | select(.tags != null and (.tags.name // "") != "" and .tags.amenity == "restaurant")
    | { id: "osm:\(.type)/\(.id)", la: (.lat // .center.lat), lo: (.lon // .center.lon) }
    | select(.la != null and .lo != null)
    | . + { d: (2 * 6371008.8 * ((((.la - $lat) | rad) / 2 | sin | . * .)
              + ((.la | rad | cos) * ($lat | rad | cos) * (((.lo - $lon) | rad) / 2 | sin | . * .)) | sqrt | asin)) }
    | select(.d <= $r) ]
  | sort_by(.d) | .[:20] | map(.id)'

query=(nearby --at "$LAT,$LON" --type restaurant --radius "$RADIUS" --json)
echo "$JQ_PROGRAM" > "$BENCH_DIR/nearest.jq"
nearest_jq=(jq -c --argjson lat "$LAT" --argjson lon "$LON" --argjson r "$RADIUS" -f "$BENCH_DIR/nearest.jq")

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
echo "| benchmark | median | spread | vs | peak RSS |"
echo "| --- | --- | --- | --- | --- |"

read -r t_med t_min t_max t_sd t_n < <(measure true $((RUNS * 5)) --warmup 10 -- /bin/true)
read -r v_med v_min v_max v_sd v_n < <(measure version $((RUNS * 5)) --warmup 10 -- "$PLACES" --version)
read -r h_med h_min h_max h_sd h_n < <(measure help $((RUNS * 5)) --warmup 10 -- "$PLACES" help)
row '`/bin/true`' "$t_med" "$t_min" "$t_max" "$t_sd" "$t_n" "" "$(rss /bin/true) MB"
row '`places --version`' "$v_med" "$v_min" "$v_max" "$v_sd" "$v_n" "$(awk "BEGIN { printf \"%.1f× /bin/true\", $v_med / $t_med }")" "$(rss "$PLACES" --version) MB"
row '`places help`' "$h_med" "$h_min" "$h_max" "$h_sd" "$h_n" "$(awk "BEGIN { printf \"%.1f× /bin/true\", $h_med / $t_med }")" "$(rss "$PLACES" help) MB"

checks=()
for n in $SIZES; do
    file="$BENCH_DIR/synth-$n-seed$SEED.json"
    [[ -s "$file" ]] || "$SYNTH" --elements "$n" --seed "$SEED" > "$file"
    size=$(du -m "$file" | cut -f1)
    label="$n elements ($size MB)"
    cat "$file" > /dev/null   # into the page cache, as for every run after

    read -r c_med c_min c_max c_sd c_n < <(measure "read-$n" "$RUNS" --warmup 1 -- cat "$file")
    read -r n_med n_min n_max n_sd n_n < <(measure "nocache-$n" "$RUNS" --warmup 1 -- "$PLACES" "${query[@]}" --data "$file" --no-cache)
    read -r f_med f_min f_max f_sd f_n < <(measure "cold-$n" "$RUNS" --prepare "rm -rf $CACHE" -- "$PLACES" "${query[@]}" --data "$file")
    "$PLACES" "${query[@]}" --data "$file" > /dev/null
    read -r w_med w_min w_max w_sd w_n < <(measure "warm-$n" $((RUNS * 5)) --warmup 3 -- "$PLACES" "${query[@]}" --data "$file")
    read -r j_med j_min j_max j_sd j_n < <(measure "jq-$n" "$JQ_RUNS" -- "${nearest_jq[@]}" "$file")

    versus() { awk "BEGIN { printf \"%.0f× faster than jq\", $j_med / $1 }"; }
    row "$label: \`cat\` to /dev/null (page-cache read)" "$c_med" "$c_min" "$c_max" "$c_sd" "$c_n" "" "$(rss cat "$file") MB"
    row "$label: places, cold (scan, writes the index)" "$f_med" "$f_min" "$f_max" "$f_sd" "$f_n" "$(versus "$f_med")" "$(rm -rf "$CACHE"; rss "$PLACES" "${query[@]}" --data "$file") MB"
    row "$label: places, \`--no-cache\` (scan only)" "$n_med" "$n_min" "$n_max" "$n_sd" "$n_n" "$(versus "$n_med")" "$(rss "$PLACES" "${query[@]}" --data "$file" --no-cache) MB"
    row "$label: places, warm (indexed)" "$w_med" "$w_min" "$w_max" "$w_sd" "$w_n" "$(versus "$w_med")" "$(rss "$PLACES" "${query[@]}" --data "$file") MB"
    row "$label: jq, same nearest 20" "$j_med" "$j_min" "$j_max" "$j_sd" "$j_n" "" "$(rss "${nearest_jq[@]}" "$file") MB"

    ours=$("$PLACES" "${query[@]}" --data "$file" | jq -c 'map(.id) | sort')
    theirs=$("${nearest_jq[@]}" "$file" | jq -c sort)
    same=$(jq -n --argjson a "$ours" --argjson b "$theirs" '[$a[] | select(. as $x | $b | index($x))] | length')
    count=$(jq -n --argjson a "$ours" '$a | length')
    checks+=("$label: places found $count restaurants (of at most 20) within ${RADIUS} m; jq found $(jq -n --argjson b "$theirs" '$b | length'), $same of them the same (jq measures on a sphere, places on the WGS84 ellipsoid)")
done

# Along a route (issue 25): the ROUTE_SIZE-element synthetic extract (the same file as the
# sizes above), indexed, places within 1 km of a 200 km straight line north from Helsinki
# (--router estimate): the first 20 met (the walk stops once they are found) and the 20
# nearest the route (--sort detour: every cell along the 200 km is read).
if (( ROUTE_SIZE > 0 )); then
    file="$BENCH_DIR/synth-$ROUTE_SIZE-seed$SEED.json"
    [[ -s "$file" ]] || "$SYNTH" --elements "$ROUTE_SIZE" --seed "$SEED" > "$file"
    label="$ROUTE_SIZE elements, along a 200 km route"
    cat "$file" > /dev/null
    along=(nearby --from 60.1699,24.9384 --to 61.9637,24.9384 --json --data "$file")
    "$PLACES" "${along[@]}" > /dev/null 2>&1
    read -r a_med a_min a_max a_sd a_n < <(measure "along-first" $((RUNS * 5)) --warmup 3 -- "$PLACES" "${along[@]}")
    read -r o_med o_min o_max o_sd o_n < <(measure "along-nearest" $((RUNS * 5)) --warmup 3 -- "$PLACES" "${along[@]}" --sort detour)
    row "$label: \`nearby --from --to\` within 1 km, the first 20 met, indexed" "$a_med" "$a_min" "$a_max" "$a_sd" "$a_n" "" "$(rss "$PLACES" "${along[@]}") MB"
    row "$label: the same, the 20 nearest the route (\`--sort detour\`: every cell), indexed" "$o_med" "$o_min" "$o_max" "$o_sd" "$o_n" "" "$(rss "$PLACES" "${along[@]}" --sort detour) MB"
    checks+=("$label: printed $("$PLACES" "${along[@]}" 2>/dev/null | jq length) places, the last met $("$PLACES" "${along[@]}" 2>/dev/null | jq '.[-1].alongMeters') m along; --sort detour the farthest $("$PLACES" "${along[@]}" --sort detour 2>/dev/null | jq '.[-1].routeOffsetMeters') m off the route")
fi

if (( AUTOCOMPLETE_SIZE > 0 )); then
    file="$BENCH_DIR/synth-$AUTOCOMPLETE_SIZE-seed$SEED.json"
    [[ -s "$file" ]] || "$SYNTH" --elements "$AUTOCOMPLETE_SIZE" --seed "$SEED" > "$file"
    label="$AUTOCOMPLETE_SIZE elements ($(du -m "$file" | cut -f1) MB)"
    cat "$file" > /dev/null
    typed=(autocomplete kah --at "$LAT,$LON" --json --data "$file")
    read -r f_med f_min f_max f_sd f_n < <(measure "autocomplete-cold" 3 --prepare "rm -rf $CACHE" -- "$PLACES" "${typed[@]}")
    "$PLACES" "${typed[@]}" > /dev/null
    row "$label: \`autocomplete kah\`, first call (scan, writes the index with texts and the word list)" "$f_med" "$f_min" "$f_max" "$f_sd" "$f_n" "" "$(rm -rf "$CACHE"; rss "$PLACES" "${typed[@]}") MB"
    for words in "k" "kah" "hanko s"; do
        call=(autocomplete "$words" --at "$LAT,$LON" --json --data "$file")
        read -r w_med w_min w_max w_sd w_n < <(measure "autocomplete-$words" $((RUNS * 5)) --warmup 3 -- "$PLACES" "${call[@]}")
        row "$label: \`autocomplete '$words'\` nearest 5, per call once indexed" "$w_med" "$w_min" "$w_max" "$w_sd" "$w_n" "$(awk "BEGIN { printf \"%.0f%% of a 30 ms keystroke\", $w_med / 30 * 100 }")" "$(rss "$PLACES" "${call[@]}") MB"
    done
    plain=(autocomplete kah --json --data "$file")
    read -r w_med w_min w_max w_sd w_n < <(measure "autocomplete-nowhere" $((RUNS * 5)) --warmup 3 -- "$PLACES" "${plain[@]}")
    row "$label: \`autocomplete kah\` with no location, per call once indexed" "$w_med" "$w_min" "$w_max" "$w_sd" "$w_n" "$(awk "BEGIN { printf \"%.0f%% of a 30 ms keystroke\", $w_med / 30 * 100 }")" "$(rss "$PLACES" "${plain[@]}") MB"
    checks+=("$label: \`autocomplete kah\` printed $("$PLACES" "${typed[@]}" | jq length) predictions, the nearest $("$PLACES" "${typed[@]}" | jq '.[0].distanceMeters') m away: $("$PLACES" "${typed[@]}" | jq -r '.[0].mainText')")
fi

if (( DENSE_SIZE > 0 )); then
    file="$BENCH_DIR/dense-$DENSE_SIZE-seed$SEED.json"
    [[ -s "$file" ]] || "$SYNTH" --elements "$DENSE_SIZE" --seed "$SEED" --disc 60.25,25.0,50 > "$file"
    label="dense $DENSE_SIZE elements ($(du -m "$file" | cut -f1) MB, all within 50 km)"
    cat "$file" > /dev/null
    circle=(nearby --at 60.25,25.0 --radius 50000 --json --data "$file")
    read -r n_med n_min n_max n_sd n_n < <(measure "dense-nocache" "$RUNS" --warmup 1 -- "$PLACES" "${circle[@]}" --no-cache)
    read -r f_med f_min f_max f_sd f_n < <(measure "dense-cold" "$RUNS" --prepare "rm -rf $CACHE" -- "$PLACES" "${circle[@]}")
    "$PLACES" "${circle[@]}" > /dev/null
    read -r w_med w_min w_max w_sd w_n < <(measure "dense-warm" $((RUNS * 5)) --warmup 3 -- "$PLACES" "${circle[@]}")
    row "$label: \`nearby --radius 50000\`, nearest 20, first query (scan, writes the index)" "$f_med" "$f_min" "$f_max" "$f_sd" "$f_n" "" "$(rm -rf "$CACHE"; rss "$PLACES" "${circle[@]}") MB"
    row "$label: the same, \`--no-cache\` (scan only)" "$n_med" "$n_min" "$n_max" "$n_sd" "$n_n" "" "$(rss "$PLACES" "${circle[@]}" --no-cache) MB"
    row "$label: the same, indexed" "$w_med" "$w_min" "$w_max" "$w_sd" "$w_n" "" "$(rss "$PLACES" "${circle[@]}") MB"
    checks+=("$label: \`nearby --radius 50000\` printed $("$PLACES" "${circle[@]}" | jq length) places, the nearest $("$PLACES" "${circle[@]}" | jq '.[0].distanceMeters') m away")

    search=(search golden --json --data "$file")
    read -r s_med s_min s_max s_sd s_n < <(measure "search-cold" "$RUNS" --prepare "rm -rf $CACHE" -- "$PLACES" "${search[@]}")
    "$PLACES" "${search[@]}" > /dev/null
    read -r i_med i_min i_max i_sd i_n < <(measure "search-warm" $((RUNS * 5)) --warmup 3 -- "$PLACES" "${search[@]}")
    row "$label: \`search golden\` (no location), first query (scan, writes the index with texts)" "$s_med" "$s_min" "$s_max" "$s_sd" "$s_n" "" "$(rm -rf "$CACHE"; rss "$PLACES" "${search[@]}") MB"
    row "$label: \`search golden\` (no location), indexed" "$i_med" "$i_min" "$i_max" "$i_sd" "$i_n" "" "$(rss "$PLACES" "${search[@]}") MB"
    checks+=("$label: \`search golden\` printed $("$PLACES" "${search[@]}" | jq length) places")
fi

if (( PBF_NODES > 0 )) && command -v osmium >/dev/null; then
    if [[ -n "$PBF_PLACE_SHARE" ]]; then
        file="$BENCH_DIR/country-$PBF_NODES-share$PBF_PLACE_SHARE-seed$SEED.osm.pbf"
        [[ -s "$file" ]] || "$SYNTH" --pbf-nodes "$PBF_NODES" --pbf-place-share "$PBF_PLACE_SHARE" --seed "$SEED" > "$file"
        label="dense country PBF, $PBF_NODES nodes, $PBF_PLACE_SHARE of them places ($(du -m "$file" | cut -f1) MB)"
    else
        file="$BENCH_DIR/country-$PBF_NODES-seed$SEED.osm.pbf"
        [[ -s "$file" ]] || "$SYNTH" --pbf-nodes "$PBF_NODES" --seed "$SEED" > "$file"
        label="country PBF, $PBF_NODES nodes ($(du -m "$file" | cut -f1) MB)"
    fi
    cat "$file" > /dev/null
    country=(nearby --at "$LAT,$LON" --json --data "$file")
    filter=(osmium tags-filter "$file" nwr/amenity nwr/shop nwr/tourism nwr/leisure nwr/healthcare -o "$BENCH_DIR/country-filtered.osm.pbf" --overwrite)
    read -r o_med o_min o_max o_sd o_n < <(measure "pbf-osmium" "$PBF_RUNS" --warmup 1 -- "${filter[@]}")
    read -r f_med f_min f_max f_sd f_n < <(measure "pbf-cold" "$PBF_RUNS" --prepare "rm -rf $CACHE" -- "$PLACES" "${country[@]}")
    read -r n_med n_min n_max n_sd n_n < <(measure "pbf-nocache" "$PBF_RUNS" -- "$PLACES" "${country[@]}" --no-cache)
    "$PLACES" "${country[@]}" > /dev/null
    read -r w_med w_min w_max w_sd w_n < <(measure "pbf-warm" $((RUNS * 5)) --warmup 3 -- "$PLACES" "${country[@]}")
    osmium_times() { awk "BEGIN { printf \"%.2f× osmium tags-filter\", $1 / $o_med }"; }
    row "$label: \`osmium tags-filter\` of the five main keys" "$o_med" "$o_min" "$o_max" "$o_sd" "$o_n" "" "$(rss "${filter[@]}") MB"
    row "$label: \`nearby\`, nearest 20, first query (reads, writes the index)" "$f_med" "$f_min" "$f_max" "$f_sd" "$f_n" "$(osmium_times "$f_med")" "$(rm -rf "$CACHE"; rss "$PLACES" "${country[@]}") MB"
    row "$label: the same, \`--no-cache\` (reads only)" "$n_med" "$n_min" "$n_max" "$n_sd" "$n_n" "$(osmium_times "$n_med")" "$(rss "$PLACES" "${country[@]}" --no-cache) MB"
    row "$label: the same, indexed" "$w_med" "$w_min" "$w_max" "$w_sd" "$w_n" "" "$(rss "$PLACES" "${country[@]}") MB"
    checks+=("$label: \`nearby\` printed $("$PLACES" "${country[@]}" | jq length) places, the nearest $("$PLACES" "${country[@]}" | jq '.[0].distanceMeters') m away; osmium kept $(osmium fileinfo -e -g data.count.nodes "$BENCH_DIR/country-filtered.osm.pbf") nodes, $(osmium fileinfo -e -g data.count.ways "$BENCH_DIR/country-filtered.osm.pbf") ways, $(osmium fileinfo -e -g data.count.relations "$BENCH_DIR/country-filtered.osm.pbf") relations")
elif (( PBF_NODES > 0 )); then
    checks+=("country PBF skipped: osmium-tool is not installed (apt-get install -y osmium-tool)")
fi

# CPU while waiting on the network: each run's user + system CPU over its wall time; the run
# with the median of that ratio. Two servers: every answer after IDLE_DELAY s; and the first
# answer on each connection at once, the later ones after IDLE_DELAY s (the wait on a reused
# connection alone).
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
idle_port=$(free_port)
reuse_port=$(free_port)
python3 Scripts/delaying-server.py "$idle_port" "$IDLE_DELAY" &
idle_server=$!
python3 Scripts/delaying-server.py "$reuse_port" "$IDLE_DELAY" 0 &
reuse_server=$!
# (|| true: under set -e a failing kill of servers already stopped made the exit status 1)
trap 'kill $idle_server $reuse_server 2>/dev/null || true' EXIT
for port in "$idle_port" "$reuse_port"; do
    for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
done
idle() { # label port requests -- command...
    local label=$1 port=$2 requests=$3
    shift 4
    for _ in $(seq "$IDLE_RUNS"); do
        /usr/bin/time -f '%e %U %S' -o "$BENCH_DIR/idle.time" env PLACES_GOOGLE_PLACES_URL="http://127.0.0.1:$port" \
            PLACES_FOURSQUARE_URL="http://127.0.0.1:$port" GOOGLE_MAPS_API_KEY=bench FOURSQUARE_API_KEY=bench "$@" > /dev/null
        awk '{ printf "%f %s %f\n", ($2 + $3) / $1, $1, $2 + $3 }' "$BENCH_DIR/idle.time"
    done | sort -n | awk -v label="$label" -v n="$requests" -v delay="$IDLE_DELAY" '
        { per[NR] = $1; wall[NR] = $2; cpu[NR] = $3 }
        END { m = int((NR + 1) / 2)
              printf "| %s | %s × %s s | %.2f s | %.0f ms | %.0f ms |\n", label, n, delay, wall[m], cpu[m] * 1000, per[m] * 1000 }'
}
echo
echo "| waiting on a loopback server | answers delayed | wall | CPU (user + sys) | CPU per wall-second (median of $IDLE_RUNS) |"
echo "| --- | --- | --- | --- | --- |"
fsq=(nearby --provider foursquare --at "$LAT,$LON" --radius 5000 --limit 120 --json)
idle '`nearby --provider google`: one request, on a new connection' "$idle_port" 1 -- "$PLACES" nearby --provider google --at "$LAT,$LON" --json
idle '`nearby --provider foursquare --limit 120`: 3 pages on one connection' "$idle_port" 3 -- "$PLACES" "${fsq[@]}"
idle 'the same, the first page at once: only waits on a reused connection' "$reuse_port" 2 -- "$PLACES" "${fsq[@]}"
# POST bodies too: a Google search on a reused connection sends its body at once, so the wait is idle.
for lat in 60.1699 60.1710 60.1720; do echo "[\"nearby\",\"--provider\",\"google\",\"--at\",\"$lat,$LON\",\"--json\"]"; done > "$BENCH_DIR/idle-batch.ndjson"
idle '`batch --jobs 1`: 3 Google searches (POST) on one connection, the first at once' "$reuse_port" 2 -- "$PLACES" batch --jobs 1 "$BENCH_DIR/idle-batch.ndjson"
kill "$idle_server" "$reuse_server" 2>/dev/null

# One query as a whole, against curl sending the same request (issue 37): the server answers
# after QUERY_DELAY s (a provider's usual latency), each run on a new connection; user and system
# CPU apart, medians of QUERY_RUNS. curl starts faster than any Swift binary, so the system
# CPU is the figure to compare: what waiting costs the kernel and the process.
query_port=$(free_port)
python3 Scripts/delaying-server.py "$query_port" "$QUERY_DELAY" &
query_server=$!
trap 'kill $query_server 2>/dev/null || true' EXIT
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$query_port") 2>/dev/null && break; sleep 0.1; done
query() { # label -- command...
    local label=$1
    shift 2
    for _ in $(seq "$QUERY_RUNS"); do
        # getrusage in microseconds: GNU time rounds to 10 ms, more than the whole budget.
        # (The difference of two readings: a python3 started through a shim such as pyenv's
        # already counts the shim's children.)
        python3 -c 'import resource, subprocess, sys, time
before = resource.getrusage(resource.RUSAGE_CHILDREN)
start = time.monotonic()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
wall = time.monotonic() - start
after = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime)' "$@"
    done | awk -v label="$label" '
        { wall[NR] = $1; user[NR] = $2; sys[NR] = $3 }
        function median(a,   n, i, j, t) { n = NR; for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }; return a[int((n + 1) / 2)] }
        END { printf "| %s | %.1f ms | %.1f ms | %.1f ms |\n", label, median(wall) * 1000, median(user) * 1000, median(sys) * 1000 }'
}
echo
echo "| one Google nearby query, the server answering after $QUERY_DELAY s (median of $QUERY_RUNS) | wall | user CPU | system CPU |"
echo "| --- | --- | --- | --- |"
query '`places nearby --provider google --json`' -- env PLACES_GOOGLE_PLACES_URL="http://127.0.0.1:$query_port" GOOGLE_MAPS_API_KEY=bench \
    "$PLACES" nearby --provider google --at "$LAT,$LON" --json
query '`places --version`, for scale (start-up alone)' -- "$PLACES" --version
query '`curl` sending the same POST' -- curl -sS -X POST -H 'Content-Type: application/json' -H 'X-Goog-Api-Key: bench' \
    -H 'X-Goog-FieldMask: places.id,places.displayName,places.location' \
    --data "{\"locationRestriction\":{\"circle\":{\"center\":{\"latitude\":$LAT,\"longitude\":$LON},\"radius\":1000}},\"maxResultCount\":20}" \
    "http://127.0.0.1:$query_port/v1/places:searchNearby"
kill "$query_server" 2>/dev/null

# places batch vs a shell loop: the same lines (nearby queries on a grid over central Helsinki,
# five types), each run once; wall time and lines a second. The loop runs one process a line.
batch_port=$(free_port)
python3 Scripts/delaying-server.py "$batch_port" "$BATCH_DELAY" &
batch_server=$!
trap 'kill $batch_server 2>/dev/null || true' EXIT
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$batch_port") 2>/dev/null && break; sleep 0.1; done
awk -v n="$BATCH_LINES" 'BEGIN { split("restaurant cafe bar pub fast_food", t, " ")
    for (i = 0; i < n; i++) printf "[\"nearby\",\"--at\",\"%.4f,%.4f\",\"--type\",\"%s\",\"--limit\",\"5\"]\n", 60.15 + (i % 20) * 0.002, 24.90 + int(i / 20) * 0.003, t[i % 5 + 1] }' \
    > "$BENCH_DIR/batch.ndjson"
jq -r 'map(@sh) | join(" ")' "$BENCH_DIR/batch.ndjson" > "$BENCH_DIR/batch.args"
now() { date +%s.%N; }
batch_row() { # label -- flags for every line...
    local label=$1 start loop_s batch_s records
    shift 2
    start=$(now)
    while read -r args; do eval "\"\$PLACES\" $args --json $(printf '%q ' "$@")" > /dev/null; done < "$BENCH_DIR/batch.args"
    loop_s=$(awk "BEGIN { print $(now) - $start }")
    start=$(now)
    "$PLACES" batch "$BENCH_DIR/batch.ndjson" --jobs "$BATCH_JOBS" --qps 1000 "$@" > "$BENCH_DIR/batch.out"
    batch_s=$(awk "BEGIN { print $(now) - $start }")
    records=$(jq -s 'map(select(.exitCode == 0)) | length' "$BENCH_DIR/batch.out")
    [[ $records == "$BATCH_LINES" ]] || { echo "bench.sh: batch answered $records of $BATCH_LINES lines" >&2; exit 70; }
    awk -v label="$label" -v n="$BATCH_LINES" -v l="$loop_s" -v b="$batch_s" \
        'BEGIN { printf "| %s | %.2f s (%.0f lines/s) | %.2f s (%.0f lines/s) | %.1f× |\n", label, l, n / l, b, n / b, l / b }'
}
echo
echo "| $BATCH_LINES lines of \`nearby\` | shell loop of \`places\` | \`places batch --jobs $BATCH_JOBS --qps 1000\` | speed-up |"
echo "| --- | --- | --- | --- |"
batch_row 'offline: `--data` Helsinki extract (indexed)' -- --data Fixtures/osm/helsinki-pois.json
(export GOOGLE_MAPS_API_KEY=bench PLACES_GOOGLE_PLACES_URL="http://127.0.0.1:$batch_port"
 batch_row "Google, loopback server answering after $BATCH_DELAY s" -- --provider google)
kill "$batch_server" 2>/dev/null

REVERSE_POINTS=${REVERSE_POINTS:-100000}
REVERSE_RUNS=${REVERSE_RUNS:-5}
RG_VENV=${RG_VENV:-$BENCH_DIR/rg-venv}
if (( REVERSE_POINTS > 0 )); then
    points="$BENCH_DIR/points-$REVERSE_POINTS.csv"
    [[ -s "$points" ]] || python3 Scripts/reverse-geocoder-bench.py make "$REVERSE_POINTS" "$SEED" > "$points"
    if [[ ! -x "$RG_VENV/bin/python" ]] || ! "$RG_VENV/bin/python" -c 'import reverse_geocoder' 2>/dev/null; then
        python3 -m venv "$RG_VENV" && "$RG_VENV/bin/pip" install -q reverse_geocoder >&2
    fi
    echo
    echo "| $REVERSE_POINTS points, city level | median | spread | vs | peak RSS |"
    echo "| --- | --- | --- | --- | --- |"
    # hyperfine 1.15 has no --input: a shell redirects (its start-up, about a millisecond, counted).
    read -r p_med p_min p_max p_sd p_n < <(measure reverse-places "$REVERSE_RUNS" --output pipe -- sh -c "exec \"$PLACES\" reverse - --city-only < \"$points\"")
    read -r r_med r_min r_max r_sd r_n < <(measure reverse-rg "$REVERSE_RUNS" --output pipe -- "$RG_VENV/bin/python" Scripts/reverse-geocoder-bench.py points "$points" 1)
    read -r r2_med r2_min r2_max r2_sd r2_n < <(measure reverse-rg2 "$REVERSE_RUNS" --output pipe -- "$RG_VENV/bin/python" Scripts/reverse-geocoder-bench.py points "$points" 2)
    read -r o_med o_min o_max o_sd o_n < <(measure reverse-one 10 -- "$PLACES" reverse 60.17,24.94 --city-only)
    row '`places reverse - --city-only`, whole process' "$p_med" "$p_min" "$p_max" "$p_sd" "$p_n" \
        "$(awk "BEGIN { printf \"%.2f× reverse_geocoder\", $p_med / $r_med }")" "$(rss sh -c "exec \"$PLACES\" reverse - --city-only < \"$points\"") MB"
    row 'reverse_geocoder 1.5.1, mode=1 (one process), whole run' "$r_med" "$r_min" "$r_max" "$r_sd" "$r_n" "" \
        "$(rss "$RG_VENV/bin/python" Scripts/reverse-geocoder-bench.py points "$points" 1) MB"
    row 'reverse_geocoder 1.5.1, mode=2 (its default), whole run' "$r2_med" "$r2_min" "$r2_max" "$r2_sd" "$r2_n" "" \
        "$(rss "$RG_VENV/bin/python" Scripts/reverse-geocoder-bench.py points "$points" 2) MB"
    # Its search() call alone (after import and reading the points), which only the script can
    # time, against places' whole process (start, load, read, answer, write) timed from here:
    # the two in turns, REVERSE_RUNS times each, so both meet the same load.
    turns="$BENCH_DIR/reverse-turns.txt"
    : > "$turns"
    for ((i = 0; i < REVERSE_RUNS; i++)); do
        start=$(date +%s%N)
        "$PLACES" reverse - --city-only < "$points" > /dev/null
        end=$(date +%s%N)
        search=$("$RG_VENV/bin/python" Scripts/reverse-geocoder-bench.py points "$points" 1 2>&1 >/dev/null | sed -n 's/^search_s=//p')
        echo "$(( (end - start) / 1000 )) $search" >> "$turns"
    done
    spread() { sort -n | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.1f %.1f %.1f %d\n", m, v[1], v[NR], NR }'; }
    read -r t_med t_min t_max t_n < <(awk '{ print $1 / 1000 }' "$turns" | spread)
    read -r s_med s_min s_max s_n < <(awk '{ print $2 * 1000 }' "$turns" | spread)
    printf '| `places reverse - --city-only`, whole process, in turns with ↓ | %.1f ms | %.1f–%.1f ms (n=%s) | %s | |\n' "$t_med" "$t_min" "$t_max" "$t_n" \
        "$(awk "BEGIN { printf \"%.2f× its search() alone\", $t_med / $s_med }")"
    printf '| reverse_geocoder 1.5.1, mode=1: its search() call alone, in turns with ↑ | %.1f ms | %.1f–%.1f ms (n=%s) | | |\n' "$s_med" "$s_min" "$s_max" "$s_n"
    row '`places reverse 60.17,24.94 --city-only` (one point: start-up, tree built)' "$o_med" "$o_min" "$o_max" "$o_sd" "$o_n" "" ""
    # The same cities? reverse_geocoder's table is GeoNames' cities of 1,000 people and more,
    # places' of 15,000: the country of the nearest city is what both can agree on.
    agree=$(paste -d'|' <("$PLACES" reverse - --city-only < "$points" | jq -r '.city.countryCode') \
                        <("$RG_VENV/bin/python" Scripts/reverse-geocoder-bench.py points "$points" 1 2>/dev/null | awk -F, '{ print $NF }') \
            | awk -F'|' '$1 == $2 { n++ } END { printf "%.1f", 100 * n / NR }')
    checks+=("reverse: the nearest city's country is the same as reverse_geocoder's for $agree % of the $REVERSE_POINTS points (its table holds cities of 1,000 people and more, places' 15,000)")
fi

# Addresses and places from an extract (issue 37): EXTRACT_POINTS seeded points inside
# central Helsinki through `places reverse - --data Fixtures/osm/helsinki.osm.pbf` (the index
# and its addresses written by a first query), next to the city-only path on the same points.
EXTRACT_POINTS=${EXTRACT_POINTS:-10000}
if (( EXTRACT_POINTS > 0 )); then
    local_points="$BENCH_DIR/helsinki-points-$EXTRACT_POINTS-$SEED.csv"
    [[ -s "$local_points" ]] || python3 -c 'import random, sys
random.seed(int(sys.argv[2]))
for _ in range(int(sys.argv[1])):
    print("%.6f,%.6f" % (60.155 + random.random() * 0.03, 24.925 + random.random() * 0.035))' "$EXTRACT_POINTS" "$SEED" > "$local_points"
    extract=Fixtures/osm/helsinki.osm.pbf
    "$PLACES" reverse 60.17,24.94 --data "$extract" > /dev/null
    echo
    echo "| $EXTRACT_POINTS points in central Helsinki | median | spread | per point | peak RSS |"
    echo "| --- | --- | --- | --- | --- |"
    for how in "--data $extract" "--city-only"; do
        read -r median min max sd n < <(measure "reverse-extract-${how%% *}" "$REVERSE_RUNS" --output pipe -- sh -c "exec \"$PLACES\" reverse - $how < \"$local_points\"")
        row "\`places reverse - $how\`" "$median" "$min" "$max" "$sd" "$n" "$(awk "BEGIN { printf \"%.3f ms\", $median / $EXTRACT_POINTS }")" \
            "$(rss sh -c "exec \"$PLACES\" reverse - $how < \"$local_points\"") MB"
    done
fi

# The map (issue 35): `nearby --near Helsinki --radius 2000` on the Helsinki PBF as
# --format json and as --format svg (its streets from the street file beside the index,
# written by a first map), and the same on the JSON extract (no street data: a graticule),
# warm; the first map of the PBF (reads the file, writes the street file) against the first
# JSON query; and the SVG's size. Budgets: warm svg ≤ 150 ms, ≤ 20 ms over json without
# street data; the street file built only when a map is first asked for; ≤ 2 MB.
MAP_RUNS=${MAP_RUNS:-20}
if (( MAP_RUNS > 0 )); then
    map_cache="$BENCH_DIR/map-cache"
    echo
    echo "| map of \`nearby --near Helsinki --radius 2000\` | median | spread | vs json | peak RSS | bytes |"
    echo "| --- | --- | --- | --- | --- | --- |"
    for data in Fixtures/osm/helsinki.osm.pbf Fixtures/osm/helsinki-pois.json; do
        query=(nearby --near Helsinki --radius 2000 --data "$data")
        rm -rf "$map_cache"
        XDG_CACHE_HOME="$map_cache" "$PLACES" "${query[@]}" --format svg > /dev/null
        json_median=
        for format in json svg; do
            command=(env XDG_CACHE_HOME="$map_cache" "$PLACES" "${query[@]}" --format "$format")
            read -r median min max sd n < <(measure "map-${data##*.}-$format" "$MAP_RUNS" -- "${command[@]}")
            versus=""
            [[ -n "$json_median" ]] && versus=$(awk -v a="$median" -v b="$json_median" 'BEGIN { printf "%+.1f ms", a - b }')
            [[ -z "$json_median" ]] && json_median=$median
            bytes=$("${command[@]}" | wc -c)
            row "\`--data ${data##*/} --format $format\`, warm" "$median" "$min" "$max" "$sd" "$n" "$versus" "$(rss "${command[@]}") MB | $bytes"
        done
    done
    pbf=(nearby --near Helsinki --radius 2000 --data Fixtures/osm/helsinki.osm.pbf)
    read -r median min max sd n < <(measure "map-first-json" 5 --prepare "rm -rf $(quote "$map_cache")" -- env XDG_CACHE_HOME="$map_cache" "$PLACES" "${pbf[@]}" --format json)
    first_json=$median
    row "\`--data helsinki.osm.pbf --format json\`, first query (reads, indexes)" "$median" "$min" "$max" "$sd" "$n" "" ""
    read -r median min max sd n < <(measure "map-first-svg" 5 --prepare "rm -rf $(quote "$map_cache")" -- env XDG_CACHE_HOME="$map_cache" "$PLACES" "${pbf[@]}" --format svg)
    row "\`--data helsinki.osm.pbf --format svg\`, first map (also writes the street file)" "$median" "$min" "$max" "$sd" "$n" \
        "$(awk -v a="$median" -v b="$first_json" 'BEGIN { printf "%+.0f%%", (a / b - 1) * 100 }')" ""
fi

# cassettes upkeep at scale (issue 22): CASSETTE_FILES copies of a 1.5 KB recording, `list`
# against `check` (which reads every name and value of every file for key shapes).
rm -rf "$BENCH_DIR/cassettes" && mkdir -p "$BENCH_DIR/cassettes/osm"
recording=$(ls Fixtures/osm/*-1.json | head -1)
for ((i = 1; i <= CASSETTE_FILES; i++)); do cp "$recording" "$BENCH_DIR/cassettes/osm/$(printf '%016x' "$i")-1.json"; done
echo
echo "| $CASSETTE_FILES recordings | median | spread | per file |"
echo "| --- | --- | --- | --- |"
for verb in list check; do
    read -r median min max _ _ < <(measure "cassettes-$verb" 3 -- "$PLACES" cassettes "$verb" "$BENCH_DIR/cassettes")
    awk -v v="$verb" -v m="$median" -v lo="$min" -v hi="$max" -v n="$CASSETTE_FILES" \
        'BEGIN { printf "| `cassettes %s` | %.0f ms | %.0f–%.0f ms | %.3f ms |\n", v, m, lo, hi, m / n }'
done

echo
for check in "${checks[@]}"; do echo "- $check"; done
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo) RAM, Linux $(uname -r), $(swift --version 2>&1 | head -1)"
echo "- load average (1, 5, 15 min) at the start: $load_start; at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
