#include "kernel/kernel_path_render.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "core/word_wrap.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kWidth = 100;

std::string compound_head_sentence(const KernelReport& report) {
  const KernelPathFacts& facts = report.facts;
  if (facts.compound_head == "out-of-line") {
    return "This kernel calls _compound_head() out of line (a kernel before ef5f379de302, or a "
           "compiler that did not inline it): fork calls it twice for every populated 4 KiB page "
           "it copies (page_folio() in copy_present_ptes() and again in PageAnonExclusive()) and "
           "exit once more for every page it unmaps, so fork and clone pay a function call per "
           "page-table entry on top of the cache miss on each struct page.";
  }
  if (facts.compound_head == "inline") {
    return "This kernel has no out-of-line _compound_head(): page_folio() is inlined in the fork "
           "and exit page-table walks (ef5f379de302, Linux 6.12, or a compiler that inlined it), "
           "so fork and clone pay per populated 4 KiB page the cache miss on its struct page, the "
           "reference and map-count atomics and the PTE copy, but no call.";
  }
  return fmt::format("Whether this kernel calls _compound_head() out of line cannot be told: {}.",
                     facts.kallsyms_detail);
}

std::string rmap_sentence(const KernelReport& report) {
  const auto found = report.facts.out_of_line.find("folio_try_dup_anon_rmap_ptes");
  if (found == report.facts.out_of_line.end() || !found->second) {
    return "";
  }
  return " folio_try_dup_anon_rmap_ptes() is a function of its own too: one more call per "
         "copied page, as in the profile of the c0bff412e67b regression.";
}

std::string return_sentence(const KernelReport& report) {
  const ReturnThunk& thunk = report.facts.return_thunk;
  if (thunk.path == ReturnPath::kUnknown) {
    return " The return path is unknown (" + thunk.description + ").";
  }
  const bool out_of_line = report.facts.compound_head == "out-of-line";
  if (makes_calls_expensive(thunk.path)) {
    return fmt::format(" Here {}, so {} expensive.", thunk.description,
                       out_of_line ? "each of those calls is" : "such a call would be");
  }
  return fmt::format(" Here {}, so {} a few cycles and the struct-page misses dominate.",
                     thunk.description, out_of_line ? "each of those calls costs" : "a call costs");
}

std::string hvo_sentence(const KernelReport& report) {
  if (report.head_world.world == HeadWorld::kFakeHeadFree) {
    return " This kernel has no HVO fake heads and no HVO static key (the elimination series), "
           "so compound_head() is a branchless mask and the key cannot be switched.";
  }
  if (report.config_optimize_vmemmap && *report.config_optimize_vmemmap != "y") {
    return " CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP is not set, so _compound_head() has no "
           "fake-head test at all.";
  }
  if (!report.hvo_key_on) {
    return " Whether the HVO static key is on is unknown (" + report.hvo_key_basis + ").";
  }
  return *report.hvo_key_on
             ? " The HVO static key is on (HVO-optimized HugeTLB pages exist), so every "
               "_compound_head() also tests for a fake head."
             : " The HVO static key is off, so the fake-head test is a patched-out jump.";
}

std::string yes_no(bool value) {
  return value ? "out of line" : "not listed (inlined or absent)";
}

}  // namespace

KernelReport decide_kernel_report(KernelReport report) {
  report.head_world = decide_head_world(head_world_evidence(report));
  return report;
}

HeadWorldEvidence head_world_evidence(const KernelReport& report) {
  const KernelPathFacts& facts = report.facts;
  const auto listed = [](const std::map<std::string, bool>& names, const std::string& name) {
    const auto found = names.find(name);
    return found != names.end() && found->second;
  };
  HeadWorldEvidence evidence;
  evidence.kernel_release = report.kernel_release;
  evidence.kallsyms_listed =
      facts.kallsyms_access == "addresses" || facts.kallsyms_access == "names-only";
  evidence.data_symbols_listed = listed(facts.data_symbols, kDataSentinelSymbol);
  evidence.hvo_key_symbol = listed(facts.data_symbols, kHvoKeySymbol);
  evidence.compound_head_out_of_line = listed(facts.out_of_line, "_compound_head");
  evidence.config_optimize_vmemmap = report.config_optimize_vmemmap;
  return evidence;
}

std::string explain_fork_cost(const KernelReport& report) {
  return compound_head_sentence(report) + rmap_sentence(report) + return_sentence(report) +
         hvo_sentence(report) +
         " Threads, vfork and posix_spawn share the parent's address space (CLONE_VM) and do none "
         "of this per-page work. `clonebench model` measures what an out-of-line _compound_head() "
         "costs per entry on this CPU, with and without the return thunk; `clonebench sweep fork "
         "--rss 0,64M,256M` measures this kernel's real cost per page.";
}

std::string render_kernel_report(const KernelReport& report) {
  const KernelPathFacts& facts = report.facts;
  std::string out = fmt::format("kernel {}\n", report.kernel_release);
  out += fmt::format("_compound_head: {}\n", facts.compound_head);
  out += word_wrap(
      fmt::format("compound_head() world: {} ({})", head_world_name(report.head_world.world),
                  head_world_description(report.head_world.world)),
      kWidth);
  out += word_wrap(report.head_world.basis, kWidth, "  ");
  out += fmt::format("/proc/kallsyms: {}: {}\n", facts.kallsyms_access, facts.kallsyms_detail);
  std::size_t width = 0;
  for (const WatchedFunction& function : watched_functions()) {
    width = std::max(width, std::string_view(function.name).size());
  }
  for (const WatchedFunction& function : watched_functions()) {
    const auto found = facts.out_of_line.find(function.name);
    std::string state = found == facts.out_of_line.end() ? "unknown" : yes_no(found->second);
    if (const auto listed = facts.listed_as.find(function.name); listed != facts.listed_as.end()) {
      state += " as " + listed->second;
    }
    out += fmt::format("  {:<{}}  {:<32} {}\n", function.name, width, state, function.role);
  }
  out += fmt::format("HVO static key: {} ({})\n",
                     report.hvo_key_on ? (*report.hvo_key_on ? "on" : "off") : "unknown",
                     report.hvo_key_basis);
  out += fmt::format("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP: {}\n",
                     report.config_optimize_vmemmap.value_or("unknown (no kernel config)"));
  out += fmt::format("return thunk: {}: {}\n", facts.return_thunk.kind,
                     facts.return_thunk.description);
  for (const auto& [file, text] : facts.return_thunk.evidence) {
    out += fmt::format("  {}: {}\n", file, text);
  }
  out += "\n" + word_wrap(explain_fork_cost(report), kWidth);
  return out;
}

}  // namespace clonebench
