#pragma once
// Where the kernel spent a measured window, from `--profile` (docs/kernel.md): sample counts of
// the whole machine, the kernel functions sampled most, and the fork/exit page-table path. Plain
// data; shares are counts divided by all samples, computed in one place.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace clonebench {

// A symbol or a path group and the samples charged to it: of the whole machine, and of
// clonebench's own processes (the ones measured; the machine may be busy with others).
struct ProfileCount {
  std::string name;
  std::uint64_t samples = 0;
  std::uint64_t own_samples = 0;
};

struct KernelProfile {
  std::string event;                 // "cpu-clock" (software timer) or "cycles" (hardware)
  std::uint32_t frequency_hz = 0;    // sampling frequency per CPU
  double window_s = 0;               // wall time the events were enabled
  std::uint64_t samples = 0;         // every sample of every CPU in the window
  std::uint64_t kernel_samples = 0;  // the CPU was running kernel code
  std::uint64_t idle_samples = 0;    // the CPU had nothing to run (pid 0)
  std::uint64_t own_samples = 0;     // clonebench's processes (command name clonebench*)
  // Kernel functions by samples in the function itself (the sampled instruction): the most
  // sampled on the whole machine and the most sampled in clonebench's processes.
  std::vector<ProfileCount> top_kernel_symbols;
  // The groups of kernel/fork_path.hpp: samples whose call chain passes through the group.
  std::vector<ProfileCount> paths;

  // `count` as a share of all samples, 0 when there are none.
  double share(std::uint64_t count) const noexcept {
    return samples > 0 ? static_cast<double>(count) / static_cast<double>(samples) : 0.0;
  }
  // `count` as a share of clonebench's own samples, 0 when there are none.
  double own_share(std::uint64_t count) const noexcept {
    return own_samples > 0 ? static_cast<double>(count) / static_cast<double>(own_samples) : 0.0;
  }
};

// A profile with what it is of: an arm ("a"), a size ("64M").
using LabelledProfile = std::pair<std::string, KernelProfile>;

}  // namespace clonebench
