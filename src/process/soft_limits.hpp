#pragma once
// stress-ng's stress_set_max_limits(): every soft resource limit it knows raised to its hard
// limit (errors ignored), so that a run is bounded by what the system allows, not by the shell's
// defaults. With it RLIMIT_NOFILE rises from 1024 to the hard limit, which lets leaked pidfds pile
// up for longer.

namespace clonebench {

void raise_soft_limits_to_hard() noexcept;

}  // namespace clonebench
