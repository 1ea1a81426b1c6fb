#pragma once
// `clonebench kernels`: kernel A against kernel B, booted alternately in QEMU (docs/kernels.md).
// Builds the guest's initramfs once, boots the images in a balanced, seeded order, reads every
// boot's runs from its console, stores each run as its boot ends (experiment kind "kernels"),
// and compares the two kernels with boots as the units.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "kernels/kernels_result.hpp"
#include "record/job.hpp"

namespace clonebench {

struct KernelsPlan {
  KernelImage a, b;  // checked (kernel_image.hpp)
  StressorJob job;
  std::string spec;  // as given, for the output
  std::size_t boots_per_image = 4;
  std::size_t runs_per_boot = 3;
  std::uint64_t seed = 0;
  std::optional<Accelerator> accelerator;  // nullopt: KVM when it can run the guest, else TCG
  std::string append;
  unsigned cpus = 1, memory_mb = 512;
  CompareOptions options;
  std::vector<std::string> metrics;  // --metric; empty: ops_per_sec_real
  // --precision: add blocks of 2 boots per image until the boot-level 95 % CI half-width is at
  // most this (percent), within --max-time (seconds).
  std::optional<double> precision_pct;
  double max_time_s = 0;
  std::string label;  // "": the experiment tag
  std::string db_path;
  bool no_store = false;
  bool progress = false;  // a line per boot on stderr
};

// Throws UsageError (no QEMU, a private program missing), RuntimeError (a forced KVM that cannot
// run the guest, the store), Interrupted (SIGINT/SIGTERM/SIGHUP: QEMU killed, the experiment
// marked interrupted with the runs stored so far).
KernelsResult run_kernels(const KernelsPlan& plan);

}  // namespace clonebench
