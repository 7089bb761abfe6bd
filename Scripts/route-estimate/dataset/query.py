#!/usr/bin/env python3
"""Generate deterministic random point pairs inside each city's bbox (outer 15% margin excluded;
both ends within 50 m of the foot network, checked with /nearest on the foot server),
route each pair with the local osrm-routed servers listed in build/servers.tsv (started by serve.sh),
and write routes.tsv (usable rows) and routes_all.tsv (every query, with a status column).

Usage: venv/bin/python query.py [--pairs-per-city 200] [--seed 20261122]
Needs: geographiclib (pip install geographiclib).
"""
import argparse
import csv
import json
import math
import random
import urllib.request

from geographiclib.geodesic import Geodesic

G = Geodesic.WGS84

# Header bounding boxes of the PBFs (osmium fileinfo -g header.boxes): min_lon, min_lat, max_lon, max_lat
BBOX = {
    "helsinki": (24.9351762, 60.164155, 24.9534145, 60.179113),
    "kotka": (26.9299999, 60.52, 26.9699999, 60.5399999),
    "monaco": (7.409205, 43.72335, 7.448637, 43.75169),
    "liechtenstein": (9.471078, 47.04774, 9.636217, 47.27128),
}
MARGIN = 0.15
MIN_D = 200.0
MAX_SNAP = 50.0


def inner_box(b):
    w, s, e, n = b
    dx, dy = (e - w) * MARGIN, (n - s) * MARGIN
    return (w + dx, s + dy, e - dx, n - dy)


def inside(box, lat, lon):
    w, s, e, n = box
    return w <= lon <= e and s <= lat <= n


def near_network(port, profile, lat, lon):
    """True if the point is within MAX_SNAP of the profile's routable network (OSRM /nearest)."""
    url = f"http://127.0.0.1:{port}/nearest/v1/{profile}/{lon:.6f},{lat:.6f}?number=1"
    with urllib.request.urlopen(url, timeout=10) as resp:
        js = json.load(resp)
    return js.get("code") == "Ok" and js["waypoints"][0]["distance"] <= MAX_SNAP


def gen_pairs(city, n, rng, near):
    """n pairs; both ends uniform over the part of the inner box within MAX_SNAP of the walkable
    network (rejection sampling with near()), straight-line distance log-uniform in [MIN_D, diagonal]."""
    box = inner_box(BBOX[city])
    w, s, e, nn = box
    dmax = G.Inverse(s, w, nn, e)["s12"]
    pairs = []
    while len(pairs) < n:
        d = math.exp(rng.uniform(math.log(MIN_D), math.log(dmax)))
        for _ in range(200):
            lat1, lon1 = round(rng.uniform(s, nn), 6), round(rng.uniform(w, e), 6)
            az = rng.uniform(-180, 180)
            r = G.Direct(lat1, lon1, az, d)
            lat2, lon2 = round(r["lat2"], 6), round(r["lon2"], 6)
            if inside(box, lat2, lon2) and near(lat1, lon1) and near(lat2, lon2):
                pairs.append((lat1, lon1, lat2, lon2))
                break
    return pairs


def route(port, profile, lat1, lon1, lat2, lon2):
    url = (f"http://127.0.0.1:{port}/route/v1/{profile}/"
           f"{lon1:.6f},{lat1:.6f};{lon2:.6f},{lat2:.6f}?overview=false")
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return json.load(resp)
    except urllib.error.HTTPError as e:  # OSRM answers 400 with a JSON body, e.g. NoRoute
        return json.load(e)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs-per-city", type=int, default=150)
    ap.add_argument("--seed", type=int, default=20261122)
    args = ap.parse_args()

    servers = {}
    with open("build/servers.tsv") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            servers[(row["city"], row["profile"])] = int(row["port"])

    cols = ["pair_id", "city", "profile", "lat1", "lon1", "lat2", "lon2", "snap1_m", "snap2_m",
            "straight_m", "straight_snapped_m", "route_m", "duration_s", "ratio", "speed_mps"]
    good = open("routes.tsv", "w", newline="")
    allf = open("routes_all.tsv", "w", newline="")
    wg = csv.writer(good, delimiter="\t", lineterminator="\n")
    wa = csv.writer(allf, delimiter="\t", lineterminator="\n")
    wg.writerow(cols)
    wa.writerow(cols + ["status"])
    for city in BBOX:
        rng = random.Random(f"{args.seed}-{city}")
        fport = servers[(city, "foot")]
        near = lambda la, lo: near_network(fport, "foot", la, lo)  # noqa: E731
        for i, (lat1, lon1, lat2, lon2) in enumerate(gen_pairs(city, args.pairs_per_city, rng, near)):
            straight = G.Inverse(lat1, lon1, lat2, lon2)["s12"]
            for profile in ("foot", "bicycle", "car"):
                port = servers[(city, profile)]
                js = route(port, profile, lat1, lon1, lat2, lon2)
                pid = f"{city}-{i:03d}"
                if js.get("code") != "Ok":
                    wa.writerow([pid, city, profile, lat1, lon1, lat2, lon2] + [""] * 8 + [js.get("code")])
                    continue
                wp = js["waypoints"]
                r = js["routes"][0]
                (slon1, slat1), (slon2, slat2) = wp[0]["location"], wp[1]["location"]
                ssn = G.Inverse(slat1, slon1, slat2, slon2)["s12"]
                row = [pid, city, profile, lat1, lon1, lat2, lon2,
                       f"{wp[0]['distance']:.1f}", f"{wp[1]['distance']:.1f}",
                       f"{straight:.1f}", f"{ssn:.1f}", f"{r['distance']:.1f}", f"{r['duration']:.1f}",
                       f"{r['distance'] / straight:.4f}",
                       f"{r['distance'] / r['duration']:.3f}" if r["duration"] > 0 else ""]
                snap_ok = wp[0]["distance"] <= MAX_SNAP and wp[1]["distance"] <= MAX_SNAP
                status = "ok" if snap_ok else "snap>50m"
                if snap_ok and r["distance"] <= 0:
                    status = "zero-route"
                wa.writerow(row + [status])
                if status == "ok":
                    wg.writerow(row)
    good.close()
    allf.close()


if __name__ == "__main__":
    main()
