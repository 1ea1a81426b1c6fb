#pragma once
// What the running kernel's fork/exit page-table path is made of, as far as user space can tell:
// which of its functions exist out of line (/proc/kallsyms), in particular `_compound_head`, and
// which return thunk every call pays (docs/kernel.md). Pure: observations in, facts out.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kernel/kallsyms_scan.hpp"
#include "kernel/return_thunk.hpp"

namespace clonebench {

// A function of the fork/exit page-table path that `clonebench kernel` looks for.
struct WatchedFunction {
  const char* name;
  const char* role;  // where it sits on the path
};
const std::vector<WatchedFunction>& watched_functions();
std::vector<std::string> watched_function_names();

// The data symbols `clonebench kernel` looks for: the HVO static key, and init_task, which every
// kernel has, so that its presence tells whether data symbols are listed at all
// (CONFIG_KALLSYMS_ALL) and the key's absence means something (docs/kernel.md).
inline constexpr const char* kHvoKeySymbol = "hugetlb_optimize_vmemmap_key";
inline constexpr const char* kDataSentinelSymbol = "init_task";
std::vector<std::string> watched_data_symbol_names();

// What was read, before interpretation.
struct KernelPathObservation {
  std::optional<KallsymsScan> kallsyms;  // nullopt: /proc/kallsyms could not be read
  std::string kallsyms_error;            // why, when it could not
  std::optional<std::int64_t> kptr_restrict;
  bool privileged = false;  // root or CAP_SYSLOG: kptr_restrict 1 shows addresses
  std::map<std::string, std::string> vulnerabilities;  // file name -> text
};

struct KernelPathFacts {
  std::string kallsyms_access;  // "addresses" | "names-only" | "unreadable" | "empty"
  std::string kallsyms_detail;  // why, in words
  // Function name -> true (its own function) / false (not listed: inlined or absent); empty
  // when kallsyms told nothing.
  std::map<std::string, bool> out_of_line;
  std::map<std::string, std::string> listed_as;  // only where the listed name differs (clones)
  // Data symbol name -> listed or not; empty when kallsyms told nothing.
  std::map<std::string, bool> data_symbols;
  std::string compound_head;  // "out-of-line" | "inline" | "unknown"
  ReturnThunk return_thunk;
  bool operator==(const KernelPathFacts&) const = default;
};

KernelPathFacts derive_kernel_path_facts(const KernelPathObservation& observation);

// What an environment without a "kernel_path" says: nothing is known (compound_head "unknown").
KernelPathFacts unknown_kernel_path();

}  // namespace clonebench
