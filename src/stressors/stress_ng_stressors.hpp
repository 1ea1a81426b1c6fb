#pragma once
// The stress-ng workloads of the stressors that have one (their StressorDef names them).

#include <memory>

#include "stressors/stress_ng_workload.hpp"

namespace clonebench {

std::unique_ptr<StressNgWorkload> make_stress_ng_clone();
std::unique_ptr<StressNgWorkload> make_stress_ng_fork();
std::unique_ptr<StressNgWorkload> make_stress_ng_vfork();

}  // namespace clonebench
