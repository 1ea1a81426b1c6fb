#include "report/report_facts.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "compare/boot_analysis.hpp"
#include "compare/environment_diff.hpp"
#include "compare/metric_selection.hpp"
#include "core/text_safety.hpp"
#include "record/instruction_metrics.hpp"
#include "record/run_group.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
std::string cli_size(std::uint64_t bytes) {
  for (const auto& [shift, suffix] : {std::pair{30, "G"}, std::pair{20, "M"}, std::pair{10, "K"}}) {
    const std::uint64_t unit = std::uint64_t{1} << shift;
    if (bytes != 0 && bytes % unit == 0) {
      return std::to_string(bytes / unit) + suffix;
    }
  }
  return std::to_string(bytes);
}

std::string p_column(double p) {
  return p < 0.001 ? std::string("< 0.001") : fmt::format("{:.3f}", p);
}

std::string quoted(const std::string& word) {
  const bool safe = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view("-_./:=,+%").find(c) != std::string_view::npos;
  });
  if (safe) {
    return word;
  }
  std::string out = "'";
  for (char c : word) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

std::vector<LabelGroup> group_by_label(const std::vector<StoredRun>& runs) {
  std::vector<LabelGroup> groups;
  for (const StoredRun& run : runs) {
    auto found = std::find_if(groups.begin(), groups.end(), [&](const LabelGroup& group) {
      return group.label == run.record.label;
    });
    if (found == groups.end()) {
      groups.push_back({run.record.label, {}});
      found = groups.end() - 1;
    }
    found->runs.push_back(&run);
  }
  return groups;
}

std::optional<std::string> typed_command(const StoredRun& run) {
  const RunOptions& options = run.record.result.options;
  if (!options.command_line || options.command_line->empty()) {
    return std::nullopt;
  }
  // The command as typed: --runs, the defaults left out and the label as given, so that it
  // repeats exactly; each word made printable and shell-quoted.
  std::string command;
  for (const std::string& word : *options.command_line) {
    command += (command.empty() ? "" : " ") + quoted(printable(word));
  }
  return command;
}

namespace {

// A stored design field as the command line shows it: "n/a" when the summary does not hold it.
std::string design_text(const std::optional<std::string>& text) {
  return text ? printable(*text) : std::string("n/a");
}
std::string design_text(const std::optional<std::uint64_t>& count) {
  return count ? std::to_string(*count) : std::string("n/a");
}

}  // namespace

std::string ab_command(const AbSummary& summary) {
  std::string command = "clonebench ab " + quoted(design_text(summary.spec));
  command += " --a " + quoted(design_text(summary.a_options));
  command += " --b " + quoted(design_text(summary.b_options));
  for (const auto& [flag, value] :
       {std::pair{"setup-a", &summary.setup_a}, std::pair{"setup-b", &summary.setup_b},
        std::pair{"restore", &summary.restore}}) {
    if (value->has_value()) {  // null when the design had none
      command += fmt::format(" --{} {}", flag, quoted(printable(**value)));
    }
  }
  command += " --pairs " + design_text(summary.pairs);
  command += " --warmup " + design_text(summary.warmups_per_arm);
  // In hex, as `ab` printed it when it drew the seed (--seed takes either form).
  return command + " --seed " +
         (summary.seed_hex ? design_text(summary.seed_hex) : design_text(summary.seed));
}

// "--vmas 1,256" / "--folio 4K,64K" of a list the summary stores; empty when absent (older
// summaries) or when --vmas was left at its default.
std::string sweep_axis_flag(const std::vector<std::uint64_t>& list, const char* flag, bool sizes) {
  std::string values;
  for (const std::uint64_t value : list) {
    values += (values.empty() ? "" : ",") + (sizes ? cli_size(value) : std::to_string(value));
  }
  const bool default_vmas = !sizes && values == "1";
  return values.empty() || default_vmas ? std::string() : fmt::format(" {} {}", flag, values);
}

std::string sweep_command(const SweepSummary& summary) {
  std::vector<std::string> sizes;  // each once: a multi-axis sweep has a point per combination
  for (const StoredSweepPoint& point : summary.points) {
    const std::string size = cli_size(point.rss_bytes);
    if (std::find(sizes.begin(), sizes.end(), size) == sizes.end()) {
      sizes.push_back(size);
    }
  }
  return fmt::format("clonebench sweep {} --rss {}{}{} --rss-kind {} --rounds {} --seed {}",
                     quoted(printable(summary.stressor)), fmt::join(sizes, ","),
                     sweep_axis_flag(summary.vmas_list, "--vmas", false),
                     sweep_axis_flag(summary.folio_list, "--folio", true),
                     printable(summary.rss_kind), summary.rounds, summary.seed);
}

std::string scale_command(const ScaleSummary& summary, const StressNgOptions& run_options) {
  const ScaleSettings& settings = summary.settings;
  std::string command = fmt::format(
      "clonebench scale {} --instances {} --rounds {} --timeout {:g}s --seed {} --workload {}",
      quoted(printable(settings.stressor)), fmt::join(settings.instances, ","), settings.rounds,
      settings.timeout_s, settings.seed, quoted(printable(settings.workload)));
  // 1 and off are stress-ng's defaults (and what a run of another workload reads as).
  for (const auto& [flag, count] : {std::pair{"--fork-max", run_options.fork_max},
                                    std::pair{"--vfork-max", run_options.vfork_max}}) {
    if (count > 1) {
      command += fmt::format(" {} {}", flag, count);
    }
  }
  for (const auto& [flag, on] : {std::pair{"--fork-vm", run_options.fork_vm},
                                 std::pair{"--fork-pageout", run_options.fork_pageout},
                                 std::pair{"--fork-unmap", run_options.fork_unmap}}) {
    if (on != 0) {
      command += std::string(" ") + flag;
    }
  }
  return command;
}

StressNgOptions scale_run_options(const std::vector<StoredRun>& runs) {
  const StressNgWorkloadOptions* stress_ng =
      runs.empty() ? nullptr : stress_ng_options_of(runs.front().record.result.options);
  return stress_ng ? stress_ng->stress_ng : StressNgOptions{};
}

std::string scale_ci_text(const ScaleSummaryEstimate& estimate, const char* format) {
  if (!estimate.ci) {
    return "n/a (too few runs)";  // fewer than 6 rounds bound no 95 % interval
  }
  return fmt::format(fmt::runtime(format), estimate.ci->lo, estimate.ci->hi);
}

namespace {

// An environment fact as a line shows it: "n/a" when unknown or not recorded.
std::string fact_text(const Fact<std::string>& fact) {
  return fact ? printable(*fact) : "n/a";
}
std::string fact_text(const Fact<std::int64_t>& fact) {
  return fact ? std::to_string(*fact) : "n/a";
}
std::string fact_text(const Fact<bool>& fact) {
  return fact ? (*fact ? "on" : "off") : "n/a";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> environment_lines(const Environment& environment) {
  std::vector<std::pair<std::string, std::string>> lines = {
      {"kernel", fact_text(environment.kernel_release)},
      {"CPU", fact_text(environment.cpu_model)},
      {"CPUs online", fact_text(environment.cpus)},
      {"governor", fact_text(environment.governor)},
      {"SMT", fact_text(environment.smt ? environment.smt->control : Fact<std::string>())},
      {"THP", fact_text(environment.thp)},
      {"HVO key", fact_text(environment.hvo ? environment.hvo->key_on : Fact<bool>())}};
  if (environment.mitigations) {
    for (const auto& [name, state] : *environment.mitigations) {
      lines.emplace_back("mitigation " + printable(name), printable(state));
    }
  } else {
    lines.emplace_back("mitigations", "n/a");
  }
  return lines;
}

std::vector<std::string> run_groups_of(const std::vector<LabelGroup>& groups) {
  std::vector<std::string> names;
  for (const LabelGroup& group : groups) {
    for (const StoredRun* run : group.runs) {
      std::string name = run_group_name(run->record);
      if (std::find(names.begin(), names.end(), name) == names.end()) {
        names.push_back(std::move(name));
      }
    }
  }
  return names;
}

namespace {

SampleSet side_of(const LabelGroup& group) {
  SampleSet set{group.label, "store", {}};
  for (const StoredRun* run : group.runs) {
    set.runs.push_back(observation_of(run->record, run->environment));
  }
  return set;
}

}  // namespace

std::vector<std::string> noisy_run_lines(const std::vector<LabelGroup>& groups) {
  // Labels whose noisy runs name the same problems share one line: the arms of one experiment,
  // measured on one machine in one sitting, once gave six near-identical lines.
  struct Shared {
    std::vector<std::string> labels;
    NoisyRuns runs;
  };
  std::vector<Shared> shared;
  for (const LabelGroup& group : groups) {
    const NoisyRuns noisy = noisy_runs(side_of(group));
    if (noisy.noisy == 0) {
      continue;
    }
    const auto same = std::find_if(shared.begin(), shared.end(), [&](const Shared& line) {
      return line.runs.first_problems == noisy.first_problems;
    });
    if (same == shared.end()) {
      shared.push_back({{printable(group.label)}, noisy});
      continue;
    }
    same->labels.push_back(printable(group.label));
    same->runs.noisy += noisy.noisy;
    same->runs.runs += noisy.runs;
  }
  std::vector<std::string> lines;
  for (const Shared& line : shared) {
    const std::string side =
        line.labels.size() == 1
            ? line.labels.front()
            : fmt::format("{} labels ({})", line.labels.size(), fmt::join(line.labels, ", "));
    lines.push_back(noisy_runs_text(line.runs, side));
  }
  return lines;
}

ComparisonResult compare_first_and_last(const std::vector<LabelGroup>& groups,
                                        bool assume_no_boot_effect) {
  const SampleSet a = side_of(groups.front());
  const SampleSet b = side_of(groups.back());
  // Runs a guest counted in instructions are compared by their count per operation, never a rate.
  const std::string headline(
      groups.front().runs.empty()
          ? run_metric_table(false).headline
          : run_metric_table(groups.front().runs.front()->environment).headline);
  // Boots are the units where the labels span several boots; one boot per side caps the verdict.
  ComparisonResult report = analyze_with_boots(select_metrics(a, b, {headline}, std::nullopt), {},
                                               BootOptions{assume_no_boot_effect, {}});
  report.a_name = groups.front().label;
  report.b_name = groups.back().label;
  report.warnings = group_match_notes(a, b);
  for (std::string& warning : comparison_warnings(compared_runs(a, b), compared_runs(b, a))) {
    report.warnings.push_back(std::move(warning));
  }
  return report;
}

}  // namespace clonebench
