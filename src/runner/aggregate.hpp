#pragma once
// Instances' raw numbers → one RunResult with stress-ng's formulas (reference/stress-ng.md §5.1).

#include <span>

#include "core/run_record.hpp"
#include "runner/instance_shared.hpp"
#include "runner/job.hpp"

namespace clonebench {

// bogo ops and CPU times are sums over instances, real time the mean of the instances' loop
// times, max RSS the maximum, histograms merged; failures named by errno.
RunResult aggregate_instances(const StressorJob& job, std::span<const InstanceShared> instances);

}  // namespace clonebench
