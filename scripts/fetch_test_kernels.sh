#!/usr/bin/env bash
# Fetches two different Debian kernel images for the tests of `clonebench kernels` (two ABI
# versions of the 6.1 cloud kernel) with `apt-get download` and unpacks them with `dpkg-deb -x`
# into a cache outside the repository:
#   ${CLONEBENCH_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/clonebench/kernels}/<package>/
# Prints the two vmlinuz paths, one a line. Idempotent: a kernel already unpacked is not fetched
# again. Used by ./scripts/test.sh only (the quick start does not need kernel images).
set -euo pipefail

cache="${CLONEBENCH_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/clonebench/kernels}"
mkdir -p "$cache"

# The two newest ABI versions of linux-image-6.1.0-N-cloud-amd64 the archive offers (the
# archive drops old ones, so none is hard-coded).
candidates() {
  apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-cloud-amd64$' |
    awk '{print $1}' | sort -t- -k5,5n | tail -n 2
}

unpacked_image() {  # package -> path of its vmlinuz, if unpacked already
  local dir="$cache/$1"
  ls "$dir"/boot/vmlinuz-* 2>/dev/null | head -n 1
}

packages=$(candidates)
if [ "$(echo "$packages" | grep -c .)" -lt 2 ]; then
  apt-get update -qq >/dev/null 2>&1 || true
  packages=$(candidates)
fi
if [ "$(echo "$packages" | grep -c .)" -lt 2 ]; then
  echo "fetch_test_kernels: the apt archive offers fewer than two linux-image-6.1.0-N-cloud-amd64" >&2
  exit 1
fi

for package in $packages; do
  if [ -z "$(unpacked_image "$package")" ]; then
    download=$(mktemp -d "$cache/.download.XXXXXX")
    trap 'rm -rf "$download"' EXIT
    (cd "$download" && apt-get download -qq "$package" >/dev/null 2>&1) ||
      { echo "fetch_test_kernels: apt-get download $package failed" >&2; exit 1; }
    rm -rf "${cache:?}/$package.partial"
    dpkg-deb -x "$download"/*.deb "$cache/$package.partial"
    mv "$cache/$package.partial" "$cache/$package"
    rm -rf "$download"
    trap - EXIT
  fi
  unpacked_image "$package"
done
