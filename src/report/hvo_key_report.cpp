// The report of an HVO static key experiment (hvo_key_report.hpp).

#include "report/hvo_key_report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <limits>

#include "compare/text_columns.hpp"
#include "compare/wording.hpp"
#include "core/number_text.hpp"
#include "core/text_safety.hpp"
#include "report/experiment_sections.hpp"
#include "report/markdown_text.hpp"
#include "report/report_facts.hpp"

namespace clonebench {
namespace {

constexpr NumberSign kSigned = NumberSign::kAlways;
constexpr NumberSign kPlain = NumberSign::kNegativeOnly;
constexpr double kHvoCiOpenEnd = std::numeric_limits<double>::infinity();

// A number of a row with a CI, with the digits the CI gives (core/number_text.hpp); an unbounded
// end (too few pairs) leaves three significant digits.
std::string in_ci(double value, const SummaryInterval& ci, NumberSign sign, const char* unit) {
  return number_in_interval(value, ci.lo.value_or(-kHvoCiOpenEnd), ci.hi.value_or(kHvoCiOpenEnd),
                            sign) +
         unit;
}

// "[-0.5 %, +1.3 %]" or "-0.5 % to +1.3 %" of a CI, an unbounded end as -inf or +inf.
std::string interval_text(const SummaryInterval& ci, NumberSign sign, const char* unit,
                          const char* open, const char* separator, const char* close) {
  const auto end = [&](const std::optional<double>& value, const char* unbounded) {
    return value ? in_ci(*value, ci, sign, unit) : std::string(unbounded);
  };
  return fmt::format("{}{}{}{}{}", open, end(ci.lo, "-inf"), separator, end(ci.hi, "+inf"), close);
}

struct EffectRow {
  const char* name;
  const HvoKeyEffect* effect;
};

std::vector<EffectRow> effect_rows(const HvoKeySummary& s) {
  return {{"key on vs off", &s.key}, {"control vs off", &s.control}};
}

std::string setup_sentence(const HvoKeySummary& s) {
  return fmt::format(
      "Key on: {} HugeTLB pages of {} kB allocated with vm.hugetlb_optimize_vmemmap=1; control: "
      "the same pages with it 0; off: no HugeTLB page. Each arm at {} and {}; {} complete "
      "rounds, stopped by {} after {:.0f} s.",
      s.hugetlb_pages, s.hugetlb_page_kb, cli_size(s.small_rss_bytes), cli_size(s.large_rss_bytes),
      s.rounds, printable(s.stop_reason), s.elapsed_s);
}

std::string slopes_sentence(const HvoKeySummary& s) {
  return fmt::format(
      "ns per 4 KiB page of the parent, per operation: the Hodges–Lehmann estimate of the "
      "per-round slopes from {} to {}, with its signed-rank 95% CI; \"on - off\" is the cost per "
      "PTE of the fake-head test.",
      cli_size(s.small_rss_bytes), cli_size(s.large_rss_bytes));
}

// "off 0, on 2, control 0", then the last reason of each arm that discarded any.
std::vector<std::string> discard_lines(const HvoKeySummary& s) {
  std::string counts;
  for (const HvoKeyDiscards& arm : s.discarded) {
    counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", printable(arm.arm), arm.runs);
  }
  std::vector<std::string> lines = {"runs discarded because the key was not in its arm's state: " +
                                    counts};
  for (const HvoKeyDiscards& arm : s.discarded) {
    if (arm.runs > 0) {
      lines.push_back(
          fmt::format("last {} discard: {}", printable(arm.arm), printable(arm.last_reason)));
    }
  }
  return lines;
}

}  // namespace

std::string hvo_key_command(const HvoKeySummary& summary) {
  // In hex, as the preset printed it (--seed takes either form).
  return fmt::format("sudo clonebench ab --preset hvo-key {} --seed {:#x}",
                     quoted(printable(summary.spec)), summary.seed);
}

Blocks hvo_key_section(const Experiment& experiment, const HvoKeySummary& s) {
  std::vector<std::vector<Inlines>> effects;
  for (const auto& [name, effect] : effect_rows(s)) {
    effects.push_back({{words(name)},
                       {text(effect->metric)},
                       {words(in_ci(effect->estimate_pct, effect->ci_pct, kSigned, " %"))},
                       {words(interval_text(effect->ci_pct, kSigned, " %", "[", ", ", "]"))},
                       {words(p_column(effect->p))},
                       {words(std::to_string(effect->pairs))},
                       {text(effect->verdict)}});
  }
  std::vector<std::vector<Inlines>> slopes;
  for (const HvoKeySlope& slope : s.per_page) {
    slopes.push_back({{text(slope.name)},
                      {words(in_ci(slope.estimate_ns, slope.ci_ns, kPlain, ""))},
                      {words(interval_text(slope.ci_ns, kPlain, "", "[", ", ", "]"))},
                      {words(std::to_string(slope.rounds))}});
  }
  BulletList notes;
  for (const std::string& line : discard_lines(s)) {
    notes.items.push_back({text(line)});
  }
  for (const std::string& warning : s.warnings) {
    notes.items.push_back({words("warning: "), text(warning)});
  }
  return {experiment_heading("HVO static key experiment", experiment),
          CodeBlock{hvo_key_command(s)},
          Paragraph{{text(setup_sentence(s))}},
          aligned_table({"B vs A (" + cli_size(s.large_rss_bytes) + ")", "metric", "Δ", "95% CI",
                         "p", "pairs", "verdict"},
                        std::move(effects)),
          Paragraph{{strong(s.attribution)}},
          Paragraph{{words(slopes_sentence(s))}},
          aligned_table({"slope", "ns per page", "95% CI", "rounds"}, std::move(slopes)),
          std::move(notes)};
}

std::string hvo_key_sru_report(const HvoKeySummary& s) {
  std::string out =
      "[Test Plan]\n\nOn each kernel, as root, switch the HVO static key at run time and measure "
      "the three arms in randomized rounds on one boot (the preset restores the HugeTLB "
      "settings; the seed repeats the orders):\n\n    " +
      hvo_key_command(s) + "\n\n[Test Results]\n\n" + setup_sentence(s) + "\n\n";
  std::vector<std::vector<std::string>> effects = {{"B vs A (" + cli_size(s.large_rss_bytes) + ")",
                                                    "metric", "change", "95% CI", "p", "pairs",
                                                    "verdict"}};
  for (const auto& [name, effect] : effect_rows(s)) {
    effects.push_back({name, printable(effect->metric),
                       in_ci(effect->estimate_pct, effect->ci_pct, kSigned, " %"),
                       interval_text(effect->ci_pct, kSigned, " %", "", " to ", ""),
                       p_column(effect->p), std::to_string(effect->pairs),
                       printable(effect->verdict)});
  }
  out += render_columns(effects, {false, false, true, true, true, true, false}, "  ") + "\n";
  out += "Attribution: " + printable(s.attribution) + "\n\n" + slopes_sentence(s) + "\n\n";
  std::vector<std::vector<std::string>> slopes = {{"slope", "ns per page", "95% CI", "rounds"}};
  for (const HvoKeySlope& slope : s.per_page) {
    slopes.push_back({printable(slope.name), in_ci(slope.estimate_ns, slope.ci_ns, kPlain, ""),
                      interval_text(slope.ci_ns, kPlain, "", "", " to ", ""),
                      std::to_string(slope.rounds)});
  }
  out += render_columns(slopes, {false, true, true, true}, "  ") + "\n";
  for (const std::string& line : discard_lines(s)) {
    out += line + "\n";
  }
  for (const std::string& warning : s.warnings) {
    out += "Warning: " + printable(warning) + "\n";
  }
  return out;
}

void hvo_key_plots(ScriptBuilder& builder, const HvoKeySummary& s) {
  std::string effects, tics;
  double low = 0, high = 0;
  const std::vector<EffectRow> rows = effect_rows(s);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const HvoKeyEffect& effect = *rows[i].effect;
    const double lo = effect.ci_pct.lo.value_or(effect.estimate_pct);
    const double hi = effect.ci_pct.hi.value_or(effect.estimate_pct);
    effects += fmt::format("{} {} {} {}\n", i, num(effect.estimate_pct), num(lo), num(hi));
    tics += fmt::format("{}'{}' {}", i == 0 ? "" : ", ", rows[i].name, i);
    low = std::min({low, lo, effect.estimate_pct});
    high = std::max({high, hi, effect.estimate_pct});
  }
  builder.begin("HVO static key: change of " + cli_size(s.large_rss_bytes) +
                    " runs against the key off, with 95 % CIs (an unbounded end drawn at the "
                    "estimate)",
                "", "change (%)");
  builder.datablock("hvo_key_effects", effects);
  const double margin = std::max(0.5, 0.1 * (high - low));
  builder.line(fmt::format("set xrange [-0.5:{}]\nset xtics ({})\nset yrange [{}:{}]",
                           rows.size() - 0.5, tics, num(low - margin), num(high + margin)));
  builder.line(
      "plot $hvo_key_effects using 1:2:3:4 with yerrorbars pt 7 lw 2 notitle, 0 with lines dt 2 "
      "lc rgb \"#555555\" notitle");
  if (s.per_page.empty()) {
    return;
  }
  std::string slopes, slope_tics;
  for (std::size_t i = 0; i < s.per_page.size(); ++i) {
    const HvoKeySlope& slope = s.per_page[i];
    slopes += fmt::format("{} {} {} {}\n", i, num(slope.estimate_ns),
                          num(slope.ci_ns.lo.value_or(slope.estimate_ns)),
                          num(slope.ci_ns.hi.value_or(slope.estimate_ns)));
    slope_tics += fmt::format("{}{} {}", i == 0 ? "" : ", ", gp_text(slope.name), i);
  }
  builder.begin(
      "HVO static key: ns per 4 KiB page per operation, each arm and the differences, "
      "with 95 % CIs (an unbounded end drawn at the estimate)",
      "", "ns per page");
  builder.datablock("hvo_key_slopes", slopes);
  builder.line(
      fmt::format("set xrange [-0.5:{}]\nset xtics ({})", s.per_page.size() - 0.5, slope_tics));
  builder.line(
      "plot $hvo_key_slopes using 1:2:3:4 with yerrorbars pt 7 lw 2 notitle, 0 with lines dt 2 "
      "lc rgb \"#555555\" notitle");
}

}  // namespace clonebench
