// `clonebench compare A B`: A and B are files (clonebench JSON, stress-ng YAML or log,
// hyperfine JSON, number files) or stored labels / run ids; prints the comparison report.

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "compare/bisect.hpp"
#include "compare/boot_analysis.hpp"
#include "compare/comparison.hpp"
#include "compare/distinct_runs.hpp"
#include "compare/environment_diff.hpp"
#include "compare/gate.hpp"
#include "compare/input_readers.hpp"
#include "compare/metric_selection.hpp"
#include "compare/profile_mix.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "record/environment.hpp"
#include "store/boot_spread_lookup.hpp"
#include "store/store.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

struct CompareArguments {
  std::string a, b;
  std::vector<std::string> metrics;
  std::string threshold = "1%";
  std::string alpha = "0.05";
  std::string format = "table";
  std::vector<std::string> fail_on;
  std::string db_path;
  std::string command;  // hyperfine --command selector
  bool higher_is_better = false;
  bool allow_profiled_mix = false;
  bool assume_no_boot_effect = false;
  bool bisect = false;
};

bool looks_like_path(const std::string& text) {
  return text.find('/') != std::string::npos || text.ends_with(".json") ||
         text.ends_with(".yaml") || text.ends_with(".yml") || text.ends_with(".log") ||
         text.ends_with(".txt");
}

SampleSet read_side(const char* side, const std::string& spec, const CompareArguments& args,
                    std::unique_ptr<Store>& store) {
  std::error_code error;
  if (std::filesystem::is_regular_file(spec, error)) {
    ReadOptions options;
    if (!args.command.empty()) {
      options.hyperfine_command = args.command;
    }
    return read_input_file(spec, options);
  }
  // A path to a device, a FIFO or a directory is there, but holds no file to read (a FIFO or
  // /dev/zero is never waited on or read without end): said as what it is.
  if (looks_like_path(spec) && !is_run_id_list(spec)) {
    throw UsageError(fmt::format("{}: {}: {}", side, printable(spec),
                                 std::filesystem::exists(spec, error)
                                     ? "not a regular file (a device, FIFO or directory cannot "
                                       "be compared)"
                                     : "no such file"));
  }
  if (!store) {
    store = std::make_unique<Store>(database_path(args.db_path), Store::Access::kReadOnly);
  }
  try {
    return read_stored_runs(*store, spec);
  } catch (const UsageError& failure) {
    throw UsageError(fmt::format("{}: {}", side, failure.what()));
  }
}

SideSource source_of(const SampleSet& set) {
  SideSource source;
  source.format = set.format;
  source.runs = set.runs.size();
  for (const RunObservation& run : set.runs) {
    if (run.run_id != 0) {
      source.run_ids.push_back(run.run_id);
    }
  }
  return source;
}

// The ids of the runs a side selected from the store. A file's runs keep the ids they had in
// whichever store exported them, so two files (or a file and the store) may share an id without
// being the same run: only a store's own ids say that two selections are one run.
std::vector<std::int64_t> stored_run_ids(const SampleSet& set) {
  return set.format == "store" ? source_of(set).run_ids : std::vector<std::int64_t>{};
}

// The host and run group (record/run_group.hpp) of side A's first run, when it says.
std::pair<std::string, std::string> host_and_stressor(const SampleSet& set) {
  for (const RunObservation& run : set.runs) {
    if (const Fact<std::string> host =
            run.environment ? run.environment->hostname : Fact<std::string>();
        host) {
      return {*host, run.group};
    }
  }
  return {};
}

// For metrics with one boot per side: between-boot spreads the store knows for this host and
// stressor (a stored label measured across boots), so the output can say how many boots would
// resolve the threshold.
std::map<std::string, KnownBootSpread> stored_spreads(const std::vector<MetricSamples>& metrics,
                                                      const SampleSet& a,
                                                      const CompareArguments& args,
                                                      std::unique_ptr<Store>& store) {
  const auto [host, stressor] = host_and_stressor(a);
  std::vector<std::string> names;
  for (const MetricSamples& metric : metrics) {
    // The primary metrics only: a secondary row prints no boots line to say it in.
    if (!metric.a_boots.empty() && metric.name.find('/') == std::string::npos &&
        metric.role == MetricRole::kPrimary) {
      names.push_back(metric.name);
    }
  }
  if (host.empty() || names.empty()) {
    return {};
  }
  if (!store) {
    store = std::make_unique<Store>(database_path(args.db_path), Store::Access::kReadOnly);
  }
  return known_boot_spreads(*store, host, stressor, names);
}

int run_compare(const CompareArguments& args) {
  CompareOptions options;
  options.threshold = parse_threshold(args.threshold, "--threshold");
  options.alpha = parse_real(args.alpha, "--alpha", 0.0001, 0.5);
  std::vector<MetricSamples> metrics;
  SideSource a_source, b_source;
  std::vector<std::string> differences;
  std::string mix;
  BootOptions boots;
  boots.assume_no_boot_effect = args.assume_no_boot_effect;
  {
    // Only the values go on to the analysis: at 200,000 runs a side the observations are most
    // of the memory, and they are freed first.
    std::unique_ptr<Store> store;
    const SampleSet a = read_side("A", args.a, args, store);
    const SampleSet b = read_side("B", args.b, args, store);
    require_distinct_runs(stored_run_ids(a), "A");
    require_distinct_runs(stored_run_ids(b), "B");
    require_disjoint_sides(stored_run_ids(a), stored_run_ids(b));
    mix = profiled_mix(a, b);
    if (!mix.empty() && !args.allow_profiled_mix) {
      throw UsageError(mix + "; compare like with like, or pass --allow-profiled-mix");
    }
    const std::optional<Direction> value_direction =
        args.higher_is_better ? std::optional(Direction::kHigherIsBetter) : std::nullopt;
    metrics = select_metrics(a, b, args.metrics, value_direction, /*with_secondary=*/true);
    a_source = source_of(a);
    b_source = source_of(b);
    differences = group_match_notes(a, b);
    for (std::string& warning : comparison_warnings(compared_runs(a, b), compared_runs(b, a))) {
      differences.push_back(std::move(warning));
    }
    boots.known_spread = stored_spreads(metrics, a, args, store);
  }
  ComparisonResult report = analyze_with_boots(metrics, options, boots);
  report.a_name = printable(args.a);
  report.b_name = printable(args.b);
  report.a_source = a_source;
  report.b_source = b_source;
  if (!mix.empty()) {
    differences.insert(differences.begin(), mix);
  }
  // stderr carries the warnings about the inputs for a user whose stdout goes to a file or a
  // pipe; on a terminal the report printed below shows them on the same screen, and twice
  // would be noise.
  const bool report_on_screen = ::isatty(STDOUT_FILENO) == 1 && format_shows_warnings(args.format);
  for (const std::string& warning : differences) {
    if (!report_on_screen) {
      fmt::print(stderr, "clonebench: warning: {}\n", warning);
    }
    report.warnings.push_back(warning);
  }
  fmt::print("{}", render_report(report, args.format));
  std::fflush(stdout);
  return args.bisect ? bisect_exit_code(report) : gate_exit_code(report, args.fail_on);
}

int run_compare_command(const CompareArguments& args) {
  return args.bisect ? run_for_bisect([&] { return run_compare(args); }) : run_compare(args);
}

}  // namespace

void add_compare_command(CLI::App& app, CommandList& commands) {
  auto [compare, args] = define_command(
      app, commands, "compare",
      "Compare A and B (stored labels or run ids, or files: clonebench JSON, stress-ng YAML or "
      "log, hyperfine JSON, one number per line): change with 95 % CI, p and a verdict",
      &run_compare_command);
  compare.add_option("A", args.a, "Baseline: file, stored label, or run ids (12,13,15)")
      ->required();
  compare.add_option("B", args.b, "Candidate: file, stored label, or run ids")->required();
  compare.add_option("--metric", args.metrics,
                     "Metric to test (repeatable): ops_per_sec_real, ops_per_sec_cpu, "
                     "latency_us.create.p50, time_s, value, ...; without it the default one "
                     "is tested and the others both sides hold are shown beside it");
  compare.add_option("--threshold", args.threshold,
                     "Smallest change that matters, in percent (default 1%)");
  compare.add_option("--alpha", args.alpha, "Significance level, 0.0001 to 0.5 (default 0.05)");
  compare.add_option("--format", args.format, "table | benchstat | markdown | json")
      ->check(CLI::IsMember({"table", "benchstat", "markdown", "json"}));
  compare
      .add_option("--fail-on", args.fail_on,
                  "Exit 3 if a metric is slower beyond the threshold ('slower'), 4 if a "
                  "metric is inconclusive ('inconclusive')")
      ->check(CLI::IsMember({"slower", "inconclusive"}));
  define_db_option(compare, args.db_path);
  compare.add_option("--command", args.command,
                     "hyperfine JSON with several commands: the one to compare");
  compare.add_flag("--higher-is-better", args.higher_is_better,
                   "Plain numbers without units are rates (default: lower is better)");
  compare.add_flag("--allow-profiled-mix", args.allow_profiled_mix,
                   "Compare even when some runs were sampled with --profile and others not");
  compare.add_flag("--assume-no-boot-effect", args.assume_no_boot_effect,
                   "With one boot per side, give the run-level verdict anyway (said in the "
                   "output): only when boots are known not to matter");
  compare
      .add_flag("--bisect", args.bisect,
                "Exit as `git bisect run` expects: 0 good (not slower beyond the threshold), 1 "
                "bad (slower), 125 skip (inconclusive); a failure exits 128 (abort)")
      ->excludes("--fail-on");
}

}  // namespace clonebench
