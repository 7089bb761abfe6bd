#!/usr/bin/env python3
"""Measures the shipped offline estimate against real routes: runs the built `places`
binary (`route-estimate --router estimate --json`) for every pair in
Fixtures/routes/osrm-routes.tsv and compares its distance and duration with OSRM's.
Prints the Markdown tables quoted in README.md, overall, by straight-line band and by area.

Usage: swift build -c release && python3 Scripts/route-estimate/measure.py [path/to/places]
(standard library only; about a minute for 1,498 runs on two cores)
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from common import BANDS, ROOT, band_of, load_routes, median, quantile, relative_errors, summary


def places_binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    for build in ("release", "debug"):
        path = os.path.join(ROOT, ".build", build, "places")
        if os.access(path, os.X_OK):
            return path
    sys.exit("no places binary: run swift build -c release first, or give its path")


def estimate(binary, r):
    out = subprocess.run(
        [binary, "route-estimate", "--from", f"{r['lat1']},{r['lon1']}", "--to", f"{r['lat2']},{r['lon2']}",
         "--mode", r["mode"], "--router", "estimate", "--json"],
        capture_output=True, text=True, check=True, env={"PATH": "/usr/bin:/bin"})
    return json.loads(out.stdout)


def row(label, s):
    return (f"| {label} | {s['n']} | {s['median']:.1%} | {s['p90']:.1%} | {s['worst']:.1%} | {s['within25']:.0%} |")


def main():
    binary = places_binary()
    routes = load_routes()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        answers = list(pool.map(lambda r: estimate(binary, r), routes))
    drift = max(abs(a["straightLineMeters"] - r["straight_m"]) for a, r in zip(answers, routes))
    print(f"{len(routes)} routes; largest difference between places' straight line and GeographicLib's: {drift:.2f} m\n")
    header = "| {} | pairs | median error | 90th percentile | worst | within 25% |\n|---|---|---|---|---|---|"
    for what, est_key, true_key in (("distance", "distanceMeters", "route_m"), ("duration", "durationSeconds", "duration_s")):
        print(f"Estimated {what} against OSRM's (relative error):\n")
        print(header.format("mode"))
        for mode in ("walk", "bike", "drive"):
            pairs = [(a, r) for a, r in zip(answers, routes) if r["mode"] == mode]
            errs = relative_errors([a[est_key] for a, _ in pairs], [r[true_key] for _, r in pairs])
            print(row(mode, summary(errs)))
        print()
    for title, stat in (("Median", median), ("90th percentile of the", lambda xs: quantile(xs, 0.9))):
        print(f"{title} distance / duration error by straight-line band (routes):\n")
        print("| mode | " + " | ".join(label for label, _, _ in BANDS) + " |")
        print("|---|" + "---|" * len(BANDS))
        for mode in ("walk", "bike", "drive"):
            cells = []
            for label, _, _ in BANDS:
                pairs = [(a, r) for a, r in zip(answers, routes) if r["mode"] == mode and band_of(r["straight_m"]) == label]
                d = stat(relative_errors([a["distanceMeters"] for a, _ in pairs], [r["route_m"] for _, r in pairs]))
                t = stat(relative_errors([a["durationSeconds"] for a, _ in pairs], [r["duration_s"] for _, r in pairs]))
                cells.append(f"{d:.1%} / {t:.1%} ({len(pairs)})")
            print(f"| {mode} | " + " | ".join(cells) + " |")
        print()
    print("Distance error by area (median):\n")
    print("| mode | " + " | ".join(sorted({r["city"] for r in routes})) + " |")
    print("|---|" + "---|" * len({r["city"] for r in routes}))
    for mode in ("walk", "bike", "drive"):
        cells = []
        for city in sorted({r["city"] for r in routes}):
            pairs = [(a, r) for a, r in zip(answers, routes) if r["mode"] == mode and r["city"] == city]
            cells.append(f"{median(relative_errors([a['distanceMeters'] for a, _ in pairs], [r['route_m'] for _, r in pairs])):.1%} ({len(pairs)})")
        print(f"| {mode} | " + " | ".join(cells) + " |")
    print()
    print("Bias (median of estimate / OSRM distance):", ", ".join(
        f"{m} {median([a['distanceMeters'] / r['route_m'] for a, r in zip(answers, routes) if r['mode'] == m]):.3f}"
        for m in ("walk", "bike", "drive")))


if __name__ == "__main__":
    main()
