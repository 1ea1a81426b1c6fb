#pragma once
// The spread of a stressor's repeated runs under `run`'s table, as hyperfine prints it beside
// its mean: for each group of runs of one stressor with the same instances and comparable options
// (record/run_options.hpp comparable_options: never runs of different settings pooled), when it
// holds two runs or more, the rates' mean ± σ (sample standard deviation, n − 1) and their
// min … max. Pure: same document, same bytes; empty when no group repeats.

#include <string>

#include "record/run_record.hpp"

namespace clonebench {

std::string render_run_spread(const RunDocument& document);

}  // namespace clonebench
