#include "cli/run_spec.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <random>
#include <thread>

#include "cli/option_values.hpp"
#include "cli/shared_options.hpp"
#include "cli/workload_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "memory/map_count_limit.hpp"
#include "memory/parent_memory.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

constexpr double kSuiteTimeoutS = 4.0;       // each stressor of the standard suite
constexpr double kDefaultTimeoutS = 10.0;    // explicitly named stressors
constexpr double kOpsOnlyTimeoutS = 3600.0;  // --ops without --timeout: still bounded

// Everything as text first: values are parsed by our own parsers so messages name the flag.
struct RawRunOptions {
  std::vector<std::string> stressors;
  std::map<std::string, std::string> instances_by_stressor;  // --fork N
  std::map<std::string, std::string> ops_by_stressor;        // --fork-ops N
  std::string instances, timeout, ops, seq, runs = "1", pin, seed, rss, rss_kind = "anon";
  std::string vmas = "1", clone_max = "8192", phase_every;
  bool no_store = false;
  RawWorkloadOptions workload;
  RunSpec spec;
};

void define_options(CLI::App& app, RawRunOptions& raw) {
  app.add_option("stressors", raw.stressors, "stressors to run (default: the standard suite)");
  app.add_option("-n,--instances", raw.instances, "instances of each named stressor (default 1)");
  for (const StressorDef* def : all_stressors()) {
    const std::string name(def->info.name);
    app.add_option("--" + name, raw.instances_by_stressor[name],
                   "run " + name + " with N instances (stress-ng style; 0 = every CPU)");
    app.add_option("--" + name + "-ops", raw.ops_by_stressor[name],
                   "stop each " + name + " run after N bogo ops");
  }
  app.add_option("-t,--timeout", raw.timeout, "run time per stressor: 60, 60s, 2m, 500ms");
  app.add_option("--ops", raw.ops, "stop each stressor after N bogo ops");
  app.add_option("--seq,--sequential", raw.seq, "stress-ng --seq N: one stressor at a time");
  app.add_option("--runs", raw.runs, "separate runs (run records) of each stressor");
  app.add_option("--pin", raw.pin, "CPUs to pin instances to, round-robin: 1 or 0,1 or 0-3");
  define_seed_option(app, raw.seed,
                     "the random choices (under --workload stress-ng every instance gets it, as "
                     "in stress-ng)");
  app.add_option("--rss", raw.rss, "populate SIZE of the forking process first (e.g. 64M)");
  app.add_option("--rss-kind", raw.rss_kind, "anon | thp | zero | shared | file | hugetlb");
  app.add_option("--vmas", raw.vmas, "split the --rss region into N mappings");
  app.add_option("--clone-max", raw.clone_max, "clone: live children per instance (8192)");
  app.add_option("--phase-every", raw.phase_every,
                 "time the start and reap phases on one op in N (default 8; 1: every op)");
  define_workload_options(app, raw.workload);
  app.add_flag("--metrics,--metrics-brief", raw.spec.metrics, "print stress-ng's metrics table");
  define_json_option(app, raw.spec.json_path, "the runs (clonebench/1)");
  app.add_option("-Y,--yaml", raw.spec.yaml_path, "write stress-ng-style YAML to FILE");
  app.add_option("--csv", raw.spec.csv_path, "write a CSV summary to FILE");
  define_label_option(app, raw.spec.label, "the stored runs (default: uname -r)");
  define_db_option(app, raw.spec.db_path);
  app.add_flag("--no-store", raw.no_store, "do not store the runs");
  app.add_flag("-q,--quiet", raw.spec.quiet, "no progress line on a terminal");
  app.add_flag("--profile", raw.spec.profile,
               "sample the kernel with perf over each run and report where it spent the time");
  name_value_types(app);
}

// stress-ng: 0 means every configured CPU, a negative number every online CPU.
std::uint32_t instance_count(const std::string& text, const std::string& flag) {
  const std::int64_t value = parse_integer(text, flag, -1, 4096);
  if (value <= 0) {
    return std::max(1U, std::thread::hardware_concurrency());
  }
  return static_cast<std::uint32_t>(value);
}

std::vector<int> parse_cpu_option(const std::string& text) {
  std::vector<int> cpus;
  const auto cpu_limit = static_cast<std::int64_t>(::sysconf(_SC_NPROCESSORS_CONF)) - 1;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string item = text.substr(begin, end - begin);
    const std::size_t dash = item.find('-');
    const std::int64_t first = parse_integer(item.substr(0, dash), "--pin", 0, cpu_limit);
    const std::int64_t last = dash == std::string::npos
                                  ? first
                                  : parse_integer(item.substr(dash + 1), "--pin", 0, cpu_limit);
    if (last < first) {
      throw UsageError(fmt::format("--pin: invalid range '{}'", item));
    }
    for (std::int64_t cpu = first; cpu <= last; ++cpu) {
      cpus.push_back(static_cast<int>(cpu));
    }
    begin = end + 1;
  }
  return cpus;
}

// The stressors in the order given: positionals first, then --NAME options in command order.
std::vector<std::pair<std::string, std::uint32_t>> chosen_stressors(const CLI::App& app,
                                                                    const RawRunOptions& raw) {
  std::vector<std::pair<std::string, std::uint32_t>> chosen;
  const std::uint32_t default_instances =
      raw.instances.empty() ? 1 : instance_count(raw.instances, "--instances");
  const auto add = [&chosen](const std::string& name, std::uint32_t instances) {
    for (const auto& [earlier, count] : chosen) {
      if (earlier == name) {
        throw UsageError(fmt::format(
            "run: stressor '{}' is named twice; ask for more instances with --instances N or "
            "--{} N",
            name, name));
      }
    }
    chosen.emplace_back(name, instances);
  };
  for (const std::string& name : raw.stressors) {
    require_stressor(name, "run");
    add(name, default_instances);
  }
  std::vector<std::string> seen;
  for (const CLI::Option* option : app.parse_order()) {
    const std::string long_name = option->get_name(false, true);
    const std::string name = long_name.size() > 2 ? long_name.substr(2) : long_name;
    if (find_stressor(name) != nullptr && std::find(seen.begin(), seen.end(), name) == seen.end()) {
      seen.push_back(name);
      add(name, instance_count(raw.instances_by_stressor.at(name), "--" + name));
    }
  }
  return chosen;
}

// A job's common settings, the same for every stressor of the run.
StressorJob base_job(const RawRunOptions& raw, bool suite) {
  StressorJob job;
  if (!raw.timeout.empty()) {
    job.timeout_s = parse_duration_s(raw.timeout, "--timeout");
    if (job.timeout_s <= 0) {
      throw UsageError(fmt::format("--timeout: invalid value '{}': must be positive", raw.timeout));
    }
  } else if (!raw.ops.empty()) {
    job.timeout_s = kOpsOnlyTimeoutS;
  } else {
    job.timeout_s = suite ? kSuiteTimeoutS : kDefaultTimeoutS;
  }
  job.parent.kind = parse_parent_kind(raw.rss_kind, "--rss-kind");
  job.parent.vmas =
      static_cast<std::uint64_t>(parse_integer(raw.vmas, "--vmas", 1, kMaxParentVmas));
  check_vmas_under_map_count(job.parent.vmas, read_max_map_count());
  job.clone_max =
      static_cast<std::uint32_t>(parse_integer(raw.clone_max, "--clone-max", 1, 1000000));
  if (!raw.phase_every.empty()) {
    job.phase_every =
        static_cast<std::uint32_t>(parse_integer(raw.phase_every, "--phase-every", 1, 1000000));
  }
  if (!raw.pin.empty()) {
    job.pin_cpus = parse_cpu_option(raw.pin);
  }
  const Seed seed = seed_option(raw.seed);
  job.seed = seed.value;
  job.seed_given = seed.given;
  return job;
}

// stress-ng divides --ops across instances in parallel mode, not with --seq.
std::uint64_t ops_per_instance(const RawRunOptions& raw, const std::string& stressor,
                               std::uint32_t instances) {
  const std::string& own = raw.ops_by_stressor.at(stressor);
  const std::string& text = own.empty() ? raw.ops : own;
  if (text.empty()) {
    return 0;
  }
  const std::string flag = own.empty() ? "--ops" : "--" + stressor + "-ops";
  const auto total = static_cast<std::uint64_t>(parse_integer(text, flag, 1, INT64_MAX));
  return raw.seq.empty() ? (total + instances - 1) / instances : total;
}

// Every --ops and --<stressor>-ops given holds a count, also one that no chosen stressor uses
// (stress-ng accepts --vfork-ops beside --fork alone and ignores it; a bad value is still bad).
void check_ops_values(const RawRunOptions& raw) {
  if (!raw.ops.empty()) {
    parse_integer(raw.ops, "--ops", 1, INT64_MAX);
  }
  for (const auto& [stressor, text] : raw.ops_by_stressor) {
    if (!text.empty()) {
      parse_integer(text, "--" + stressor + "-ops", 1, INT64_MAX);
    }
  }
}

RunSpec build_spec(const CLI::App& app, RawRunOptions& raw) {
  check_ops_values(raw);
  const WorkloadSettings workload = parse_workload_options(raw.workload);
  auto chosen = chosen_stressors(app, raw);
  const bool suite = chosen.empty();
  if (suite) {
    const std::uint32_t instances = raw.seq.empty() ? 1 : instance_count(raw.seq, "--seq");
    for (const StressorDef* def : all_stressors()) {
      // Under --workload stress-ng the suite is what it reproduces.
      if (workload.workload == Workload::kClean || def->make_stress_ng != nullptr) {
        chosen.emplace_back(std::string(def->info.name), instances);
      }
    }
  } else if (!raw.seq.empty()) {
    parse_integer(raw.seq, "--seq", -1, 4096);  // validated, but named stressors keep their N
  }
  RunSpec spec = std::move(raw.spec);
  if (!spec.label.empty()) {
    require_selectable_label(spec.label, "--label");
  }
  spec.store = !raw.no_store;
  spec.timeout_given = !raw.timeout.empty();
  spec.runs = static_cast<std::uint32_t>(parse_integer(raw.runs, "--runs", 1, 100000));
  const StressorJob base = base_job(raw, suite);
  for (const auto& [name, instances] : chosen) {
    StressorJob job = base;
    job.stressor = name;
    job.instances = instances;
    job.max_ops = ops_per_instance(raw, name, instances);
    apply_workload(workload, job);
    // stress-ng's clone maps its own ballast: the parent region is then only what --rss adds.
    const std::uint64_t default_rss_bytes =
        job.workload == Workload::kClean ? require_stressor(name, "run").info.default_rss_bytes : 0;
    job.parent.bytes = raw.rss.empty() ? default_rss_bytes : parse_size_bytes(raw.rss, "--rss");
    spec.jobs.push_back(job);
  }
  return spec;
}

}  // namespace

ParentKind parse_parent_kind(std::string_view text, std::string_view flag) {
  if (const std::optional<ParentKind> kind = parent_kind_from_name(text); kind) {
    return *kind;
  }
  throw UsageError(
      fmt::format("{}: unknown kind '{}': expected {}", flag, text, parent_kind_choices()));
}

RunSpec parse_run_spec(const std::vector<std::string>& args) {
  CLI::App app{"clonebench run"};
  RawRunOptions raw;
  define_options(app, raw);
  parse_own_arguments(app, args);
  return build_spec(app, raw);
}

std::string run_help() {
  CLI::App app{"Measure, print and store runs of stressors (default: the standard suite).",
               "clonebench run"};
  RawRunOptions raw;
  define_options(app, raw);
  return app.help();
}

void with_run_definition(const std::function<void(CLI::App&)>& use) {
  CLI::App app{"clonebench run"};
  RawRunOptions raw;
  define_options(app, raw);
  use(app);
}

}  // namespace clonebench
