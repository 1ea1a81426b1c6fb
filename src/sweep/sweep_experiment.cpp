#include "sweep/sweep_experiment.hpp"

#include <fmt/core.h>

#include <map>
#include <optional>
#include <vector>

#include "core/error.hpp"
#include "core/size_text.hpp"
#include "core/text_safety.hpp"
#include "experiment/output_table.hpp"
#include "experiment/profile_output.hpp"
#include "experiment/profiled_job.hpp"
#include "experiment/progress_line.hpp"
#include "record/environment_json.hpp"
#include "record/sweep_summary_json.hpp"
#include "sweep/cost_model_render.hpp"
#include "sweep/shape_text.hpp"
#include "sweep/sweep_presets.hpp"
#include "sweep/sweep_render.hpp"
#include "sweep/sweep_runner.hpp"

namespace clonebench {
namespace {

// With --precision or --max-time the number of rounds is not known in advance: the round and
// what ends the sweep are shown instead of a total.
void report_sweep_progress(const SweepSettings& settings, std::size_t done, std::size_t total,
                           std::uint64_t bytes, double elapsed_s) {
  if (settings.precision || settings.max_time_s) {
    const std::string until =
        settings.precision ? fmt::format("±{:g} % per page or {}", *settings.precision * 100,
                                         clock_duration(settings.max_time_s.value_or(0)))
                           : clock_duration(settings.max_time_s.value_or(0)) + " (--max-time)";
    fmt::print(stderr, "clonebench: sweep run {} (round {}) at --rss {}, {} spent; until {}\n",
               done + 1, done / settings.design().size() + 1, format_size(bytes),
               clock_duration(elapsed_s), until);
  } else {
    fmt::print(stderr, "clonebench: sweep run at --rss {}: {}\n", format_size(bytes),
               progress_counts(done + 1, total, elapsed_s));
  }
}

// One group per --rss size, smallest first.
std::vector<LabelledProfile> profiles_by_size(const std::vector<RunRecord>& runs) {
  std::map<std::uint64_t, std::vector<const RunRecord*>> by_size;
  for (const RunRecord& record : runs) {
    by_size[record.result.requested_rss_bytes()].push_back(&record);
  }
  std::vector<LabelledRuns> groups;
  for (const auto& [bytes, records] : by_size) {
    groups.emplace_back("rss " + format_size(bytes), records);
  }
  return merged_profiles(groups);
}

std::string experiment_tag(const std::string& started_at, std::uint64_t seed) {
  return experiment_tag(ExperimentKind::kSweep, started_at, fmt::format("{:04x}", seed & 0xffff));
}

}  // namespace

int run_sweep_experiment(const SweepPlan& plan, const StorageOptions& storage,
                         const std::string& json_path, bool quiet,
                         MachineSettingsLock* settings_lock) {
  check_outputs({{json_path, "--json", {}}}, database_path(storage.db_path));
  const std::optional<PerfSetup> profiler = prepare_profiler(plan.profile);
  ExperimentSession session(
      ExperimentKind::kSweep,
      [&plan](const std::string& created_at) {
        return experiment_tag(created_at, plan.settings.seed);
      },
      storage);
  session.begin();
  SweepSummary summary;
  std::vector<RunRecord> profiled_runs;  // with --profile only: whose profiles merge per size
  session.measure([&] {
    const RunObserver observer = session.observer(
        [&plan](std::size_t done, std::size_t total, const StressorJob& job, double elapsed_s) {
          report_sweep_progress(plan.settings, done, total, job.parent.bytes, elapsed_s);
        },
        quiet, profiler,
        [&profiled_runs](RunRecord& record) {
          if (record.profile) {
            profiled_runs.push_back(record);
          }
        });
    summary = run_sweep(plan.job, plan.settings, session.signals(), observer, settings_lock);
  });
  const nlohmann::json stored = sweep_summary_to_json(summary);
  session.finish(stored);
  const std::vector<LabelledProfile> profiles = profiles_by_size(profiled_runs);
  const auto document = [&] {
    return dump_json(sweep_document_to_json(environment_to_json(session.environment()), summary,
                                            profiles),
                     2) +
           "\n";
  };
  if (write_outputs({{json_path, "--json", document}})) {
    fmt::print("{}", render_sweep(summary));
    if (const SweepPreset* preset = find_sweep_preset(plan.preset)) {
      fmt::print("{}", render_preset_comparison(*preset, summary));
    }
    if (!plan.predict.empty() && summary.model) {
      fmt::print("\n{}", render_prediction(*summary.model, parse_shape(plan.predict, "--predict"),
                                           printable(plan.predict)));
    }
    fmt::print("{}", render_profile_section("kernel profile at each size, its rounds added up",
                                            profiles, compound_head_of(session.environment())));
  }
  session.say_where_stored();
  return kExitOk;
}

}  // namespace clonebench
