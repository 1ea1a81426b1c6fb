#pragma once
// stress-ng's walks over the process's own mappings (/proc/self/maps): --fork-vm's madvise and
// page-in in 0.15.06, and --fork-pageout / --fork-unmap as stress-ng 0.17.08 defines them. Read
// with plain read(2) in 4 KiB steps, no stdio: the worker stays small.

#include <cstdint>
#include <string_view>

namespace clonebench {

// One line of /proc/<pid>/maps: "start-end prot offset major:minor inode [path]".
struct MapsLine {
  std::uintptr_t start = 0, end = 0;
  char protection[5] = {};
  std::uint64_t offset = 0;
  std::string_view path;  // empty for anonymous mappings
};

// false when the line is not a maps line.
bool parse_maps_line(std::string_view line, MapsLine& out) noexcept;

// The shared libraries stress-ng drops with --fork-unmap (its own; the worker has none).
bool is_stress_ng_library(std::string_view path) noexcept;

// stress_madvise_pid_all_pages(getpid(), advice) of 0.15.06: advice on every mapping, then a read
// of every page of readable ones whose path does not start with '['. As in stress-ng, an
// anonymous mapping is judged by the path of the last line that had one.
void stress_ng_madvise_all_pages(int advice) noexcept;

// stress_pagein_self(): reads every page of every readable, named mapping (not [vdso]/[vvar]) and
// writes each writable one back; a fault on the way ends the walk.
void stress_ng_page_in_self() noexcept;

// stress_fork_maps_reduce(): over executable or writable named mappings, MADV_PAGEOUT with
// `pageout`; for stress-ng's libraries MADV_DONTNEED with `drop_libraries`, or the unmapping of
// their resident pages with `unmap_libraries`.
struct MapsReduction {
  bool pageout = false;
  bool drop_libraries = false;
  bool unmap_libraries = false;
};
void stress_ng_reduce_maps(const MapsReduction& reduction) noexcept;

}  // namespace clonebench
