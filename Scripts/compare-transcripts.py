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
    # A test's random tokens (canary keys, fake ids: CANARY-smoke-fsq-35AE6AB0) and rates.
    (re.compile(r"\b[0-9A-F]{8}\b"), "<HEX>"),
    (re.compile(r"\b\d+(\.\d+)?/s\b"), "<RATE>/s"),
    # The writer of a pipe the binary stops reading early: whether it meets EPIPE is a race.
    (re.compile(r"(^|\n)cat: write error: Broken pipe\n"), r"\1"),
    # Wall-clock instants (a favorite's addedAt, a Retry-After's date).
    (re.compile(r"\b20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"), "<UTC>"),
]

# What is left of a random token however a test encodes it (percent-escapes, \\u escapes,
# case, reversal): a second chance for invocations that are on one side only because their
# arguments hold such a token.
LOOSE = re.compile(r"(?:%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}|[0-9A-Za-z_-])+")


def loose(text):
    return LOOSE.sub("<TOKEN>", text)


def lines_in_any_order(text):
    """Concurrent lines (a batch's notes) come in any order: compare them as a multiset."""
    return "\n".join(sorted(text.split("\n")))


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
        outcome = (run["status"], normalise(run["stdout"], roots), lines_in_any_order(normalise(run["stderr"], roots)))
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
    # Invocations on one side only, compared again with random tokens erased.
    one_sided = collections.defaultdict(lambda: ([], []))
    for key in set(before) ^ set(after):
        side = 0 if key in before else 1
        for status, out, err in (before if side == 0 else after)[key]:
            one_sided[loose(key)][side].append((status, loose(out), loose(err)))
    loosely_same = loosely_compared = 0
    for key in sorted(one_sided):
        a, b = (sorted(x) for x in one_sided[key])
        loosely_compared += min(len(a), len(b))
        loosely_same += sum((collections.Counter(a) & collections.Counter(b)).values())
        if a != b:
            differences.append((key, f"with random tokens erased: {len(a)} before, {len(b)} after", a, b))
    for key in sorted(set(before) & set(after)):
        a = sorted(before.get(key, []))
        b = sorted(after.get(key, []))
        pairs = min(len(a), len(b))
        compared += pairs
        if a == b:
            same += pairs
            continue
        matched = collections.Counter(a) & collections.Counter(b)
        same += sum(matched.values())
        differences.append((key, f"{len(a)} before, {len(b)} after", a, b))
    print(f"runs: {before_count} before, {after_count} after; {len(before)} and {len(after)} distinct invocations")
    print(f"compared {compared} runs: {same} the same, {compared - same} different")
    print(f"compared {loosely_compared} more runs whose arguments hold a random token, with the tokens erased: {loosely_same} the same")
    print(f"{len(differences)} invocations differ")
    for key, why, a, b in differences[:show]:
        print(f"--- {why}: {key[:400]}")
        for side, outcomes in (("before", a), ("after", b)):
            for status, out, err in outcomes[:2]:
                print(f"  {side}: status {status}\n    stdout: {out[:600]!r}\n    stderr: {err[:600]!r}")
    return 0 if not differences else 1


if __name__ == "__main__":
    sys.exit(main())
