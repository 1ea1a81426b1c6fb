#pragma once
// What every long command (`run --runs`, `ab`, `sweep`, `scale`, `model`) shows on a terminal
// before each run: how far it is, the time spent and the time left. Pure text; whether to print at
// all is progress_wanted()'s answer, so output to a file or a pipe never changes.

#include <cstddef>
#include <string>

namespace clonebench {

// Minutes and seconds ("0:07", "12:30"), hours when needed ("1:02:03"); negative counts as 0.
std::string clock_duration(double seconds);

// "3/10, 0:12 spent, about 0:28 left" for the 3rd of 10 runs about to start after 0:12: the time
// left is the mean time of the runs done so far times the runs still to come (this one
// included); unknown, and not shown, before the first run has ended. `setup_s` of the time
// spent went to preparation before the first run (model's simulated memory), not to runs.
std::string progress_counts(std::size_t index, std::size_t planned, double elapsed_s,
                            double setup_s = 0);

// True when stderr is a terminal and --quiet was not given.
bool progress_wanted(bool quiet);

}  // namespace clonebench
