#include "scale/scale_experiment.hpp"

#include <fmt/core.h>

#include <optional>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "experiment/output_table.hpp"
#include "experiment/progress_line.hpp"
#include "record/environment_json.hpp"
#include "record/scale_summary_json.hpp"
#include "scale/scale_render.hpp"
#include "scale/scale_runner.hpp"

namespace clonebench {
namespace {

void report_scale_progress(std::size_t done, std::size_t total, std::uint32_t instances,
                           double elapsed_s) {
  fmt::print(stderr, "clonebench: scale run with {} instance(s): {}\n", instances,
             progress_counts(done + 1, total, elapsed_s));
}

}  // namespace

int run_scale_experiment(const ScalePlan& plan, const StorageOptions& storage,
                         const std::string& json_path, bool quiet) {
  check_outputs({{json_path, "--json", {}}}, database_path(storage.db_path));
  ExperimentSession session(
      ExperimentKind::kScale,
      [&plan](const std::string& created_at) {
        return experiment_tag(ExperimentKind::kScale, created_at,
                              fmt::format("{:04x}", plan.settings.seed & 0xffff));
      },
      storage);
  session.begin();
  ScaleSummary summary;
  session.measure([&] {
    const RunObserver observer = session.observer(
        [](std::size_t done, std::size_t total, const StressorJob& job, double elapsed_s) {
          report_scale_progress(done, total, job.instances, elapsed_s);
        },
        quiet, std::nullopt);
    summary = run_scale(plan.job, plan.settings, session.signals(), observer);
  });
  session.finish(scale_summary_to_json(summary));
  const auto document = [&] {
    return dump_json(scale_document_to_json(environment_to_json(session.environment()), summary),
                     2) +
           "\n";
  };
  if (write_outputs({{json_path, "--json", document}})) {
    fmt::print("{}", render_scale(summary));
  }
  session.say_where_stored();
  return kExitOk;
}

}  // namespace clonebench
