#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build, and run the main job (`clonebench run`:
# the standard suite, every stressor for a few seconds, printed and stored in the database).
# Extra arguments go to `clonebench run`.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCLONEBENCH_TESTS=OFF \
  -DCLONEBENCH_UNITY_BUILD=ON >/dev/null
cmake --build build/release --target clonebench-installable -j "$(nproc)"
exec build/release/src/clonebench run "$@"
