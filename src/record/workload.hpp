#pragma once
// What the children and the forking process do around each creating call. `clean` measures
// creation alone and accounts for every child; `stress-ng` reproduces stress-ng 0.15.06's fork,
// vfork and clone (child work, reaping, zombies, leaked pidfds, limits, seeding) so that its
// numbers can be repeated with honest statistics. docs/measurement.md compares the two.

#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

namespace clonebench {

enum class Workload : std::uint32_t { kClean = 0, kStressNg = 1 };

// "clean", "stress-ng".
std::string_view workload_name(Workload workload) noexcept;
// nullopt for an unknown name.
std::optional<Workload> workload_from_name(std::string_view name) noexcept;
// "clean or stress-ng", for messages.
std::string_view workload_choices() noexcept;

// stress-ng's --fork-max and --vfork-max range (MIN_FORKS, MAX_FORKS in stress-fork.c).
inline constexpr std::uint32_t kStressNgMaxForks = 16000;

// stress-ng's fork and vfork options, as stress-ng defines them. Plain data: it crosses the exec
// inside the worker's job.
struct StressNgOptions {
  std::uint32_t fork_max = 1;     // --fork-max: children created per round, then waited for
  std::uint32_t vfork_max = 1;    // --vfork-max
  std::uint8_t fork_vm = 0;       // --fork-vm: children madvise and page in the whole process
  std::uint8_t fork_pageout = 0;  // --fork-pageout (stress-ng 0.17.08): MADV_PAGEOUT each round
  std::uint8_t fork_unmap = 0;    // --fork-unmap (stress-ng 0.17.06): drop its shared libraries
  std::uint8_t reserved = 0;
  bool operator==(const StressNgOptions&) const = default;
};

static_assert(std::is_trivially_copyable_v<StressNgOptions>, "it crosses the exec as bytes");

}  // namespace clonebench
