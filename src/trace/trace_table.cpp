#include "trace/trace_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/number_text.hpp"
#include "core/size_text.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "trace/fork_prediction_table.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kProgramsShown = 8;

std::string percent(double fraction) {
  return significant_text(fraction * 100) + " %";
}

// A signed change in percent: "+3.6 %", "-3 %".
std::string change_percent(double fraction) {
  return significant_text(fraction * 100, 3, NumberSign::kAlways) + " %";
}

// The change a user asked about, as typed ("-3 %", "+12.5 %"), not rounded by the number rule:
// it is a setting, not a measurement.
std::string asked_change_percent(double fraction) {
  return fmt::format("{:+g} %", fraction * 100);
}

// "0.72 %" for one run, "0.72 % (0.65-0.79)" for several: the range's width sets the digits.
std::string percent_spread(const Spread& spread) {
  const std::optional<int> decimals = interval_decimals(spread.low * 100, spread.high * 100);
  if (spread.runs <= 1 || !decimals) {
    return percent(spread.median);
  }
  return fmt::format("{} % ({}-{})", fixed_text(spread.median * 100, *decimals),
                     fixed_text(spread.low * 100, *decimals),
                     fixed_text(spread.high * 100, *decimals));
}

std::string duration(double nanoseconds) {
  return nanoseconds > 0 ? format_duration_ns(nanoseconds) : "-";
}

std::string command_line(const std::vector<std::string>& command) {
  std::string line;
  for (const std::string& word : command) {
    line += (line.empty() ? "" : " ") + printable(word);
  }
  return line;
}

std::vector<const TraceRun*> traced_runs(const TraceCensus& census) {
  std::vector<const TraceRun*> runs;
  for (const TraceRun& run : census.runs) {
    if (run.traced) {
      runs.push_back(&run);
    }
  }
  return runs;
}

// The tree's processes still running when the command ended, which the tool stopped: the census
// ends with the command, so what they would have gone on to do is not in it.
std::string left_running_line(const std::vector<const TraceRun*>& runs) {
  std::uint64_t left = 0;
  for (const TraceRun* run : runs) {
    left += run->left_running;
  }
  if (left == 0) {
    return "";
  }
  return fmt::format(
      "  {} process{} of the tree {} still running when the command ended{}: clonebench stopped "
      "{}, and the census leaves out what {} would have done after\n",
      left, left == 1 ? "" : "es", left == 1 ? "was" : "were",
      runs.size() > 1 ? " (over the runs)" : "", left == 1 ? "it" : "them",
      left == 1 ? "it" : "they");
}

std::string header(const TraceCensus& census, const std::vector<const TraceRun*>& runs) {
  std::string text = fmt::format("clonebench trace: {}\n", command_line(census.command));
  text += fmt::format("  {} traced run{}; kernel {}, {} CPUs\n", runs.size(),
                      runs.size() == 1 ? "" : "s", printable(census.kernel_release), census.cpus);
  std::vector<double> walls, cpus;
  std::uint64_t dropped = 0;
  bool interrupted = false;
  for (const TraceRun* run : runs) {
    walls.push_back(static_cast<double>(run->wall_ns));
    cpus.push_back(static_cast<double>(run->user_ns + run->sys_ns));
    dropped += run->dropped_events + run->dropped_calls;
    interrupted = interrupted || run->interrupted;
  }
  const Spread wall = spread_of(walls);
  const Spread cpu = spread_of(cpus);
  text += fmt::format("  wall {}, CPU time of the tree {}{}\n", duration(wall.median),
                      duration(cpu.median), runs.size() > 1 ? " (medians)" : "");
  if (interrupted) {
    text += "  INTERRUPTED: the census is partial (the command was stopped)\n";
  }
  text += left_running_line(runs);
  text += dropped > 0
              ? fmt::format("  WARNING: {} events dropped: the counts below are too low\n", dropped)
              : "  no events dropped\n";
  return text;
}

std::string component_label(TraceComponent component) {
  switch (component) {
    case TraceComponent::kClone:
      return "clone (processes)";
    case TraceComponent::kCreate:
      return "create (all)";
    case TraceComponent::kExit:
      return "exit (teardown)";
    case TraceComponent::kKernel:
      return "kernel (all sys)";
    default:
      return trace_component_name(component);
  }
}

std::string component_table(const std::vector<RunSummary>& summaries) {
  std::string text =
      fmt::format("\n  {:<18} {:>7} {:>6} {:>10} {:>10} {:>10} {:>10} {:>10}  {:<30} {}\n", "part",
                  "count", "failed", "total", "p50", "p90", "p99", "max", "of wall", "of CPU");
  const std::size_t parts = summaries.front().components.size();
  for (std::size_t i = 0; i < parts; ++i) {
    std::vector<double> counts, totals, walls, cpus;
    for (const RunSummary& summary : summaries) {
      const ComponentUse& use = summary.components[i];
      counts.push_back(static_cast<double>(use.count));
      totals.push_back(static_cast<double>(use.time.total_ns));
      walls.push_back(use.wall_share);
      cpus.push_back(use.cpu_share);
    }
    const ComponentUse& first = summaries.front().components[i];
    const TimeSummary& time = first.time;
    const bool kernel = first.component == TraceComponent::kKernel;
    text += fmt::format("  {:<18} {:>7} {:>6} {:>10} {:>10} {:>10} {:>10} {:>10}  {:<30} {}\n",
                        component_label(first.component),
                        kernel ? "" : fmt::format("{:g}", spread_of(counts).median),
                        kernel ? "" : fmt::format("{}", first.failed),
                        duration(spread_of(totals).median), kernel ? "" : duration(time.p50_ns),
                        kernel ? "" : duration(time.p90_ns), kernel ? "" : duration(time.p99_ns),
                        kernel ? "" : duration(time.max_ns), percent_spread(spread_of(walls)),
                        percent_spread(spread_of(cpus)));
  }
  if (summaries.size() > 1) {
    text += "  (count, total and shares: median (range) over the runs; p50-max: the first run)\n";
  }
  return text;
}

// The parent with the most RSS at a creation, named, with its own VMAs; the most VMAs of any
// parent follows only when another creation's parent had more (two maxima, two parents).
std::string largest_parent_text(const RunSummary& summary) {
  if (!summary.largest_parent) {
    return "no creation; ";
  }
  const RunSummary::LargestParent& largest = *summary.largest_parent;
  std::string text =
      fmt::format("largest parent: {}, {} RSS and {} VMAs at its creation; ",
                  printable(largest.comm), format_size(largest.rss_kb * 1024), largest.vmas);
  if (summary.max_parent_vmas > largest.vmas) {
    text += fmt::format("most VMAs of any parent: {} (another creation's parent); ",
                        summary.max_parent_vmas);
  }
  return text;
}

std::string bucket_table(const RunSummary& summary) {
  std::string text =
      fmt::format("\n  {:<24} {:>7} {:>10} {:>10} {:>10} {:>9}\n", "parent RSS at creation",
                  "count", "p50", "p90", "max", "max VMAs");
  for (const SizeBucket& bucket : summary.buckets) {
    text +=
        fmt::format("  {:<24} {:>7} {:>10} {:>10} {:>10} {:>9}\n", bucket.label, bucket.time.count,
                    duration(bucket.time.p50_ns), duration(bucket.time.p90_ns),
                    duration(bucket.time.max_ns), bucket.max_vmas);
  }
  text += "  " + largest_parent_text(summary) +
          fmt::format("{} process exits\n", summary.process_exits);
  return text;
}

std::string programs_and_failures(const RunSummary& summary) {
  std::vector<std::pair<std::string, std::size_t>> programs(summary.creations_by_comm.begin(),
                                                            summary.creations_by_comm.end());
  std::stable_sort(programs.begin(), programs.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string text = "\n  creations by program:";
  if (programs.empty()) {
    text += " none";
  }
  for (std::size_t i = 0; i < programs.size() && i < kProgramsShown; ++i) {
    text += fmt::format(" {} {}{}", printable(programs[i].first), programs[i].second,
                        i + 1 < std::min(programs.size(), kProgramsShown) ? "," : "");
  }
  if (programs.size() > kProgramsShown) {
    text += fmt::format(" and {} more", programs.size() - kProgramsShown);
  }
  text += "\n  failed calls:";
  if (summary.failures_by_errno.empty()) {
    text += " none";
  }
  for (const auto& [name, count] : summary.failures_by_errno) {
    text += fmt::format(" {} {}", name, count);
  }
  return text + "\n";
}

}  // namespace

std::vector<RunSummary> traced_summaries(const TraceCensus& census) {
  std::vector<RunSummary> summaries;
  for (const TraceRun* run : traced_runs(census)) {
    summaries.push_back(summarize_run(*run));
  }
  return summaries;
}

std::string render_what_if(const WhatIfOutcome& outcome) {
  const char* name = trace_component_name(outcome.what_if.component);
  const double change = outcome.what_if.change;
  std::string text = fmt::format(
      "  what if {} costs {}: wall time changes by at most {} ({} of it is {}), "
      "CPU time by at most {}\n",
      name, asked_change_percent(change), change_percent(outcome.wall_bound.median),
      percent_spread(outcome.wall_share), name, change_percent(outcome.cpu_bound.median));
  if (outcome.wall_bound.runs > 1) {
    text += fmt::format("    (bound on wall time over the runs: {} to {})\n",
                        change_percent(outcome.wall_bound.low),
                        change_percent(outcome.wall_bound.high));
  }
  if (outcome.needed_share) {
    const double needed = *outcome.needed_share;
    text += fmt::format(
        "    a claimed saving of {} from it needs {} to take >= {} of the wall time "
        "(measured: {}): {}\n",
        percent(needed * std::fabs(change)), name, percent(needed),
        percent_spread(outcome.wall_share),
        needed > 1                       ? "impossible, more than the whole run"
        : outcome.claim_possible_on_wall ? "possible"
                                         : "not supported by this census");
  }
  return text;
}

std::string render_trace_table(const TraceCensus& census, const TraceTableOptions& options) {
  const std::vector<const TraceRun*> runs = traced_runs(census);
  std::string text = header(census, runs);
  const std::vector<RunSummary> summaries = traced_summaries(census);
  if (summaries.empty()) {
    return text + "  no traced run finished\n";
  }
  text += component_table(summaries);
  text += bucket_table(summaries.front());
  text += programs_and_failures(summaries.front());
  if (census.fork_prediction) {
    text += render_fork_prediction(*census.fork_prediction);
  } else if (!options.model_note.empty()) {
    text += "\n  " + printable(options.model_note) + "\n";
  }
  if (!options.what_ifs.empty()) {
    text += "\n";
  }
  for (const WhatIf& what_if : options.what_ifs) {
    text += render_what_if(evaluate_what_if(what_if, summaries, options.claimed_saving));
  }
  const TracingEffect effect = tracing_effect(census.runs);
  if (effect.pairs > 0) {
    text += fmt::format(
        "\n  the tracing's own effect on wall time: {} (median of {} traced/untraced "
        "pairs; range {} to {})\n",
        change_percent(effect.ratio.median - 1), effect.pairs, change_percent(effect.ratio.low - 1),
        change_percent(effect.ratio.high - 1));
  }
  return text;
}

}  // namespace clonebench
