#include "ab/hvo_key_render.hpp"

#include <fmt/core.h>

#include <limits>

#include "ab/hvo_key_analysis.hpp"
#include "core/number_text.hpp"
#include "core/size_text.hpp"
#include "core/text_safety.hpp"
#include "core/word_wrap.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kLineWidth = 100;

// The estimate with its interval by the one number rule; an unknown end is infinite.
std::string with_interval(double estimate, const SummaryInterval& ci, std::string_view unit,
                          NumberSign sign) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  return estimate_text(estimate, ci.lo.value_or(-kInf), ci.hi.value_or(kInf), unit, sign);
}

std::string effect_row(const char* name, const HvoKeyEffect& effect) {
  return fmt::format("  {:<22} {:<18} {:<30} {}\n", name, printable(effect.metric),
                     with_interval(effect.estimate_pct, effect.ci_pct, "%", NumberSign::kAlways),
                     printable(effect.verdict));
}

// What a per-page row adds after its rounds: the pointer to the figure the experiment is for
// only when it is resolved and attributed, and otherwise why it is not one.
std::string slope_note(const HvoKeySummary& summary, const HvoKeySlope& slope) {
  if (slope.name != "on - off") {
    return "";
  }
  if (!interval_excludes_zero(slope.ci_ns)) {
    return "  (cost per PTE of the fake-head test: not resolved, its CI includes 0)";
  }
  if (summary.attribution.rfind("attributed", 0) != 0) {
    return "  (cost per PTE of the fake-head test: not attributable, see above)";
  }
  return "  <- cost per PTE of the fake-head test";
}

}  // namespace

std::string render_hvo_key_table(const HvoKeySummary& summary) {
  std::string out = fmt::format(
      "HVO static key (hugetlb_optimize_vmemmap_key) in situ: {}\n"
      "key on: {} HugeTLB pages of {} allocated with vm.hugetlb_optimize_vmemmap=1; control: "
      "the same pages with it 0; off: no HugeTLB page\n"
      "{} complete rounds, stopped by {} after {:.0f} s, seed {:#x}\n\n",
      printable(summary.spec), summary.hugetlb_pages, format_size(summary.hugetlb_page_kb * 1024),
      summary.rounds, printable(summary.stop_reason), summary.elapsed_s, summary.seed);
  out += fmt::format("  {:<22} {:<18} {:<30} {}\n", "B vs A (large size)", "metric",
                     "change [95 % CI]", "verdict");
  out += effect_row("key on vs off", summary.key);
  out += effect_row("control vs off", summary.control);
  out += word_wrap("=> " + printable(summary.attribution), kLineWidth, "  ") + "\n";
  out += fmt::format(
      "ns per 4 KiB page of the parent, per operation (slope {} -> {} per round, HL, 95 % CI)\n",
      format_size(summary.small_rss_bytes), format_size(summary.large_rss_bytes));
  for (const HvoKeySlope& slope : summary.per_page) {
    out +=
        fmt::format("  {:<14} {:<26} {} rounds{}\n", printable(slope.name),
                    with_interval(slope.estimate_ns, slope.ci_ns, "ns", NumberSign::kNegativeOnly),
                    slope.rounds, slope_note(summary, slope));
  }
  std::string discards;
  for (const HvoKeyDiscards& arm : summary.discarded) {
    discards += fmt::format("{}{} {}", discards.empty() ? "" : ", ", printable(arm.arm), arm.runs);
  }
  out += fmt::format("\nruns discarded because the key was not in its arm's state: {}\n", discards);
  for (const HvoKeyDiscards& arm : summary.discarded) {
    if (arm.runs > 0) {
      out += fmt::format("  last {} discard: {}\n", printable(arm.arm), printable(arm.last_reason));
    }
  }
  for (const std::string& warning : summary.warnings) {
    out += fmt::format("warning: {}\n", printable(warning));
  }
  return out;
}

}  // namespace clonebench
