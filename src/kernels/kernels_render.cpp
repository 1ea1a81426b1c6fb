// The human table of a kernels result: the plan, what was measured, one line per boot with its
// values (warm-ups apart; failed boots with their last console lines), the comparison with boots
// as the units, and the measure's notice once, first (under TCG timing: that the timings are an
// emulator's; with --measure instructions: what a count is). The comparison carries the notice
// among its warnings for the JSON; the table leaves it out there: three copies of a paragraph
// (first, among the warnings, last) buried the lines between them.

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <vector>

#include "compare/renderers.hpp"
#include "compare/wording.hpp"
#include "core/number_text.hpp"
#include "core/text_safety.hpp"
#include "kernels/hvo_key_kernels.hpp"
#include "kernels/kernels_result.hpp"

namespace clonebench {
namespace {

std::string side_line(const char* name, const KernelsResult& result, const KernelSide& side) {
  return fmt::format("{}        {} ({}, sha256 {}…){}\n", name, printable(side.image.path),
                     side.release.empty() ? "release unknown" : printable(side.release),
                     side.image.sha256.substr(0, 12),
                     side.append.empty() ? (result.same_image() ? ", no own options" : "")
                                         : ", append \"" + printable(side.append) + "\"");
}

std::string measure_line(const KernelsResult& result) {
  if (result.measure == Measure::kInstructions) {
    return "measure  guest instructions per operation (QEMU icount), lower is better\n";
  }
  return fmt::format("measure  operations per second of the guest's clock ({}), higher is better\n",
                     result.emulated() ? "emulated" : "KVM");
}

// "median 1.80730 M (1.80720…1.80740); warm-up 1.81010 M": the job's measured runs' median,
// their range and its warm-ups, with the digits the range gives (core/number_text.hpp: three
// significant ones for a single run), in millions for a count of a million or more.
std::string values_text(const BootJobValues& values, const KernelsResult& result) {
  std::vector<double> runs = values.runs;
  std::sort(runs.begin(), runs.end());
  const double lowest = runs.empty() ? 0 : runs.front(), highest = runs.empty() ? 0 : runs.back();
  const double typical =
      runs.empty() ? (values.warmup.empty() ? 0 : values.warmup.front()) : runs[runs.size() / 2];
  const bool millions = result.measure == Measure::kInstructions && typical >= 1e6;
  const double scale = millions ? 1e6 : 1;
  const auto shown = [&](double value) {
    return number_in_interval(value / scale, lowest / scale, highest / scale) +
           (millions ? " M" : "");
  };
  std::string text;
  if (!runs.empty()) {
    text = "median " + shown(typical);
    if (runs.size() > 1) {
      text += fmt::format(" ({}…{})", shown(lowest), shown(highest));
    }
  }
  for (const double warmup : values.warmup) {
    text += "; warm-up " + shown(warmup);
  }
  return text;
}

std::string boot_line(const BootRecord& boot, const KernelsResult& result) {
  const char image = boot.image == Image::kA ? 'A' : 'B';
  if (!boot.ok) {
    std::string text = fmt::format("  {:>3}  {}  FAILED  {:6.1f} s  {}\n", boot.sequence, image,
                                   boot.wall_s, boot.failure);
    for (const std::string& line : boot.last_lines) {
      text += "            | " + line + "\n";
    }
    return text;
  }
  std::string text = fmt::format("  {:>3}  {}  ok  {:6.1f} s  seed {}", boot.sequence, image,
                                 boot.wall_s, boot.boot_seed);
  for (const BootJobValues& values : boot.values) {
    text += fmt::format("  {}{}: {} {}", boot.values.size() > 1 ? values.job + " " : "",
                        headline_unit(result.measure) == "ops/s" ? "ops/s" : "instructions/op",
                        values.runs.size(), values_text(values, result));
  }
  return text + "\n";
}

// Under --measure instructions: each side's per-phase counts, the median over its boots.
std::string phase_lines(const KernelsResult& result) {
  std::string out;
  for (const auto& [image, name] : {std::pair{Image::kA, 'A'}, std::pair{Image::kB, 'B'}}) {
    std::map<std::string, std::vector<double>> counts;
    std::vector<std::string> order;
    for (const BootRecord& boot : result.boots) {
      for (const BootJobValues& values : boot.values) {
        for (const auto& [phase, count] : values.phases) {
          const std::string key = (boot.values.size() > 1 ? values.job + " " : "") + phase;
          if (boot.image == image) {
            if (!counts.contains(key)) {
              order.push_back(key);
            }
            counts[key].push_back(count);
          }
        }
      }
    }
    std::string line;
    for (const std::string& key : order) {
      std::vector<double>& values = counts[key];
      std::sort(values.begin(), values.end());
      // With the digits the boots' spread gives (three significant ones for one boot).
      line +=
          fmt::format("{}{} {}", line.empty() ? "" : ", ", key,
                      number_in_interval(values[values.size() / 2], values.front(), values.back()));
    }
    if (!line.empty()) {
      out += fmt::format("phases   {}: {} instructions (mean per operation, median of boots)\n",
                         name, line);
    }
  }
  return out;
}

}  // namespace

std::string render_kernels_table(const KernelsResult& result) {
  std::string out;
  const std::string notice = measure_notice(result);
  if (!notice.empty()) {
    out += "NOTE     " + notice + "\n";
  }
  out += fmt::format("kernels  {} runs of \"{}\" per boot{}; accelerator {}{}\n",
                     result.runs_per_boot, printable(result.spec),
                     result.warmup_runs == 0
                         ? std::string()
                         : fmt::format(" after {} warm-up run{} (not compared)", result.warmup_runs,
                                       result.warmup_runs == 1 ? "" : "s"),
                     accelerator_name(result.accelerator),
                     result.accelerator_note.empty() ? "" : " (" + result.accelerator_note + ")");
  out += measure_line(result);
  out += side_line("A", result, result.a);
  out += side_line("B", result, result.b);
  out += fmt::format("order    {} (seed {}); guest {} CPU{}, {} MiB{}; {} boot{} at a time\n",
                     result.order, result.seed, result.cpus, result.cpus == 1 ? "" : "s",
                     result.memory_mb,
                     result.append.empty() ? "" : ", append \"" + printable(result.append) + "\"",
                     result.jobs_at_once, result.jobs_at_once == 1 ? "" : "s");
  if (result.precision_pct) {
    out += "plan     " + precision_plan_text(result) + "\n";
  }
  out += fmt::format("boots    {} done, {} failed in {:.0f} s; stopped: {}\n", result.boots.size(),
                     result.failed_boots(), result.wall_s, result.stop_reason);
  for (const BootRecord& boot : result.boots) {
    out += boot_line(boot, result);
  }
  out += phase_lines(result);
  out += "\n";
  if (result.comparison) {
    ComparisonResult comparison = *result.comparison;
    std::erase(comparison.warnings, notice);  // said once, first
    out += render_compare_table(comparison);
    if (result.hvo_key && result.hvo_key->pte_cost) {
      out += render_pte_cost(*result.hvo_key->pte_cost, result.comparison->options.alpha);
    }
  } else {
    out += "summary  No comparison: a kernel has no successful boot.\n";
  }
  return out;
}

}  // namespace clonebench
