"""Shared helpers for the route-estimate scripts: the routes fixture and error statistics.
Python 3 standard library only."""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ROUTES = os.path.join(ROOT, "Fixtures", "routes", "osrm-routes.tsv")

# OSRM profile of each measured route -> places --mode
MODES = {"foot": "walk", "bicycle": "bike", "car": "drive"}


def load_routes(path=ROUTES):
    rows = list(csv.DictReader(open(path, newline=""), delimiter="\t"))
    for r in rows:
        for k in ("lat1", "lon1", "lat2", "lon2", "straight_m", "route_m", "duration_s"):
            r[k] = float(r[k])
        r["mode"] = MODES[r["profile"]]
    return rows


# Straight-line distance bands for the error tables (metres, lower bound inclusive).
BANDS = (("0.2–0.5 km", 0, 500), ("0.5–1 km", 500, 1_000), ("1–2 km", 1_000, 2_000),
         ("2–5 km", 2_000, 5_000), ("5–17.7 km", 5_000, 1e9))


def band_of(straight_m):
    return next(label for label, lo, hi in BANDS if lo <= straight_m < hi)


def quantile(xs, p):
    """Linear interpolation between order statistics (numpy's default)."""
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    f = int(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)


def median(xs):
    return quantile(xs, 0.5)


def relative_errors(estimates, truths):
    """|estimate - truth| / truth for each pair."""
    return [abs(e - t) / t for e, t in zip(estimates, truths)]


def summary(errors):
    return {
        "n": len(errors),
        "median": median(errors),
        "p90": quantile(errors, 0.9),
        "worst": max(errors),
        "within25": sum(e <= 0.25 for e in errors) / len(errors),
    }
