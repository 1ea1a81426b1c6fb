#!/usr/bin/env bash
# Installs what clonebench needs to build and test, from Debian's packages, if it is missing.
# Idempotent: does nothing when everything is there.
set -euo pipefail

packages=(
  g++ cmake make pkg-config
  libfmt-dev libcli11-dev nlohmann-json3-dev libsqlite3-dev libyaml-cpp-dev zlib1g-dev
  libgtest-dev libgmock-dev
  clang-format binutils procps
  # man pages, the Debian package and the tests of both
  scdoc groff-base man-db gzip dpkg-dev file git
  clang-14 libclang-rt-14-dev sqlite3 util-linux
  linux-perf   # --profile and its tests (perf record / perf script)
  stress-ng strace  # the oracle of --workload stress-ng and its tracer (e2e tests)
  # the shared PostgreSQL store (libpq), the machine-id hash (OpenSSL), and their tests: a
  # throwaway PostgreSQL 15 cluster and the Ansible play against localhost
  libpq-dev libssl-dev postgresql-15 ansible
  libcmark-gfm-dev libcmark-gfm-extensions-dev  # report --format html renders its text
  gnuplot-nox  # report --format html draws its plots with gnuplot
  libbpf-dev bpftool llvm-14 libelf-dev  # trace: the BPF census (clang-14 compiles it)
  chromium     # the headless browser test of the HTML reports
  # `clonebench kernels` boots kernel images in QEMU; the tests' independent oracles check
  # themselves against scipy (tests/data/compare/boots/boot_level_cases.py) and statsmodels
  # (tests/data/sweep/cost_model_reference.py)
  qemu-system-x86 python3-numpy python3-scipy python3-statsmodels
)

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
