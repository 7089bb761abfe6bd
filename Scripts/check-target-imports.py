#!/usr/bin/env python3
"""Checks that the targets import exactly what Package.swift says they depend on.

SwiftPM on Linux lets a target import any module the build has made, declared or not
(`--explicit-target-dependency-import-check error` finds nothing there: a planted import
of an undeclared target builds), so the graph in Package.swift and docs/architecture.md
would be a wish, not a wall. This makes it one, for every target but the tests:
  - an `import X` of one of this package's targets that the importing target does not
    declare is an error (a new edge must be drawn where people look for it);
  - a declared dependency on one of this package's targets that no file of the target
    imports is an error too (a stale edge makes the graph lie about what depends on what).
Run from the package root (`.ci/run` does). Exit 0 when both hold, 1 otherwise.
"""
import json
import os
import re
import subprocess
import sys

package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
targets = {t["name"]: t for t in package["targets"]}
IMPORT = re.compile(r"^\s*(?:@_exported\s+|@testable\s+)?import\s+(?:(?:struct|enum|class|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)

def module_name(target):
    return target.replace("-", "_")

by_module = {module_name(name): name for name in targets}
problems = []
for name, target in sorted(targets.items()):
    if target["type"] in ("test", "system", "plugin", "macro"):
        continue
    directory = target.get("path") or os.path.join("Sources", name)
    declared = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    imported = {}
    for folder, _, files in os.walk(directory):
        for file in files:
            if not file.endswith(".swift"):
                continue
            path = os.path.join(folder, file)
            with open(path, encoding="utf-8") as handle:
                for module in IMPORT.findall(handle.read()):
                    if module in by_module and by_module[module] != name:
                        imported.setdefault(by_module[module], path)
    for dependency, path in sorted(imported.items()):
        if dependency not in declared:
            problems.append(f"{name} imports {dependency} ({path}) but Package.swift does not declare it")
    for dependency in sorted(declared - set(imported)):
        if dependency in targets:
            problems.append(f"{name} declares {dependency} in Package.swift but no file of it imports it")

for problem in problems:
    print(f"check-target-imports: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
