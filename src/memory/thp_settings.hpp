#pragma once
// The kernel's per-size anonymous THP switches (multi-size THP, Linux 6.8+):
// <root>/hugepages-<N>kB/enabled, one of always | inherit | madvise | never. A folio point of a
// sweep turns its size to `always` and every other size to `never`; the values found first are
// put back exactly afterwards (thp_guard.hpp). `root` is a parameter so that tests can use a
// directory shaped like the sysfs tree.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

inline constexpr std::string_view kThpRoot = "/sys/kernel/mm/transparent_hugepage";

struct ThpSetting {
  std::string path;   // <root>/hugepages-<N>kB/enabled
  std::string value;  // the selected word, e.g. "never"
};

// The word in brackets of a sysfs choice file: "always [inherit] madvise never" -> "inherit".
// A file holding one bare word (a test tree written by write_thp_settings) gives that word.
// Throws RuntimeError otherwise.
std::string selected_choice(std::string_view text);

// The folio sizes (kB, ascending) whose anonymous allocation the kernel lets us switch: every
// hugepages-<N>kB directory with an `enabled` file (this kernel lists hugepages-8kB for shmem
// only, without one). Empty when `root` does not exist.
std::vector<std::uint64_t> anon_thp_sizes_kb(const std::string& root);

// The `enabled` value of every size in anon_thp_sizes_kb(root).
std::vector<ThpSetting> read_thp_settings(const std::string& root);

// What a folio point writes: `always` for `folio_kb`, `never` for every other size (4 KiB: all
// `never`). Throws UsageError naming --folio when the kernel has no such size.
std::vector<ThpSetting> folio_thp_settings(const std::string& root, std::uint64_t folio_kb);

// Writes each value; throws RuntimeError naming the file on the first failure.
void write_thp_settings(const std::vector<ThpSetting>& settings);

}  // namespace clonebench
