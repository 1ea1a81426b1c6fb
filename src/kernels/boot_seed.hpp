#pragma once
// Every boot's randomness as a recorded function of the experiment's seed and the boot's index
// (docs/kernels.md, "What makes boots differ"). Under TCG a guest's only sources of boot-to-boot
// difference are the clock it reads at boot (QEMU's RTC, by default the host's wall clock) and
// what QEMU hands it; with icount every other event lands at the same instruction. So each boot
// gets its RTC from a fixed base plus a seeded offset (advancing with the guest's own clock, not
// the host's) and a seeded word on its kernel command line, which the kernel mixes into its
// random pool before it draws anything (slab freelists, page shuffling, the boot id, ASLR of the
// worker). Two boots of one experiment differ by their indexes only, whichever side they boot;
// the same seed boots the same guests again. Pure.

#include <cstdint>
#include <string>

namespace clonebench {

struct BootSeed {
  std::uint64_t value = 0;        // the boot's own seed
  std::string rtc_base;           // QEMU's -rtc base=: "2024-03-05T07:08:09"
  std::string command_line_word;  // "clonebench.boot_seed=<16 hex digits>"
};

// The seed of boot `index` (1-based position in the boot order) of an experiment seeded with
// `experiment_seed`: splitmix64 of both, so that neighbouring indexes share nothing.
BootSeed boot_seed(std::uint64_t experiment_seed, std::size_t index);

// The boot's identity in stored runs and comparisons: "<experiment tag>/boot-<index>". A guest's
// own boot id is no identity: boots seeded alike are alike down to it.
std::string boot_identity(const std::string& experiment_tag, std::size_t index);

}  // namespace clonebench
