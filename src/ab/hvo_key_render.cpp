#include "ab/hvo_key_render.hpp"

#include <fmt/core.h>

#include "core/text_safety.hpp"

namespace clonebench {
namespace {

std::string interval_text(const SummaryInterval& ci, const char* format) {
  const auto end = [format](const std::optional<double>& value, const char* unbounded) {
    return value ? fmt::format(fmt::runtime(format), *value) : std::string(unbounded);
  };
  return fmt::format("[{}, {}]", end(ci.lo, "-inf"), end(ci.hi, "+inf"));
}

std::string effect_row(const char* name, const HvoKeyEffect& effect) {
  return fmt::format("  {:<22} {:<18} {:>+8.2f} %  {:<20} {}\n", name, printable(effect.metric),
                     effect.estimate_pct, interval_text(effect.ci_pct, "{:+.2f}"),
                     printable(effect.verdict));
}

std::string size_text(std::uint64_t bytes) {
  return bytes % (1u << 20) == 0 ? fmt::format("{}M", bytes >> 20)
                                 : fmt::format("{}K", bytes >> 10);
}

}  // namespace

std::string render_hvo_key_table(const HvoKeySummary& summary) {
  std::string out = fmt::format(
      "HVO static key (hugetlb_optimize_vmemmap_key) in situ: {}\n"
      "key on: {} HugeTLB pages of {} kB allocated with vm.hugetlb_optimize_vmemmap=1; control: "
      "the same pages with it 0; off: no HugeTLB page\n"
      "{} complete rounds, stopped by {} after {:.0f} s, seed {:#x}\n\n",
      printable(summary.spec), summary.hugetlb_pages, summary.hugetlb_page_kb, summary.rounds,
      printable(summary.stop_reason), summary.elapsed_s, summary.seed);
  out += fmt::format("  {:<22} {:<18} {:>10}  {:<20} {}\n", "B vs A (large size)", "metric",
                     "change", "95 % CI", "verdict");
  out += effect_row("key on vs off", summary.key);
  out += effect_row("control vs off", summary.control);
  out += fmt::format("  => {}\n\n", printable(summary.attribution));
  out += fmt::format(
      "ns per 4 KiB page of the parent, per operation (slope {} -> {} per round, HL, 95 % CI)\n",
      size_text(summary.small_rss_bytes), size_text(summary.large_rss_bytes));
  for (const HvoKeySlope& slope : summary.per_page) {
    const std::string note =
        slope.name == "on - off" ? "  <- cost per PTE of the fake-head test" : "";
    out += fmt::format("  {:<14} {:>9.3f} ns  {:<22} {} rounds{}\n", printable(slope.name),
                       slope.estimate_ns, interval_text(slope.ci_ns, "{:.3f}"), slope.rounds, note);
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
