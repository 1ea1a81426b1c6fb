#pragma once
// Instances' raw numbers → one RunResult with stress-ng's formulas (docs/measurement.md).

#include <vector>

#include "record/job.hpp"
#include "record/run_record.hpp"
#include "record/worker_page.hpp"

namespace clonebench {

// bogo ops and CPU times are sums over instances, real time the mean of the instances' loop
// times, max RSS the maximum, histograms merged, interval series summed at a common width;
// failures named by errno. `live_limit` is the bound on live children the instances ran with.
RunResult aggregate_instances(const StressorJob& job, std::uint64_t live_limit,
                              const std::vector<const InstanceReport*>& instances);

// The instances' interval series summed index by index after widening each to the widest one.
// The last interval's length is the longest loop's remainder.
ThroughputSeries merge_intervals(const std::vector<const InstanceReport*>& instances);

}  // namespace clonebench
