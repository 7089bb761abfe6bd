#!/usr/bin/env python3
"""Compares two transcripts of the binary's runs (PLACES_TRANSCRIPT, written by the test
helper Tests/PlacesCoreTests/Support/PlacesTranscript.swift): the same runs must give the
same stdout, stderr and exit status. What differs between any two runs of one binary is
normalised first: temporary paths, the repository root, loopback ports, UUIDs, process ids
in cache names, timings.

Usage: Scripts/compare-transcripts.py BEFORE.jsonl AFTER.jsonl [--show N]
Exit 0 when every run matches, 1 otherwise (the differences are listed).
"""
import collections, json, re, sys

RULES = [
    (re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"), "<UUID>"),
    (re.compile(r"(127\.0\.0\.1|localhost|\[::1\]):\d+"), r"\1:<PORT>"),
    (re.compile(r"places-tests-cache-\d+"), "places-tests-cache-<PID>"),
    (re.compile(r"/tmp/[^\s'\"\\:,)]*"), "<TMP>"),
    (re.compile(r"/var/folders/[^\s'\"\\:,)]*"), "<TMP>"),
    (re.compile(r"\b\d+(\.\d+)? ?(ms|µs|s)\b"), "<TIME>"),
]


def normalise(text, roots):
    for root in roots:
        text = text.replace(root, "<REPO>")
    for pattern, replacement in RULES:
        text = pattern.sub(replacement, text)
    return text


def load(path):
    runs = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                runs.append(json.loads(line))
    # The repository root: the directory of the Fixtures the runs name.
    roots = set()
    for run in runs:
        for word in run["args"] + list(run["env"].values()):
            match = re.match(r"(/.*?)/(Fixtures|Tests|Sources|\.build)/", word)
            if match:
                roots.add(match.group(1))
    roots = sorted(roots, key=len, reverse=True)
    keyed = collections.defaultdict(list)
    for run in runs:
        env = {k: v for k, v in run["env"].items() if k not in ("PLACES", "PLACES_BINARY")}
        key = normalise(json.dumps([run["tool"], run["args"], env], sort_keys=True), roots)
        outcome = (run["status"], normalise(run["stdout"], roots), normalise(run["stderr"], roots))
        keyed[key].append(outcome)
    return len(runs), keyed


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    show = int(sys.argv[sys.argv.index("--show") + 1]) if "--show" in sys.argv else 20
    before_count, before = load(sys.argv[1])
    after_count, after = load(sys.argv[2])
    compared = same = 0
    differences = []
    for key in sorted(set(before) | set(after)):
        a = sorted(before.get(key, []))
        b = sorted(after.get(key, []))
        if not a or not b:
            differences.append((key, "only " + ("after" if b else "before"), a or b, []))
            continue
        pairs = min(len(a), len(b))
        compared += pairs
        if a == b:
            same += pairs
            continue
        matched = collections.Counter(a) & collections.Counter(b)
        same += sum(matched.values())
        differences.append((key, f"{len(a)} before, {len(b)} after", a, b))
    print(f"runs: {before_count} before, {after_count} after; {len(before)} and {len(after)} distinct invocations")
    print(f"compared {compared} runs: {same} the same, {compared - same} different; {len(differences)} invocations differ or are on one side only")
    for key, why, a, b in differences[:show]:
        print(f"--- {why}: {key[:400]}")
        for side, outcomes in (("before", a), ("after", b)):
            for status, out, err in outcomes[:2]:
                print(f"  {side}: status {status}\n    stdout: {out[:600]!r}\n    stderr: {err[:600]!r}")
    return 0 if not differences else 1


if __name__ == "__main__":
    sys.exit(main())
