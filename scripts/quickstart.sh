#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build, and run the main job (`clonebench run`:
# the standard suite, every stressor for a few seconds, printed and stored in the database).
# Extra arguments go to `clonebench run`. The build's output goes to build/release/build.log
# (shown when it fails): the terminal keeps the table.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
mkdir -p build/release
log=build/release/build.log
echo "quickstart: building clonebench (about 6 minutes on 2 cores the first time; log: $log)" >&2
if ! { cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCLONEBENCH_TESTS=OFF \
  -DCLONEBENCH_UNITY_BUILD=ON &&
  cmake --build build/release --target clonebench-installable -j "$(nproc)"; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "quickstart: the build failed; the whole log is $log" >&2
  exit 1
fi
echo "quickstart: built build/release/src/clonebench; measuring (about 30 s)" >&2
exec build/release/src/clonebench run "$@"
