#!/usr/bin/env bash
# Lists the public types (nested ones included) of the libraries an app links, from the
# symbol graph: what an app sees of PlacesCore and PlacesGazetteer. Everything else is
# `package`. Usage: Scripts/public-types.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public > /dev/null 2>&1 || { echo "swift package dump-symbol-graph failed" >&2; exit 1; }
python3 - <<'PY'
import glob, json
kinds = {"swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias", "swift.actor"}
total = 0
for module in ["PlacesCore", "PlacesGazetteer"]:
    path = glob.glob(f".build/*/symbolgraph/{module}.symbols.json")[0]
    symbols = json.load(open(path))["symbols"]
    names = sorted(".".join(s["pathComponents"]) for s in symbols
                   if s["kind"]["identifier"] in kinds and s.get("accessLevel") == "public")
    print(f"{module}: {len(names)} public types")
    for name in names:
        print(f"  {name}")
    total += len(names)
print(f"total: {total}")
PY
