#include "worker/stress_ng_run.hpp"

#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "core/error.hpp"
#include "memory/parent_memory.hpp"
#include "process/process_control.hpp"
#include "process/soft_limits.hpp"
#include "stressors/stressor.hpp"
#include "sys/clock.hpp"
#include "worker/instance_set_up.hpp"
#include "worker/job_page.hpp"

namespace clonebench {
namespace {

// The worker's answers to stress-ng's keep_stressing() and inc_counter().
class ReportProbe final : public WorkloadProbe {
 public:
  ReportProbe(InstanceReport& report, std::int64_t deadline_ns, std::uint64_t max_ops)
      : report_(report), deadline_ns_(deadline_ns), max_ops_(max_ops) {}

  bool keep_running() noexcept override {
    return monotonic_now_ns() < deadline_ns_ && report_.stop.load(std::memory_order_relaxed) == 0 &&
           (max_ops_ == 0 || report_.bogo_ops < max_ops_);
  }
  std::int64_t before_call() noexcept override { return monotonic_now_ns(); }
  void call_succeeded(std::int64_t before_ns) noexcept override {
    report_.create.add(static_cast<std::uint64_t>(monotonic_now_ns() - before_ns));
  }
  void call_failed(int error) noexcept override {
    report_.errno_failures[std::clamp(error, 0, kErrnoSlots - 1)] += 1;
  }
  void bogo_op() noexcept override {
    ++report_.bogo_ops;
    report_.intervals.add(monotonic_now_ns());
  }

 private:
  InstanceReport& report_;
  std::int64_t deadline_ns_;
  std::uint64_t max_ops_;
};

// Wall clock and CPU time at one moment, to take differences of.
struct Moment {
  std::int64_t wall_ns = 0;
  std::int64_t user_ns = 0, system_ns = 0;
};

Moment now_with_self_time() noexcept {
  rusage self{};
  ::getrusage(RUSAGE_SELF, &self);
  return Moment{monotonic_now_ns(), user_time_ns(self), system_time_ns(self)};
}

// What lives from the set-up to the end of the instance.
struct Setup {
  std::unique_ptr<StressNgWorkload> workload;
  std::optional<ParentRegion> region;
  ProcessFootprint baseline;
};

void set_up(const WorkerJob& job, Setup& setup) {
  pin_instance(job);
  const StressorDef* def = find_stressor(job.stressor_name());
  if (def == nullptr || def->make_stress_ng == nullptr) {
    throw UsageError("--workload stress-ng: stress-ng has no '" + std::string(job.stressor_name()) +
                     "' stressor");
  }
  setup.workload = def->make_stress_ng();
  setup.baseline = measure_footprint();
  setup.region.emplace(job.parent);  // --rss: a parent beyond stress-ng's own, if asked for
  // stress-ng raises its limits before its clock starts.
  raise_soft_limits_to_hard();
}

// The parent as it forks (stress-ng's ballast included), read from /proc; the time this takes
// is clonebench's, so it is returned to be taken out of stress-ng's accounting.
Moment measure_parent(const Setup& setup, InstanceReport& report) {
  const Moment before = now_with_self_time();
  report.parent = setup.region->measure(setup.baseline);
  ::malloc_trim(0);  // the /proc text is freed: fork copies none of it
  const Moment after = now_with_self_time();
  return Moment{after.wall_ns - before.wall_ns, after.user_ns - before.user_ns,
                after.system_ns - before.system_ns};
}

void account(const Moment& stress_ng_start, const Moment& loop_start, const Moment& excluded,
             const StressNgWorkload& workload, InstanceReport& report) {
  const Moment end = now_with_self_time();
  report.finish_ns = end.wall_ns;
  rusage children{};
  if (::getrusage(RUSAGE_CHILDREN, &children) != 0) {
    throw_errno("getrusage(RUSAGE_CHILDREN) after the loop");
  }
  const std::int64_t children_user_ns = user_time_ns(children);
  const std::int64_t children_system_ns = system_time_ns(children);
  report.loop_user_ns = end.user_ns - loop_start.user_ns + children_user_ns;
  report.loop_system_ns = end.system_ns - loop_start.system_ns + children_system_ns;
  report.peak_rss_kb = read_peak_rss_kb();
  StressNgReport& stress_ng = report.stress_ng;
  stress_ng.real_ns = end.wall_ns - stress_ng_start.wall_ns - excluded.wall_ns;
  stress_ng.user_ns = end.user_ns - stress_ng_start.user_ns - excluded.user_ns + children_user_ns;
  stress_ng.system_ns =
      end.system_ns - stress_ng_start.system_ns - excluded.system_ns + children_system_ns;
  stress_ng.max_rss_kb =
      std::max<std::uint64_t>(report.peak_rss_kb, static_cast<std::uint64_t>(children.ru_maxrss));
  double metric = 0;
  if (workload.misc_metric(metric)) {
    stress_ng.metric_set = 1;
    stress_ng.metric_value = metric;
  }
}

void measure(const WorkerJob& job, Setup& setup, InstanceReport& report) {
  const Moment stress_ng_start = now_with_self_time();
  setup.workload->prepare(job);
  const Moment excluded = measure_parent(setup, report);
  const Moment loop_start = now_with_self_time();
  report.start_ns.store(loop_start.wall_ns);
  report.phase.store(static_cast<int>(InstancePhase::kRunning));
  report.intervals.begin(loop_start.wall_ns);
  // stress-ng's alarm is armed before its set-up: the loop has what the set-up left of it.
  ReportProbe probe(report, stress_ng_start.wall_ns + job.timeout_ns, job.max_ops);
  setup.workload->run(probe);
  setup.workload->finish();
  account(stress_ng_start, loop_start, excluded, *setup.workload, report);
  report.phase.store(static_cast<int>(InstancePhase::kDone));
}

}  // namespace

int run_stress_ng_instance(WorkerPage& page) noexcept {
  InstanceReport& report = page.report;
  Setup setup;
  return run_reporting_failure(report, [&] {
    set_up(page.job, setup);
    measure(page.job, setup, report);
  });
}

}  // namespace clonebench
