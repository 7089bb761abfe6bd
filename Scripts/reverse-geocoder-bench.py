#!/usr/bin/env python3
"""The other side of bench.sh's reverse row: Python's reverse_geocoder (a k-d tree over
GeoNames cities) on the same points as `places reverse - --city-only`.

    reverse-geocoder-bench.py points POINTS.csv [MODE]  # answers: one city a line (name,cc)
    reverse-geocoder-bench.py make N SEED > POINTS.csv  # N seeded points, LAT,LON lines

MODE is reverse_geocoder's (1: one process, 2: its default, several). The time of the
search alone (after import and reading the points) goes to stderr as `search_s=...`.
"""
import random
import sys
import time


def make(n, seed):
    rng = random.Random(seed)
    out = sys.stdout
    for _ in range(n):
        # Where people are: land-heavy latitudes, all longitudes, 4 decimals as a GPS log prints.
        out.write("%.4f,%.4f\n" % (rng.uniform(-56, 70), rng.uniform(-180, 180)))


def points(path, mode):
    import reverse_geocoder as rg
    with open(path) as f:
        pts = [tuple(map(float, line.split(","))) for line in f if line.strip()]
    start = time.perf_counter()
    found = rg.search(pts, mode=mode, verbose=False)
    search = time.perf_counter() - start
    sys.stdout.write("".join("%s,%s\n" % (r["name"], r["cc"]) for r in found))
    sys.stderr.write("search_s=%.3f\n" % search)


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(int(sys.argv[2]), int(sys.argv[3]))
    else:
        points(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 2)
