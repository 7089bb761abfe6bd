#!/usr/bin/env python3
"""How the offline estimate's constants were chosen (Sources/PlacesCore/Routing/Estimate/
EstimateCalibration.swift), from the real OSRM routes in Fixtures/routes/osrm-routes.tsv.

Model: distance = C * straight + min(D, straight); duration = distance / speed.
For each mode and each fixed detour D on a grid, C is fitted by least absolute log error
(the geometric median of estimate/route), and judged by leave-one-city-out: fitted on
three cities, measured on the fourth. The speed is the median of route/duration.

Usage: python3 Scripts/route-estimate/calibrate.py        (standard library only)
"""
import math

from common import load_routes, median, quantile

DETOURS = (0, 50, 100, 150, 200, 300, 400)


def fit_circuity(rows, detour):
    best = None
    for i in range(0, 301):
        c = 1.0 + 0.005 * i
        loss = sum(abs(math.log((c * r["straight_m"] + min(detour, r["straight_m"])) / r["route_m"])) for r in rows)
        if best is None or loss < best[0]:
            best = (loss, c)
    return best[1]


def errors(rows, c, detour):
    return [abs(c * r["straight_m"] + min(detour, r["straight_m"]) - r["route_m"]) / r["route_m"] for r in rows]


def main():
    routes = load_routes()
    print("| mode | D m | C (all) | median err (all) | held-out-city median | held-out p90 | held-out worst |")
    print("|---|---|---|---|---|---|---|")
    for mode in ("walk", "bike", "drive"):
        rows = [r for r in routes if r["mode"] == mode]
        cities = sorted({r["city"] for r in rows})
        for detour in DETOURS:
            c = fit_circuity(rows, detour)
            held = []
            for city in cities:
                train = [r for r in rows if r["city"] != city]
                test = [r for r in rows if r["city"] == city]
                held += errors(test, fit_circuity(train, detour), detour)
            print(f"| {mode} | {detour} | {c:.3f} | {median(errors(rows, c, detour)):.3f} | {median(held):.3f} "
                  f"| {quantile(held, .9):.3f} | {max(held):.3f} |")
    print()
    print("| mode | pairs | median speed m/s (km/h) |")
    print("|---|---|---|")
    for mode in ("walk", "bike", "drive"):
        speeds = [r["route_m"] / r["duration_s"] for r in routes if r["mode"] == mode and r["duration_s"] > 0]
        v = median(speeds)
        print(f"| {mode} | {len(speeds)} | {v:.2f} ({v * 3.6:.1f}) |")


if __name__ == "__main__":
    main()
