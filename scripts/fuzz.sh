#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz) with clang 14, ASan and UBSan, and runs each for
# FUZZ_SECONDS (default 30) from its seed corpus, fewer when the harnesses together would take
# longer than FUZZ_BUDGET_SECONDS (default 480: CI's fuzz step stays under 8 minutes). Fails on any crash, leak or timeout; the input
# that caused it is kept in build/fuzz/findings/<harness>/. New inputs the fuzzer finds go to a
# temporary directory, so the seed corpora in the repository stay as they are.
#   ./scripts/fuzz.sh                      every harness
#   ./scripts/fuzz.sh fuzz_stress_ng_yaml  some of them
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-30}
budget=${FUZZ_BUDGET_SECONDS:-480}
dir=build/fuzz
jobs=$(nproc)

launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$dir" -DCLONEBENCH_FUZZ=ON -DCMAKE_C_COMPILER=clang-14 \
  -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=None "-DCMAKE_CXX_FLAGS=-O1 -g" \
  "${launcher[@]}" >/dev/null
cmake --build "$dir" -j "$jobs"

harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  for source in tests/fuzz/fuzz_*.cpp; do
    harnesses+=("$(basename "$source" .cpp)")
  done
fi

if [ $((seconds * ${#harnesses[@]})) -gt "$budget" ]; then
  seconds=$((budget / ${#harnesses[@]}))
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=()
for harness in "${harnesses[@]}"; do
  findings="$dir/findings/$harness"
  mkdir -p "$findings" "$work/$harness"
  seeds="tests/fuzz/corpus/$harness"
  [ -d "$seeds" ] || { echo "fuzz: $harness has no seed corpus ($seeds)" >&2; exit 1; }
  # -timeout: one input taking longer is a hang; -rss_limit_mb: so is runaway memory.
  if ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$dir/tests/fuzz/$harness" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/" \
    "$work/$harness" "$seeds" >"$findings/log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$findings/log" | grep -o '[0-9]*$')
    echo "fuzz: $harness clean (${runs:-?} inputs in ${seconds} s)"
  else
    echo "fuzz: $harness FAILED; see $findings/log" >&2
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$findings/log" | head -5 >&2 || true
    failed+=("$harness")
  fi
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: findings in ${failed[*]}" >&2
  exit 1
fi
