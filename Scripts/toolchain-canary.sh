#!/usr/bin/env bash
# Does this toolchain still miscompile `Task { do { return (captured, try f()) } catch { ... } }`?
# (docs/toolchain-issues.md). Prints one line and exits 0 either way: the code avoids the shape,
# so this only tells whether the workaround is still needed. Usage: Scripts/toolchain-canary.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O -o "$work/canary" Scripts/toolchain/task-tuple-miscompile.swift
printed=$("$work/canary")
if [ "$printed" = "(1, 1) (2, 2)" ]; then
    echo "toolchain canary: this compiler builds the task-tuple shape correctly"
else
    echo "toolchain canary: this compiler still miscompiles the task-tuple shape (printed $printed); keep the workaround"
fi
