#pragma once
// What a change in percent means for one operation (issue 35, item 9): beside "-2.4 %" of
// ops/s, the time each operation gained or lost ("+0.52 µs/op"); of a latency in µs, the change
// in µs; of an instruction count, the change in instructions, never a time. Taken from A's
// median and the estimated change, so that it reads with the percentage it stands beside.

#include <optional>
#include <string>

#include "compare/comparison.hpp"

namespace clonebench {

// "+0.52 µs/op", "-3.1 µs", "+1240 instructions"; nullopt for a metric of any other unit (KiB,
// %, sec, a unit-less value) or when the change is not finite.
std::optional<std::string> per_op_change(const MetricComparison& metric);

}  // namespace clonebench
