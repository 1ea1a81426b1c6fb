// A kernels result in its stored form (record/kernels_summary.hpp), and through that form's
// codec and compare's, its clonebench-kernels/1 document (docs/kernels.md).

#include "kernels/kernels_result.hpp"

#include <fmt/core.h>

#include "compare/bisect.hpp"
#include "compare/compare_json.hpp"
#include "compare/renderers.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/instruction_metrics.hpp"
#include "record/kernels_summary_json.hpp"

namespace clonebench {
namespace {

KernelsSummarySide stored_side(const KernelSide& side) {
  return {side.label,       side.image.path, side.image.sha256,
          side.image.bytes, side.release,    side.append};
}

KernelsSummaryBoot stored_boot(const BootRecord& boot) {
  std::vector<KernelsSummaryValues> values;
  for (const BootJobValues& job : boot.values) {
    values.push_back({job.job, job.warmup, job.runs, job.phases});
  }
  return {boot.sequence,
          boot.image == Image::kA ? "a" : "b",
          boot.ok,
          boot.boot_id,
          boot.release,
          boot.runs,
          boot.wall_s,
          boot.failure,
          boot.last_lines,
          boot.boot_seed,
          boot.guest_boot_id,
          std::move(values)};
}

}  // namespace

std::size_t KernelsResult::failed_boots() const noexcept {
  std::size_t failed = 0;
  for (const BootRecord& boot : boots) {
    failed += boot.ok ? 0 : 1;
  }
  return failed;
}

std::string headline_metric(Measure measure) {
  return std::string(run_metric_table(measure == Measure::kInstructions).headline);
}

std::string headline_unit(Measure measure) {
  return metric_info(headline_metric(measure)).unit;
}

std::string side_name(const KernelsResult& result, const KernelSide& side) {
  const std::string release = side.release.empty() ? "release unknown" : printable(side.release);
  if (!result.same_image()) {
    return fmt::format("{} ({})", printable(side.label), release);
  }
  return fmt::format("{} ({}, {})", printable(side.label), release,
                     side.append.empty() ? std::string("no own options")
                                         : "append \"" + printable(side.append) + "\"");
}

std::string measure_notice(const KernelsResult& result) {
  if (result.measure == Measure::kInstructions) {
    return kKernelsInstructionsNotice;
  }
  return result.emulated() ? std::string(kKernelsEmulationNotice) : std::string();
}

std::string precision_plan_text(const KernelsResult& result) {
  return fmt::format(
      "--precision {:g}%: after the planned boots, 2 boots a side at a time until the 95 % "
      "interval is within ±{:g} % (a rank interval needs at least 4 boots a side at α = 0.05)",
      result.precision_pct.value_or(0), result.precision_pct.value_or(0));
}

std::string precision_reached_text(const KernelsResult& result) {
  std::size_t a = 0, b = 0;
  for (const BootRecord& boot : result.boots) {
    (boot.image == Image::kA ? a : b) += boot.ok ? 1 : 0;
  }
  return a == b ? fmt::format("precision reached with {} boots a side", a)
                : fmt::format("precision reached with {} boots of A and {} of B", a, b);
}

KernelsSummary kernels_summary_of(const KernelsResult& result) {
  std::vector<KernelsSummaryBoot> boots;
  for (const BootRecord& boot : result.boots) {
    boots.push_back(stored_boot(boot));
  }
  KernelsSummary summary;
  summary.experiment = result.tag;
  summary.spec = result.spec;
  summary.accelerator = accelerator_name(result.accelerator);
  summary.emulated = result.emulated();
  summary.accelerator_note = result.accelerator_note;
  summary.seed = result.seed;
  summary.boot_order = result.order;
  summary.runs_per_boot = result.runs_per_boot;
  summary.guest_cpus = result.cpus;
  summary.guest_memory_mb = result.memory_mb;
  summary.guest_append = result.append;
  summary.a = stored_side(result.a);
  summary.b = stored_side(result.b);
  summary.boots = std::move(boots);
  summary.failed_boots = result.failed_boots();
  summary.stop_reason = result.stop_reason;
  summary.measure = std::string(measure_name(result.measure));
  summary.metric = headline_metric(result.measure);
  summary.unit = headline_unit(result.measure);
  summary.warmup_runs = result.warmup_runs;
  summary.jobs = result.jobs_at_once;
  summary.wall_s = result.wall_s;
  if (result.hvo_key) {
    KernelsSummaryHvoKey preset{result.hvo_key->small_bytes, result.hvo_key->large_bytes, {}};
    if (const auto& cost = result.hvo_key->pte_cost) {
      const auto bound = [&cost](double end) {
        return cost->enough_boots ? std::optional<double>(end) : std::nullopt;
      };
      preset.per_pte =
          KernelsSummaryPteCost{cost->estimate,     {bound(cost->ci_low), bound(cost->ci_high)},
                                cost->boots_off,    cost->boots_on,
                                cost->off_per_page, cost->on_per_page};
    }
    summary.hvo_key = preset;
  }
  return summary;
}

nlohmann::ordered_json kernels_to_json(const KernelsResult& result) {
  return kernels_summary_to_json(
      kernels_summary_of(result),
      result.comparison ? compare_to_json(*result.comparison) : nlohmann::ordered_json(nullptr));
}

std::string render_kernels_json(const KernelsResult& result) {
  return dump_json(kernels_to_json(result), 2) + "\n";
}

int kernels_exit_code(const KernelsResult& result) {
  return result.comparison ? kExitOk : kExitFailure;
}

int kernels_bisect_code(const KernelsResult& result) {
  if (result.failed_boots() > 0 || !result.comparison) {
    return kBisectSkip;
  }
  return bisect_exit_code(*result.comparison);
}

}  // namespace clonebench
