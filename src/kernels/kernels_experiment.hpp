#pragma once
// `clonebench kernels`: kernel A against kernel B, booted alternately in QEMU (docs/kernels.md).
// Builds the guest's initramfs once, boots the images in a balanced, seeded order (up to --jobs
// at once), each boot seeded from the experiment's seed and its index, reads every boot's runs
// from its console, stores each run as its boot ends (experiment kind "kernels"), and compares
// the two kernels with boots as the units.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "kernels/kernels_result.hpp"
#include "record/job.hpp"

namespace clonebench {

struct KernelsPlan {
  KernelImage a, b;                // checked (kernel_image.hpp)
  std::string a_append, b_append;  // each side's own command line, after `append`
  // What each boot runs, in turn: one job, or (--preset hvo-key) one per parent size. With
  // several, each job's runs are compared as a group of their own, named in `job_names`.
  std::vector<StressorJob> jobs;
  std::vector<std::string> job_names;
  std::string spec;  // as given, for the output
  // --preset hvo-key: every boot's guest must report the key off (A) or on (B), and the result
  // gets the key's cost per PTE from the two jobs (small, large parent).
  std::optional<HvoKeyPreset> hvo_key;
  Measure measure = Measure::kTime;
  std::size_t boots_per_image = 4;
  std::size_t runs_per_boot = 3;
  std::size_t warmup_runs = 1;   // per boot, before the measured runs, not compared
  std::size_t jobs_at_once = 1;  // --jobs: boots running at once
  std::uint64_t seed = 0;
  std::optional<Accelerator> accelerator;  // nullopt: KVM when it can run the guest, else TCG
  std::string append;                      // both sides
  unsigned cpus = 1, memory_mb = 512;
  CompareOptions options;
  std::vector<std::string> metrics;  // --metric; empty: the measure's headline metric
  // --precision: add blocks of 2 boots per image until the boot-level 95 % CI half-width is at
  // most this (percent), within --max-time (seconds). --max-time alone: add blocks while another
  // fits in it (a budget given is used). 0: no budget, the planned boots only.
  std::optional<double> precision_pct;
  double max_time_s = 0;
  std::string label;  // "": the experiment tag
  std::string db_path;
  bool no_store = false;
  bool progress = false;  // a line per boot on stderr
};

// Throws UsageError (no QEMU, a private program missing), RuntimeError (a forced KVM that cannot
// run the guest, the store), Interrupted (SIGINT/SIGTERM/SIGHUP: every QEMU killed, the
// experiment marked interrupted with the runs stored so far).
KernelsResult run_kernels(const KernelsPlan& plan);

}  // namespace clonebench
