#include "runner/aggregate.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace clonebench {
namespace {

nlohmann::json job_options(const StressorJob& job, std::uint64_t live_limit) {
  nlohmann::json options = {{"timeout_s", job.timeout_s},    {"max_ops", job.max_ops},
                            {"rss_bytes", job.parent.bytes}, {"rss_kind", job.parent.kind},
                            {"vmas", job.parent.vmas},       {"seed", job.seed},
                            {"pin_cpus", job.pin_cpus}};
  if (job.stressor == "clone") {
    options["clone_max"] = job.clone_max;
    options["clone_max_effective"] = live_limit;
  }
  return options;
}

ParentMemory parent_memory(const StressorJob& job, const ParentMemoryNumbers& numbers) {
  ParentMemory parent;
  parent.kind = job.parent.kind;
  parent.requested_bytes = job.parent.bytes;
  parent.vmas_requested = job.parent.vmas;
  parent.rss_kb = numbers.rss_kb;
  parent.anonymous_kb = numbers.anonymous_kb;
  parent.anon_huge_kb = numbers.anon_huge_kb;
  parent.shared_kb = numbers.shared_kb;
  parent.hugetlb_kb = numbers.hugetlb_kb;
  parent.vma_count = numbers.vma_count;
  parent.region_rss_kb = numbers.region_rss_kb;
  parent.region_anonymous_kb = numbers.region_anonymous_kb;
  return parent;
}

}  // namespace

RunResult aggregate_instances(const StressorJob& job, std::span<const InstanceShared> instances) {
  RunResult result;
  result.stressor = job.stressor;
  result.instances = static_cast<std::uint32_t>(instances.size());
  double real_sum_s = 0;
  std::int64_t user_ns = 0;
  std::int64_t system_ns = 0;
  std::uint64_t live_limit = 0;
  for (const InstanceShared& instance : instances) {
    result.bogo_ops += instance.bogo_ops;
    real_sum_s += static_cast<double>(instance.finish_ns - instance.start_ns.load()) / 1e9;
    user_ns += instance.loop_user_ns + instance.stray_user_ns;
    system_ns += instance.loop_system_ns + instance.stray_system_ns;
    result.max_rss_kb = std::max(result.max_rss_kb, instance.peak_rss_kb);
    live_limit = std::max(live_limit, instance.live_limit);
    for (int error = 0; error < kErrnoSlots; ++error) {
      if (instance.errno_failures[error] != 0) {
        result.failures[errno_name(error)] += instance.errno_failures[error];
      }
    }
    if (instance.child_failures != 0) {
      result.failures["CHILD_FAILED"] += instance.child_failures;
    }
    if (instance.wait_failures != 0) {
      result.failures["WAIT_FAILED"] += instance.wait_failures;
    }
    result.create.merge(instance.create);
    result.start.merge(instance.start);
    result.reap.merge(instance.reap);
  }
  if (!instances.empty()) {
    result.real_time_s = real_sum_s / static_cast<double>(instances.size());
    result.parent = parent_memory(job, instances.front().parent);
  }
  result.usr_time_s = static_cast<double>(user_ns) / 1e9;
  result.sys_time_s = static_cast<double>(system_ns) / 1e9;
  result.options = job_options(job, live_limit);
  return result;
}

}  // namespace clonebench
