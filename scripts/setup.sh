#!/usr/bin/env bash
# Installs what clonebench needs from Debian's packages, if it is missing. Idempotent: does
# nothing when everything is there.
#   setup.sh           what building and measuring need (scripts/quickstart.sh)
#   setup.sh --tests   that, and what only the tests need (scripts/test.sh): gtest, cmark-gfm
#                      (the oracle of the report's renderers), clang for the fuzzers, stress-ng
#                      and strace for the oracle tests, a PostgreSQL cluster and Ansible for the
#                      fleet tests, chromium for the HTML reports,
#                      QEMU for `kernels`, numpy/scipy/statsmodels for the reference scripts
set -euo pipefail

packages=(
  g++ cmake make pkg-config python3
  libfmt-dev libcli11-dev nlohmann-json3-dev libsqlite3-dev libyaml-cpp-dev zlib1g-dev
  binutils procps
  scdoc groff-base man-db gzip  # the man pages, built with the tool
  linux-perf   # --profile (perf record / perf script)
  libpq-dev libssl-dev  # the shared PostgreSQL store (libpq), the machine-id hash (OpenSSL)
  gnuplot-nox  # report --format html draws its plots with gnuplot
  clang-14 llvm-14 libbpf-dev bpftool libelf-dev  # trace: the BPF census, compiled at build time
)
if [ "${1:-}" = "--tests" ]; then
  packages+=(
    libgtest-dev libgmock-dev clang-format
    libcmark-gfm-dev libcmark-gfm-extensions-dev  # the oracle of the report's Markdown and HTML
    dpkg-dev file git sqlite3 util-linux  # the Debian package and its tests
    libclang-rt-14-dev  # the libFuzzer harnesses (clang-14 is installed for trace already)
    stress-ng strace  # the oracle of --workload stress-ng and its tracer (e2e tests)
    postgresql-15 ansible  # a throwaway PostgreSQL 15 cluster; the Ansible play against localhost
    chromium     # the headless browser test of the HTML reports
    # `clonebench kernels` boots kernel images in QEMU; the tests' independent oracles check
    # themselves against scipy (tests/data/compare/boots/boot_level_cases.py) and statsmodels
    # (tests/data/sweep/cost_model_reference.py)
    qemu-system-x86 python3-numpy python3-scipy python3-statsmodels
  )
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "setup: these packages are missing and you are not root: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
