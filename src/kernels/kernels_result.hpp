#pragma once
// The result of `clonebench kernels`: the plan as it ran (images, command lines, order, what was
// measured), every boot with its outcome and values, and the comparison with boots as the
// units. It is stored, and written with --json, in its record form (record/kernels_summary.hpp,
// whose codec is the one JSON codec); pure renderers (kernels_render.cpp) take it.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "kernels/boot_order.hpp"
#include "kernels/kernel_image.hpp"
#include "kernels/measure.hpp"
#include "kernels/qemu_boot.hpp"
#include "record/kernels_summary.hpp"

namespace clonebench {

struct KernelSide {
  std::string label;  // stored label of its runs ("<tag>:a")
  KernelImage image;
  std::string append;   // this side's own command line (--a-append, --b-append)
  std::string release;  // as the guest reported it (empty until a boot worked)
};

// One job's values in one boot, in the headline metric (kernels_result.hpp's headline_metric()).
struct BootJobValues {
  std::string job;             // the job's name ("fork", or "fork 64M" when there are several)
  std::vector<double> warmup;  // the warm-up runs', not compared
  std::vector<double> runs;    // the measured runs'
  // Under --measure instructions: the mean instructions of each latency phase, median over the
  // measured runs ("create", "start", "reap"; a phase the stressor does not time is absent).
  std::vector<std::pair<std::string, double>> phases;
};

struct BootRecord {
  std::size_t sequence = 0;  // 1-based position in the boot order
  Image image = Image::kA;
  bool ok = false;
  std::string boot_id;        // the experiment's name for it (boot_seed.hpp boot_identity)
  std::string boot_seed;      // 16 hex digits (boot_seed.hpp)
  std::string guest_boot_id;  // the guest kernel's own, as it reported it
  std::string release;
  std::size_t runs = 0;  // measured runs, warm-ups aside
  double wall_s = 0;
  std::vector<BootJobValues> values;    // when ok
  std::string failure;                  // when not ok
  std::vector<std::string> last_lines;  // of the console, when not ok
  // The HVO key as the guest reported its pool and switch (guest_runs.hpp); nullopt when it
  // did not.
  std::optional<bool> hvo_key_on;
  std::string hvo_basis;
};

// --preset hvo-key: the two parent sizes every boot ran, and the key's cost per 4 KiB page.
struct PteCost {
  double small_pages = 0, large_pages = 0;  // 4 KiB pages of the two parents
  std::size_t boots_off = 0, boots_on = 0;
  double off_per_page = 0, on_per_page = 0;      // medians of each side's slopes
  double estimate = 0, ci_low = 0, ci_high = 0;  // on − off, instructions per page
  bool enough_boots = false;  // the rank interval exists at this α (≥ 4 boots a side at 0.05)
};
struct HvoKeyPreset {
  std::string small_job, large_job;  // the jobs' names
  std::uint64_t small_bytes = 0, large_bytes = 0;
  std::optional<PteCost> pte_cost;  // once both sides have a boot
};

struct KernelsResult {
  std::string tag;   // the stored experiment; empty with --no-store
  std::string spec;  // the run spec, as given
  Measure measure = Measure::kTime;
  Accelerator accelerator = Accelerator::kTcg;
  std::string accelerator_note;  // why this accelerator ("KVM could not run the guest: ...")
  std::uint64_t seed = 0;
  std::string order;  // boot_order_text()
  std::size_t runs_per_boot = 0, warmup_runs = 0;
  std::size_t jobs_at_once = 1;  // --jobs: boots run at once
  unsigned cpus = 1, memory_mb = 512;
  std::string append;  // shared by both sides
  KernelSide a, b;
  std::vector<BootRecord> boots;               // in the boot order
  std::optional<ComparisonResult> comparison;  // absent when a side has no successful boot
  std::optional<HvoKeyPreset> hvo_key;         // --preset hvo-key
  std::optional<double> precision_pct;         // --precision, percent
  std::string stop_reason;  // "the planned boots" | "precision reached" | "--max-time" | ...
  double wall_s = 0;        // the whole experiment
  bool emulated() const noexcept { return accelerator == Accelerator::kTcg; }
  std::size_t failed_boots() const noexcept;
  // Whether the two sides differ only by their command lines (one image): they are then named
  // by them.
  bool same_image() const noexcept { return a.image.sha256 == b.image.sha256; }
};

// The metric each boot's values are given in: guest_instructions_per_op (lower is better) with
// --measure instructions, else ops_per_sec_real.
std::string headline_metric(Measure measure);
// Its unit as printed: "instructions" or "ops/s".
std::string headline_unit(Measure measure);

// What a side is called: its release and, when both sides boot one image, its own command line
// ("6.1.0-57-cloud-amd64, append \"hugetlb_free_vmemmap=on\"").
std::string side_name(const KernelsResult& result, const KernelSide& side);

// The sentence every output carries: under TCG timing, that the timings are an emulator's; with
// --measure instructions, what an instruction count includes and misses. Empty under KVM timing.
std::string measure_notice(const KernelsResult& result);

// With --precision: how the experiment grows, said up front ("until the 95 % interval is within
// ±0.5 %, 2 boots a side at a time; a rank interval needs at least 4 boots a side").
std::string precision_plan_text(const KernelsResult& result);
// When --precision was reached: with how many successful boots of each image (the units of the
// interval; a failed boot is not one), "precision reached with 4 boots a side" when they are
// equal, else "precision reached with 5 boots of A and 4 of B".
std::string precision_reached_text(const KernelsResult& result);

// The stored form of `result`, its comparison aside (compare's document, encoded by compare).
KernelsSummary kernels_summary_of(const KernelsResult& result);
nlohmann::ordered_json kernels_to_json(const KernelsResult& result);
std::string render_kernels_json(const KernelsResult& result);
std::string render_kernels_table(const KernelsResult& result);

// The exit code of a result without --bisect: kExitOk, or kExitFailure when a side has no
// successful boot (there is no comparison).
int kernels_exit_code(const KernelsResult& result);
// git bisect run's code for this result (compare/bisect.hpp): a failed boot skips the commit.
int kernels_bisect_code(const KernelsResult& result);

}  // namespace clonebench
