#pragma once
// The stored result of `clonebench kernels` (experiment kind "kernels", schema
// "clonebench-kernels/1", docs/kernels.md): the plan as it ran, every boot with its outcome, and
// the comparison with boots as the units. kernels/ measures a KernelsResult and stores it in this
// form; report/ reads it back. Its one codec is kernels_summary_json.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/ab_summary.hpp"

namespace clonebench {

inline constexpr const char* kKernelsSchema = "clonebench-kernels/1";

// The sentence every output of an emulated kernels experiment carries.
inline constexpr const char* kKernelsEmulationNotice =
    "Emulated (QEMU TCG, no KVM): these timings measure an emulator and do not represent the "
    "speed of either kernel on hardware; use them to check that things work, not to judge a "
    "kernel.";

struct KernelsSummarySide {
  std::string label;  // stored label of its runs ("<tag>:a")
  std::string image;  // the path as given
  std::string image_sha256;
  std::uint64_t image_bytes = 0;
  std::string kernel_release;  // as the guest reported it (empty until a boot worked)
};

struct KernelsSummaryBoot {
  std::uint64_t sequence = 0;  // 1-based position in the boot order
  std::string image;           // "a" | "b"
  bool ok = false;
  std::string boot_id, kernel_release;
  std::uint64_t runs = 0;
  double wall_s = 0;
  std::string failure;                          // when not ok
  std::vector<std::string> last_console_lines;  // when not ok
};

struct KernelsSummary {
  std::string experiment;   // the stored experiment's tag; empty with --no-store
  std::string spec;         // the run spec, as given
  std::string accelerator;  // "kvm" | "tcg"
  bool emulated = false;    // TCG: the timings are an emulator's
  std::string accelerator_note;
  std::uint64_t seed = 0;
  std::string boot_order;
  std::uint64_t runs_per_boot = 0;
  std::uint64_t guest_cpus = 1, guest_memory_mb = 512;
  std::string guest_append;
  // Absent only from summaries written without them (a report then shows "?").
  std::optional<KernelsSummarySide> a, b;
  std::vector<KernelsSummaryBoot> boots;
  std::uint64_t failed_boots = 0;
  std::string stop_reason;
  // compare's document (absent when a side had no successful boot), read as an ab summary reads
  // it; the encoder takes it already encoded (compare/renderers.hpp compare_to_json).
  std::optional<AbSummary> comparison;
};

}  // namespace clonebench
