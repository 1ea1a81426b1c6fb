#pragma once
// The two parents of both hvo-key presets (`ab --preset hvo-key` on the host, `kernels --preset
// hvo-key` in guests), described once: SPEC's parent, which must be anonymous 4 KiB pages of at
// least 1 MiB (the fake-head test the key turns on runs once per PTE of such pages), and a
// quarter of it, so that the key's cost per page is the slope between the two.

#include <string_view>

#include "record/job.hpp"

namespace clonebench {

struct HvoKeyJobs {
  StressorJob small;  // SPEC at a quarter of its --rss, in whole pages
  StressorJob large;  // SPEC as given
};

// Throws UsageError naming SPEC (`spec`, the text the user gave) when its parent is not one the
// preset can measure.
HvoKeyJobs hvo_key_jobs(const StressorJob& spec_job, std::string_view spec);

}  // namespace clonebench
