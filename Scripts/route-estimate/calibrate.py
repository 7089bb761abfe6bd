#!/usr/bin/env python3
"""How the offline estimate's curves were chosen (Sources/PlacesCore/Routing/Estimate/
EstimateCalibration.swift), from the real OSRM routes in Fixtures/routes/osrm-routes.tsv.

Model, d being the straight line:
    route    = C(d) * d + min(D, d)
    duration = T + route / v(d)
C (circuity) and v (speed) are curves through knots, linear between knots on a log-distance
axis and flat outside them, so the estimate is continuous at every distance. D is a fixed
detour (getting onto the network, one-way streets), at most the straight line itself.

Measured knots (up to 10 km): fitted here. The objective is the one README reports: the
median relative error of distance and of duration in each straight-line band (BANDS),
summed. The search starts from the previous single constants (PREVIOUS) and gives each value
in turn (D, then the circuity and speed knots) the best point of its grid, sweeping until
nothing moves, with C non-increasing and v non-decreasing with distance. Guards, as
penalties too large to pay: in every band of at least GUARDED routes no median may get worse
than the previous constants' and no 90th percentile more than TAIL_SLACK worse, and the
median estimate/route stays within MAX_BIAS of 1; so short-trip accuracy cannot regress on
these routes. Each fit is also judged leave-one-area-out (fitted on three areas, measured on
the fourth), beside the previous method judged the same way.

Cited knots (50 km and beyond): not measured, held fixed (LONG_*; sources in README).

Usage: python3 Scripts/route-estimate/calibrate.py        (standard library only, ~2 min on 2 cores)
"""
import math

from common import BANDS, band_of, load_routes, median, quantile

# The constants before distance bands: (circuity, fixed detour m, speed km/h).
PREVIOUS = {"walk": (1.44, 0, 5.0), "bike": (1.45, 100, 12.0), "drive": (1.5, 300, 30.0)}

GUARDED = 25  # routes a band needs before the fit may not make it worse
PENALTY = 100.0  # per unit of error over a guard: larger than any gain in the objective
TAIL_SLACK = 0.02  # a band's 90th percentile may grow by 2 points at most
MAX_BIAS = 0.03  # the median estimate / route stays within 3% of 1
CIRCUITY_KNOTS = (1_000, 3_000, 10_000)
SPEED_KNOTS = (300, 1_000, 3_000, 10_000)

# Not fitted. Circuity: 1.3 (+/- 0.1) on large motorway networks (Wang et al. 2024) at
# 50 km, 1.2 from 150 km on (Newell 1980; Boston-Dallas by the fastest road is 1.15,
# Wolfram 2021). Driving: OSRM's car-profile speeds by road class, primary 65 km/h at
# 50 km, trunk 85 km/h at 150 km, motorway 90 km/h from 500 km. Cycling: OSRM's bicycle
# profile riding speed, 15 km/h, from 50 km. Walking: OSRM's foot profile, 5 km/h throughout.
LONG_CIRCUITY = ((50_000, 1.3), (150_000, 1.2))
LONG_SPEED_KMH = {"walk": (), "bike": ((50_000, 15.0),), "drive": ((50_000, 65.0), (150_000, 85.0), (500_000, 90.0))}


def curve(knots, d):
    """The value at straight line d: linear in log d between knots, flat outside them."""
    if d <= knots[0][0]:
        return knots[0][1]
    for (d0, v0), (d1, v1) in zip(knots, knots[1:]):
        if d <= d1:
            t = (math.log(d) - math.log(d0)) / (math.log(d1) - math.log(d0))
            return v0 + (v1 - v0) * t
    return knots[-1][1]


class Model:
    def __init__(self, detour, c_knots, v_knots):
        self.detour, self.c_knots, self.v_knots = detour, list(c_knots), list(v_knots)

    @classmethod
    def banded(cls, mode, detour, circuity, speed):
        """Fitted knots followed by the cited ones."""
        return cls(detour, list(zip(CIRCUITY_KNOTS, circuity)) + list(LONG_CIRCUITY),
                   list(zip(SPEED_KNOTS, speed)) + list(LONG_SPEED_KMH[mode]))

    def route(self, d):
        return curve(self.c_knots, d) * d + min(self.detour, d)

    def duration(self, d):
        return self.route(d) / (curve(self.v_knots, d) / 3.6)


def previous_model(mode):
    """The single constants of the previous release, at every distance."""
    c, detour, v = PREVIOUS[mode]
    return Model(detour, [(1, c)], [(1, v)])


def previous_fit(rows, mode):
    """The previous release's method on these rows: one circuity C by least absolute log
    error for its fixed detour D, and the routes' median speed."""
    _, detour, _ = PREVIOUS[mode]
    c = min(grid(1.0, 2.5, 0.005), key=lambda c: sum(abs(math.log((c * r["straight_m"] + min(detour, r["straight_m"])) / r["route_m"])) for r in rows))
    timed = [r for r in rows if r["duration_s"] > 0]
    v = 5.0 if mode == "walk" else median([r["route_m"] / r["duration_s"] * 3.6 for r in timed])
    return Model(detour, [(1, c)], [(1, v)])


def band_errors(rows, error):
    """Median relative error per band that has rows."""
    out = {}
    for label, _, _ in BANDS:
        es = [error(r) for r in rows if band_of(r["straight_m"]) == label]
        if es:
            out[label] = median(es)
    return out


def distance_error(model):
    return lambda r: abs(model.route(r["straight_m"]) - r["route_m"]) / r["route_m"]


def duration_error(model):
    return lambda r: abs(model.duration(r["straight_m"]) - r["duration_s"]) / r["duration_s"]


def search(rows, start, grids, build, errors, ceiling, ordered):
    """Coordinate search from start: each value in turn takes the best point of its grid
    that keeps `ordered(values)` true, sweeping until nothing moves. A point's score is the
    sum of `errors(rows, model)` plus PENALTY per unit by which it breaks a guard: a band
    median or 90th percentile over `ceiling` (the latter with TAIL_SLACK), or a median
    estimate/route further than MAX_BIAS from 1."""
    values = list(start)

    def score(vals):
        model = build(vals)
        objective = errors(rows, model)
        measured = objective | tails(rows, model)
        over = sum(max(0.0, measured[k] - ceiling[k] - (TAIL_SLACK if k[0].endswith("p90") else 0)) for k in ceiling)
        bias = median([model.route(r["straight_m"]) / r["route_m"] for r in rows])
        return sum(objective.values()) + PENALTY * (over + max(0.0, abs(bias - 1) - MAX_BIAS))

    best = score(values)
    for _ in range(20):
        moved = False
        for i, choices in enumerate(grids):
            for g in choices:
                trial = values[:i] + [g] + values[i + 1:]
                if not ordered(trial):
                    continue
                s = score(trial)
                if s < best - 1e-9:
                    values, best, moved = trial, s, True
        if not moved:
            break
    return values


def grid(lo, hi, step):
    return [round(lo + step * i, 6) for i in range(int(round((hi - lo) / step)) + 1)]


def both_errors(rows, model):
    """Band medians of the distance error and, for timed routes, of the duration error."""
    timed = [r for r in rows if r["duration_s"] > 0]
    return ({("distance", b): e for b, e in band_errors(rows, distance_error(model)).items()}
            | {("duration", b): e for b, e in band_errors(timed, duration_error(model)).items()})


def tails(rows, model):
    """Band 90th percentiles of the distance and duration errors."""
    out = {}
    timed = [r for r in rows if r["duration_s"] > 0]
    for what, sel, error in (("distance p90", rows, distance_error(model)), ("duration p90", timed, duration_error(model))):
        for label, _, _ in BANDS:
            es = [error(r) for r in sel if band_of(r["straight_m"]) == label]
            if es:
                out[(what, label)] = quantile(es, 0.9)
    return out


def guarded(rows, model):
    """The band medians and 90th percentiles the fit may not make worse: those of bands
    with at least GUARDED routes (a band of a handful of routes would pin the curve to them)."""
    counts = {b: sum(band_of(r["straight_m"]) == b for r in rows) for b, _, _ in BANDS}
    return {k: e for k, e in (both_errors(rows, model) | tails(rows, model)).items() if counts[k[1]] >= GUARDED}


def fit(rows, mode):
    """The fitted model for one mode's routes: the fixed detour D, the circuity knots
    (non-increasing with distance down to the first cited knot) and the speed knots
    (non-decreasing up to the first cited knot), searched together."""
    c0, d0, v0 = PREVIOUS[mode]
    nc, nv = len(CIRCUITY_KNOTS), len(SPEED_KNOTS)
    cited_c = LONG_CIRCUITY[0][1]
    cited_v = LONG_SPEED_KMH[mode][0][1] if LONG_SPEED_KMH[mode] else v0

    def build(v):
        return Model.banded(mode, v[0], v[1:1 + nc], v[1 + nc:])

    def ordered(v):
        c, s = v[1:1 + nc], v[1 + nc:]
        return all(a >= b for a, b in zip(c, c[1:] + [cited_c])) and all(a <= b for a, b in zip(s, s[1:] + [cited_v]))

    speed_grid = [grid(3, cited_v, 0.5)] if mode != "walk" else [[v0]]
    values = search(rows, [float(d0)] + [c0] * nc + [v0] * nv,
                    [grid(0, 400, 25)] + [grid(cited_c, 2.5, 0.01)] * nc + speed_grid * nv,
                    build, both_errors, guarded(rows, previous_model(mode)), ordered)
    return build(values)


def table(label, rows, model):
    dist = band_errors(rows, distance_error(model))
    timed = [r for r in rows if r["duration_s"] > 0]
    dur = band_errors(timed, duration_error(model))
    cells = [f"{dist[b]:.1%} / {dur[b]:.1%}" for b, _, _ in BANDS]
    overall = f"{median([distance_error(model)(r) for r in rows]):.1%} / {median([duration_error(model)(r) for r in timed]):.1%}"
    return f"| {label} | " + " | ".join(cells) + f" | {overall} |"


def held_out(rows, mode, method):
    """(route, model fitted without the route's area) for every route."""
    out = []
    for city in sorted({r["city"] for r in rows}):
        model = method([r for r in rows if r["city"] != city], mode)
        out += [(r, model) for r in rows if r["city"] == city]
    return out


def held_out_row(label, pairs):
    cells = []
    for b in [label for label, _, _ in BANDS] + [None]:
        sel = [(r, m) for r, m in pairs if b is None or band_of(r["straight_m"]) == b]
        cells.append(f"{median([distance_error(m)(r) for r, m in sel]):.1%} / "
                     f"{median([duration_error(m)(r) for r, m in sel if r['duration_s'] > 0]):.1%}")
    return f"| {label} | " + " | ".join(cells) + " |"


def main():
    routes = load_routes()
    header = "| mode | " + " | ".join(label for label, _, _ in BANDS) + " | all |\n|---|" + "---|" * (len(BANDS) + 1)
    fitted = {}
    for mode in ("walk", "bike", "drive"):
        rows = [r for r in routes if r["mode"] == mode]
        m = fitted[mode] = fit(rows, mode)
        bias = median([m.route(r["straight_m"]) / r["route_m"] for r in rows])
        print(f"{mode}: D {m.detour:g} m; circuity " + ", ".join(f"{d / 1000:g} km {v:.2f}" for d, v in m.c_knots)
              + "; speed " + ", ".join(f"{d / 1000:g} km {v:g} km/h" for d, v in m.v_knots) + f"; median estimate/route {bias:.3f}")
    print("\nMedian distance / duration error by straight-line band, in sample (previous constants, then fitted):\n")
    print(header)
    for mode in ("walk", "bike", "drive"):
        rows = [r for r in routes if r["mode"] == mode]
        print(table(f"{mode} before", rows, previous_model(mode)))
        print(table(f"{mode} after", rows, fitted[mode]))
    print("\nHeld out (fitted on three areas, measured on the fourth; the previous method, then this one), "
          "median distance / duration error:\n")
    print(header)
    for mode in ("walk", "bike", "drive"):
        rows = [r for r in routes if r["mode"] == mode]
        print(held_out_row(f"{mode} before", held_out(rows, mode, previous_fit)))
        print(held_out_row(f"{mode} after", held_out(rows, mode, fit)))


if __name__ == "__main__":
    main()
