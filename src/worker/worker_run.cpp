#include "worker/worker_run.hpp"

#include <malloc.h>
#include <sys/resource.h>

#include <memory>
#include <optional>

#include "core/error.hpp"
#include "memory/parent_memory.hpp"
#include "process/mailbox.hpp"
#include "process/process_control.hpp"
#include "stressors/stressor.hpp"
#include "sys/clock.hpp"
#include "worker/instance_set_up.hpp"
#include "worker/stress_loop.hpp"
#include "worker/stress_ng_run.hpp"
#include "worker/warm_up.hpp"

namespace clonebench {
namespace {

// Everything the loop needs, built before the clock starts; destroyed after the loop (the
// region is unmapped, the mailbox closed).
struct Setup {
  std::unique_ptr<Stressor> stressor;
  std::optional<Mailbox> mailbox;
  std::optional<ChildRing> ring;
  std::optional<ParentRegion> region;
};

void set_up(const WorkerJob& job, InstanceReport& report, Setup& setup) {
  pin_instance(job);
  const StressorDef* def = find_stressor(job.stressor_name());
  if (def == nullptr) {
    throw UsageError("the job names an unknown stressor '" + std::string(job.stressor_name()) +
                     "'");
  }
  setup.stressor = def->make();
  setup.mailbox.emplace(static_cast<std::size_t>(job.mailbox_slots));
  setup.stressor->prepare(StressorContext{&job, &*setup.mailbox});
  setup.ring.emplace(static_cast<std::size_t>(job.live_limit));
  const ProcessFootprint baseline = measure_footprint();
  setup.region.emplace(job.parent);
  report.parent = setup.region->measure(baseline);
  if (def->info.drops_capabilities) {
    if (const int error = drop_capabilities(); error != 0) {
      throw_errno(std::string(def->info.name) + ": cannot drop capabilities", error);
    }
  }
  // Last, with everything in place, so that it runs exactly what the clock will measure.
  warm_up(*def, StressorContext{&job, &*setup.mailbox}, *setup.ring, job.warm_up_ns, report);
  // The text read from /proc above (and the warm-up's stressor) is freed; hand its pages back so
  // that fork copies none.
  ::malloc_trim(0);
}

void measure(const WorkerJob& job, Setup& setup, InstanceReport& report) noexcept {
  rusage self_before{};
  rusage children_before{};  // the warm-up's children, reaped already
  ::getrusage(RUSAGE_SELF, &self_before);
  ::getrusage(RUSAGE_CHILDREN, &children_before);
  const std::int64_t start_ns = monotonic_now_ns();
  report.start_ns.store(start_ns);
  report.phase.store(static_cast<int>(InstancePhase::kRunning));
  const LoopLimits limits{start_ns + job.timeout_ns, job.max_ops, job.phase_sample_every};
  run_stress_loop(*setup.stressor, *setup.mailbox, *setup.ring, limits, report);
  report.finish_ns = monotonic_now_ns();
  rusage self_after{};
  rusage children{};
  if (::getrusage(RUSAGE_SELF, &self_after) != 0 || ::getrusage(RUSAGE_CHILDREN, &children) != 0) {
    report_instance_failure(report, InstanceError::kRuntime, "getrusage failed after the loop");
    return;
  }
  report.loop_user_ns = user_time_ns(self_after) - user_time_ns(self_before) +
                        user_time_ns(children) - user_time_ns(children_before);
  report.loop_system_ns = system_time_ns(self_after) - system_time_ns(self_before) +
                          system_time_ns(children) - system_time_ns(children_before);
  report.peak_rss_kb = read_peak_rss_kb();
  report.phase.store(static_cast<int>(InstancePhase::kDone));
}

}  // namespace

int run_instance(WorkerPage& page) noexcept {
  if (page.job.workload == Workload::kStressNg) {
    return run_stress_ng_instance(page);
  }
  InstanceReport& report = page.report;
  Setup setup;
  if (const int code = run_reporting_failure(report, [&] { set_up(page.job, report, setup); });
      code != kWorkerDone) {
    return code;
  }
  measure(page.job, setup, report);
  return report.phase.load() == static_cast<int>(InstancePhase::kDone) ? kWorkerDone
                                                                       : kWorkerRuntime;
}

}  // namespace clonebench
