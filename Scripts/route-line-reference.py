#!/usr/bin/env python3
"""Writes Tests/PlacesCoreTests/Resources/route-line-reference.tsv: for random geodesic
segments and places near them on the WGS84 ellipsoid, the distance from the place to the
segment and the distance along the segment to its nearest point; then (after a line
`# lines`) the same for lines of several segments, the nearest over all of them, by
GeographicLib alone
(Karney's Geodesic.Inverse and GeodesicLine.Position, geographiclib 2.1 from PyPI), found by
a dense scan of the segment, then bisection to 0.1 µm on the sign of the distance's
slope (the angle between the segment and the geodesic to the place). RouteLine's exact
measure is checked against it (RouteLineAccuracyTests).

    python3 -m venv /tmp/gl && /tmp/gl/bin/pip install geographiclib==2.1
    /tmp/gl/bin/python Scripts/route-line-reference.py > Tests/PlacesCoreTests/Resources/route-line-reference.tsv

Deterministic: the same seed gives the same file.
"""
import math
import random
from geographiclib.geodesic import Geodesic

G = Geodesic.WGS84
rng = random.Random(25)


def distance_to(line, t, lat, lon):
    p = line.Position(t, Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.LONG_UNROLL)
    return G.Inverse(p["lat2"], p["lon2"], lat, lon, Geodesic.DISTANCE)["s12"]


def rounded(*values):
    """The values as the file writes them (1e-10°): the reference is computed from exactly what
    the test reads, since a 1e-5 m shift of a 30 m segment's end turns it enough to move the
    foot of a place 40 km away by a centimetre."""
    return [float(f"{v:.10f}") for v in values]


def slope(line, t, lat, lon):
    p = line.Position(t, Geodesic.STANDARD | Geodesic.LONG_UNROLL)
    azi = G.Inverse(p["lat2"], p["lon2"], lat, lon)["azi1"]
    return -math.cos(math.radians(azi - p["azi2"]))


def nearest(lat1, lon1, lat2, lon2, lat, lon):
    inv = G.Inverse(lat1, lon1, lat2, lon2)
    length = inv["s12"]
    line = G.Line(lat1, lon1, inv["azi1"])
    samples = 400
    ts = [length * i / samples for i in range(samples + 1)]
    ds = [distance_to(line, t, lat, lon) for t in ts]
    i = min(range(len(ds)), key=lambda k: ds[k])
    lo, hi = ts[max(0, i - 1)], ts[min(samples, i + 1)]
    # The distance is flat at its minimum (a 1e-8 m error in it moves the minimum by
    # centimetres 50 km off), so the foot is found where its slope changes sign: the slope is
    # −cos of the angle between the line and the geodesic to the place, sharp at the foot.
    while hi - lo > 1e-7:
        mid = (lo + hi) / 2
        if slope(line, mid, lat, lon) < 0:
            lo = mid
        else:
            hi = mid
    t = (lo + hi) / 2
    best = (t, distance_to(line, t, lat, lon))
    for end in (0.0, length):
        d = distance_to(line, end, lat, lon)
        if d < best[1]:
            best = (end, d)
    return length, best


print("lat1\tlon1\tlat2\tlon2\tlat\tlon\tlength_m\talong_m\toffset_m")
# Segment lengths from 10 m to 300 km, places up to 50 km off (and beyond either end), at
# every latitude to 80°, some across the antimeridian.
for case in range(600):
    length = 10 ** rng.uniform(1, math.log10(300_000))
    lat1 = rng.uniform(-80, 80)
    lon1 = rng.uniform(-180, 180) if case % 10 else rng.choice([179.9, -179.9])
    seg = G.Direct(lat1, lon1, rng.uniform(-180, 180), length)
    lat2, lon2 = seg["lat2"], seg["lon2"]
    line = G.Line(lat1, lon1, seg["azi1"])
    at = rng.uniform(-0.3, 1.3) * length
    foot = line.Position(at, Geodesic.STANDARD | Geodesic.LONG_UNROLL)
    offset = 10 ** rng.uniform(-1, math.log10(50_000)) if case % 7 else 0.0
    side = rng.choice([-90, 90])
    place = G.Direct(foot["lat2"], foot["lon2"], foot["azi2"] + side, offset)
    lat, lon = place["lat2"], ((place["lon2"] + 180) % 360) - 180
    lat1, lon1, lat2, lon2, lat, lon = rounded(lat1, lon1, lat2, lon2, lat, lon)
    total, (t, d) = nearest(lat1, lon1, lat2, lon2, lat, lon)
    print(f"{lat1:.10f}\t{lon1:.10f}\t{lat2:.10f}\t{lon2:.10f}\t{lat:.10f}\t{lon:.10f}\t{total:.6f}\t{t:.6f}\t{d:.6f}")

# Lines of 3 to 7 points (segments of 20 m to 20 km, turning any way), places near them.
print("# lines")
print("points\tlat\tlon\tlength_m\talong_m\toffset_m")
for case in range(120):
    lat, lon = rng.uniform(-75, 75), rng.uniform(-180, 180)
    azimuth = rng.uniform(-180, 180)
    points = [(lat, lon)]
    for _ in range(rng.randint(2, 6)):
        azimuth += rng.uniform(-150, 150)
        step = G.Direct(points[-1][0], points[-1][1], azimuth, 10 ** rng.uniform(math.log10(20), math.log10(20_000)))
        points.append((step["lat2"], step["lon2"]))
    points = [tuple(rounded(*p)) for p in points]
    k = rng.randrange(len(points) - 1)
    inv = G.Inverse(*points[k], *points[k + 1])
    foot = G.Line(*points[k], inv["azi1"]).Position(rng.uniform(-0.2, 1.2) * inv["s12"], Geodesic.STANDARD)
    place = G.Direct(foot["lat2"], foot["lon2"], foot["azi2"] + rng.choice([-90, 90]), 10 ** rng.uniform(0, 4))
    plat, plon = rounded(place["lat2"], place["lon2"])
    best, walked = None, 0.0
    for a, b in zip(points, points[1:]):
        length, (t, d) = nearest(*a, *b, plat, plon)
        if best is None or d < best[1] - 1e-6:
            best = (walked + t, d)
        walked += length
    text = ";".join(f"{a:.10f},{o:.10f}" for a, o in points)
    print(f"{text}\t{plat:.10f}\t{plon:.10f}\t{walked:.6f}\t{best[0]:.6f}\t{best[1]:.6f}")
