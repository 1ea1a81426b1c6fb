#include "runner/aggregate.hpp"

#include <algorithm>
#include <cstdint>

#include "core/error.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

RunOptions job_options(const StressorJob& job, std::uint64_t live_limit) {
  RunOptions options;
  options.timeout_s = job.timeout_s;
  options.warm_up_s = effective_warm_up_s(job);
  options.max_ops = job.max_ops;
  options.rss_bytes = job.parent.bytes;
  options.rss_kind = std::string(parent_kind_name(job.parent.kind));
  options.vmas = job.parent.vmas;
  options.seed = job.seed;
  options.pin_cpus = job.pin_cpus;
  options.phase_every = job.phase_every;
  const StressorDef* def = find_stressor(job.stressor);
  if (def != nullptr && def->info.keeps_children_alive) {
    options.clone_max = job.clone_max;
    options.clone_max_effective = live_limit;
  }
  if (job.workload == Workload::kStressNg) {
    // stress-ng's seeding: --seed S seeds every instance with S, else each its own at random.
    options.workload = StressNgWorkloadOptions{job.seed_given, job.stress_ng};
  } else {
    options.workload = CleanWorkloadOptions{};
  }
  return options;
}

StressNgAccounting stress_ng_accounting(const StressorJob& job,
                                        const std::vector<const InstanceReport*>& instances) {
  StressNgAccounting accounting;
  double real_sum_s = 0;
  for (const InstanceReport* instance : instances) {
    const StressNgReport& report = instance->stress_ng;
    real_sum_s += static_cast<double>(report.real_ns) / 1e9;
    accounting.usr_time_s += static_cast<double>(report.user_ns) / 1e9;
    accounting.sys_time_s += static_cast<double>(report.system_ns) / 1e9;
    accounting.max_rss_kb = std::max(accounting.max_rss_kb, report.max_rss_kb);
    if (report.metric_set != 0) {
      accounting.metric_values.push_back(report.metric_value);
    }
  }
  if (!instances.empty()) {
    accounting.real_time_s = real_sum_s / static_cast<double>(instances.size());
  }
  if (const StressorDef* def = find_stressor(job.stressor);
      def != nullptr && !accounting.metric_values.empty()) {
    accounting.metric = std::string(def->info.stress_ng_metric);
  }
  return accounting;
}

void add_failures(const InstanceReport& instance, std::map<std::string, std::uint64_t>& failures) {
  for (int error = 0; error < kErrnoSlots; ++error) {
    if (instance.errno_failures[error] != 0) {
      failures[errno_name(error)] += instance.errno_failures[error];
    }
  }
  if (instance.child_failures != 0) {
    failures["CHILD_FAILED"] += instance.child_failures;
  }
  if (instance.wait_failures != 0) {
    failures["WAIT_FAILED"] += instance.wait_failures;
  }
}

}  // namespace

ThroughputSeries merge_intervals(const std::vector<const InstanceReport*>& instances) {
  std::int64_t width_ns = 0;
  for (const InstanceReport* instance : instances) {
    width_ns = std::max(width_ns, instance->intervals.width_ns);
  }
  ThroughputSeries series;
  if (width_ns <= 0) {
    return series;
  }
  std::int64_t longest_loop_ns = 0;
  for (const InstanceReport* instance : instances) {
    if (instance->intervals.width_ns <= 0) {
      continue;
    }
    IntervalSeries widened = instance->intervals;
    widened.widen_to(width_ns);
    if (series.ops.size() < widened.used) {
      series.ops.resize(widened.used, 0);
    }
    for (std::uint64_t i = 0; i < widened.used; ++i) {
      series.ops[i] += widened.ops[i];
    }
    longest_loop_ns = std::max(longest_loop_ns, instance->finish_ns - instance->start_ns.load());
  }
  series.interval_s = static_cast<double>(width_ns) / 1e9;
  if (!series.ops.empty()) {
    const std::int64_t before_last_ns = static_cast<std::int64_t>(series.ops.size() - 1) * width_ns;
    series.last_interval_s = static_cast<double>(std::clamp<std::int64_t>(
                                 longest_loop_ns - before_last_ns, 0, width_ns)) /
                             1e9;
  }
  return series;
}

RunResult aggregate_instances(const StressorJob& job, std::uint64_t live_limit,
                              const std::vector<const InstanceReport*>& instances) {
  RunResult result;
  result.stressor = job.stressor;
  result.instances = static_cast<std::uint32_t>(instances.size());
  std::int64_t first_start_ns = INT64_MAX, last_finish_ns = INT64_MIN;
  std::int64_t user_ns = 0;
  std::int64_t system_ns = 0;
  for (const InstanceReport* instance : instances) {
    result.bogo_ops += instance->bogo_ops;
    first_start_ns = std::min(first_start_ns, instance->start_ns.load());
    last_finish_ns = std::max(last_finish_ns, instance->finish_ns);
    user_ns += instance->loop_user_ns + instance->stray_user_ns;
    result.supervisor_reaped += instance->strays_reaped;
    system_ns += instance->loop_system_ns + instance->stray_system_ns;
    result.max_rss_kb = std::max(result.max_rss_kb, instance->peak_rss_kb);
    add_failures(*instance, result.failures);
    result.create.merge(instance->create);
    result.start.merge(instance->start);
    result.reap.merge(instance->reap);
  }
  if (!instances.empty()) {
    // The window the instances shared: from the first loop's start to the last loop's end. With
    // one instance it is that loop's time; with more instances than CPUs they start one after
    // another, and a mean of each loop's own time would count every op of a staggered start
    // as if all ran at once (docs/measurement.md, "Rates of many instances").
    result.real_time_s = static_cast<double>(last_finish_ns - first_start_ns) / 1e9;
    result.parent = instances.front()->parent;
  }
  result.usr_time_s = static_cast<double>(user_ns) / 1e9;
  result.sys_time_s = static_cast<double>(system_ns) / 1e9;
  result.intervals = merge_intervals(instances);
  result.options = job_options(job, live_limit);
  if (job.workload == Workload::kStressNg) {
    result.stress_ng = stress_ng_accounting(job, instances);
  }
  return result;
}

}  // namespace clonebench
