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
#include "record/summary_field.hpp"

namespace clonebench {

inline constexpr const char* kKernelsSchema = "clonebench-kernels/1";

// The sentence every output of an emulated kernels experiment carries.
inline constexpr const char* kKernelsEmulationNotice =
    "Emulated (QEMU TCG, no KVM): these timings measure an emulator and do not represent the "
    "speed of either kernel on hardware; use them to check that things work, not to judge a "
    "kernel.";

// The sentence every output of a kernels experiment measured in instructions carries: what an
// instruction count is, and is not.
inline constexpr const char* kKernelsInstructionsNotice =
    "Counted in guest instructions (QEMU TCG with icount: the guest's clock advances 1 ns per "
    "executed instruction, whatever the host's load), lower is better. A count includes every "
    "instruction the guest executes for an operation (the kernel's paths, page faults, calls "
    "and returns, interrupts that fall in the window); it misses cache and TLB misses, branch "
    "mispredictions, memory bandwidth and what a mitigation costs in a real pipeline. It is "
    "exact, and it is no time.";

struct KernelsSummarySide {
  std::string label;  // stored label of its runs ("<tag>:a")
  std::string image;  // the path as given
  std::string image_sha256;
  std::uint64_t image_bytes = 0;
  std::string kernel_release;  // as the guest reported it (empty until a boot worked)
  std::string append;          // the side's own command line (--a-append, --b-append)
};

// One job's values in one boot, in the summary's metric.
struct KernelsSummaryValues {
  std::string job;
  std::vector<double> warmup, runs;
  std::vector<std::pair<std::string, double>> phases;  // instructions: phase → median mean count
};

struct KernelsSummaryBoot {
  std::uint64_t sequence = 0;  // 1-based position in the boot order
  std::string image;           // "a" | "b"
  bool ok = false;
  std::string boot_id, kernel_release;  // boot_id: the experiment's name for the boot
  std::uint64_t runs = 0;
  double wall_s = 0;
  std::string failure;                          // when not ok
  std::vector<std::string> last_console_lines;  // when not ok
  std::string boot_seed, guest_boot_id;         // the boot's seed; the guest kernel's boot id
  std::vector<KernelsSummaryValues> values;     // when ok
};

// --preset hvo-key: the two parent sizes, and the key's cost per 4 KiB page (on − off, in the
// summary's unit per page) with boots as the units; `per_pte` absent until both sides booted.
struct KernelsSummaryPteCost {
  double estimate = 0;
  SummaryInterval ci;  // an end is absent (null) with too few boots for the interval
  std::uint64_t boots_off = 0, boots_on = 0;
  double off_per_page = 0, on_per_page = 0;
};
struct KernelsSummaryHvoKey {
  std::uint64_t small_rss_bytes = 0, large_rss_bytes = 0;
  std::optional<KernelsSummaryPteCost> per_pte;
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
  // "time" | "instructions" (--measure), the metric of the boots' values with its unit, the
  // warm-up runs per boot and the boots run at once. Summaries written before these existed
  // read as timing, no warm-up, one at a time.
  std::string measure = "time";
  std::string metric = "ops_per_sec_real";
  std::string unit = "ops/s";
  std::uint64_t warmup_runs = 0, jobs = 1;
  double wall_s = 0;
  std::optional<KernelsSummaryHvoKey> hvo_key;
  // compare's document (absent when a side had no successful boot), read as an ab summary reads
  // it; the encoder takes it already encoded (compare/renderers.hpp compare_to_json).
  std::optional<AbSummary> comparison;
};

}  // namespace clonebench
