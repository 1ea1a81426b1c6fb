#pragma once
// What one `kernels` experiment carries from boot to boot (kernels_experiment.cpp drives it,
// kernels_boot.cpp turns each ended boot into its record, its stored runs and its values).
// Internal to kernels/.

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "compare/sample_set.hpp"
#include "kernels/boot_pool.hpp"
#include "kernels/kernels_experiment.hpp"
#include "store/experiment_writer.hpp"

namespace clonebench {

struct KernelsSession {
  const KernelsPlan& plan;
  std::string qemu;
  UnnamedFile initramfs{"the guest's initramfs"};
  SignalScope signals;
  ExperimentWriter writer;
  std::string tag;  // the experiment's, stored or not: boots are named after it
  KernelsResult result;
  // The runs of every successful boot by its sequence, as comparisons read them.
  std::map<std::size_t, std::vector<RunObservation>> observations;
  std::string host = "unknown host";
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::size_t planned_boots = 0;  // for the progress line
};

// QEMU's settings for `boot` under the session's accelerator.
GuestBoot guest_boot_of(const KernelsSession& session, const PlannedBoot& boot);

// Reads what the boot brought back, stores its measured runs, keeps their observations and adds
// its BootRecord (in sequence order). Prints the progress line when asked.
void record_boot(KernelsSession& session, const PlannedBoot& boot, const GuestConsole& console);

// The first line of QEMU's errors, printable, for a message.
std::string qemu_error_line(const std::string& qemu_errors);

// Deadline of one run inside the guest, in the guest's clock.
double run_deadline_s(const StressorJob& job);

}  // namespace clonebench
