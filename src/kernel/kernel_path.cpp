#include "kernel/kernel_path.hpp"

#include <fmt/core.h>

namespace clonebench {

const std::vector<WatchedFunction>& watched_functions() {
  static const std::vector<WatchedFunction> functions = {
      {"_compound_head", "page_folio(): a page's folio head; fork twice and exit once per PTE"},
      {"page_fixed_fake_head", "HVO fake-head test inside _compound_head"},
      {"PageHuge", "HugeTLB test of PageAnonExclusive(); out of line, callers call it"},
      {"vm_normal_page", "fork and exit: the struct page behind a PTE"},
      {"dup_mmap", "fork: copies every VMA of the parent"},
      {"anon_vma_fork", "fork: links the child into each anonymous VMA's reverse map"},
      {"copy_page_range", "fork: walks one VMA's page tables"},
      {"copy_pte_range", "fork: one page-table page"},
      {"copy_present_ptes", "fork: one present PTE, or a batch of one large folio"},
      {"folio_try_dup_anon_rmap_ptes", "fork: shares an anonymous page (PageAnonExclusive)"},
      {"unmap_page_range", "exit/munmap: walks one VMA's page tables"},
      {"zap_pte_range", "exit/munmap: one page-table page"},
      {"zap_present_ptes", "exit/munmap: one present PTE"},
      {"folio_remove_rmap_ptes", "exit/munmap: drops a page's mapping count"},
  };
  return functions;
}

std::vector<std::string> watched_function_names() {
  std::vector<std::string> names;
  for (const WatchedFunction& function : watched_functions()) {
    names.emplace_back(function.name);
  }
  return names;
}

std::vector<std::string> watched_data_symbol_names() {
  return {kHvoKeySymbol, kDataSentinelSymbol};
}

namespace {

void describe_access(const KernelPathObservation& observation, KernelPathFacts& facts) {
  const std::string restrict_text =
      observation.kptr_restrict ? fmt::format("{}", *observation.kptr_restrict) : "unknown";
  if (!observation.kallsyms) {
    facts.kallsyms_access = "unreadable";
    facts.kallsyms_detail = fmt::format(
        "/proc/kallsyms cannot be read ({}); which functions exist is unknown",
        observation.kallsyms_error.empty() ? "no reason given" : observation.kallsyms_error);
  } else if (observation.kallsyms->lines == 0) {
    facts.kallsyms_access = "empty";
    facts.kallsyms_detail =
        "/proc/kallsyms lists no symbols (a kernel without CONFIG_KALLSYMS, or a sandbox that "
        "hides them); which functions exist is unknown";
  } else if (!observation.kallsyms->addresses_visible) {
    facts.kallsyms_access = "names-only";
    facts.kallsyms_detail = fmt::format(
        "addresses hidden by kernel.kptr_restrict = {}{}; the names alone tell which functions "
        "exist, but perf cannot resolve kernel samples",
        restrict_text, observation.privileged ? "" : " for a user without CAP_SYSLOG");
  } else {
    facts.kallsyms_access = "addresses";
    facts.kallsyms_detail =
        observation.privileged
            ? fmt::format("names and addresses readable (privileged, kernel.kptr_restrict = {})",
                          restrict_text)
            : fmt::format("names and addresses readable (kernel.kptr_restrict = {})",
                          restrict_text);
  }
}

}  // namespace

KernelPathFacts derive_kernel_path_facts(const KernelPathObservation& observation) {
  KernelPathFacts facts;
  describe_access(observation, facts);
  facts.return_thunk = classify_return_thunk(observation.vulnerabilities);
  const bool known = observation.kallsyms && observation.kallsyms->lines > 0;
  if (!known) {
    facts.compound_head = "unknown";
    return facts;
  }
  for (const WatchedFunction& function : watched_functions()) {
    const auto found = observation.kallsyms->found.find(function.name);
    const bool present = found != observation.kallsyms->found.end();
    facts.out_of_line[function.name] = present;
    if (present && found->second != function.name) {
      facts.listed_as[function.name] = found->second;
    }
  }
  for (const std::string& name : watched_data_symbol_names()) {
    facts.data_symbols[name] = observation.kallsyms->data_found.contains(name);
  }
  facts.compound_head = facts.out_of_line.at("_compound_head") ? "out-of-line" : "inline";
  return facts;
}

KernelPathFacts unknown_kernel_path() {
  KernelPathFacts facts;
  facts.compound_head = "unknown";
  return facts;
}

}  // namespace clonebench
