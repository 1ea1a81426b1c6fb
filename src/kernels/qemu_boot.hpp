#pragma once
// One boot of a kernel image in QEMU (qemu-system-x86_64): the image, our initramfs, the serial
// console into an unnamed file. QEMU runs as a tethered process (sys/tethered_process.hpp): its
// own process group, killed with us even by SIGKILL (PR_SET_PDEATHSIG), killed and reaped on
// every other path. Nothing it uses has a name on disk, so nothing can be left behind. Several
// boots may run at once (RunningGuest), each with its own deadline.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "kernels/measure.hpp"
#include "process/tethered_process.hpp"
#include "runner/runner.hpp"
#include "sys/unnamed_file.hpp"

namespace clonebench {

enum class Accelerator { kKvm, kTcg };

std::string accelerator_name(Accelerator accelerator);

struct GuestBoot {
  std::string qemu;       // path of qemu-system-x86_64
  std::string image;      // kernel image
  int initramfs_fd = -1;  // newc archive (an unnamed file), handed to QEMU as fd 3
  Accelerator accelerator = Accelerator::kTcg;
  // kInstructions: TCG with icount, the guest's clock counting executed instructions.
  Measure measure = Measure::kTime;
  std::string append;     // extra kernel command line (--append and the side's own)
  std::string seed_word;  // the boot's seed on its command line (boot_seed.hpp); may be empty
  std::string rtc_base;   // -rtc base=…,clock=vm; empty: QEMU's default (the host's clock)
  unsigned cpus = 1;
  unsigned memory_mb = 512;
  double deadline_s = 60;      // then QEMU is killed: a hung guest
  double first_output_s = 60;  // no console output by then: the image does not boot, killed
};

struct GuestConsole {
  std::string console;      // the serial console's output
  std::string qemu_errors;  // QEMU's stderr (e.g. "KVM internal error")
  bool timed_out = false;
  bool silent = false;  // killed for want of console output (GuestBoot::first_output_s)
  int exit_code = -1;   // QEMU's; -1 when killed
  double wall_s = 0;
};

// The kernel command line: serial console, quiet, reboot at once on panic (QEMU then exits,
// -no-reboot), the boot's seed word, then `append`.
std::string guest_command_line(const std::string& seed_word, const std::string& append);

// QEMU's arguments for `boot`, argv[0] its path.
std::vector<std::string> qemu_arguments(const GuestBoot& boot);

// A QEMU started and not yet waited for. The destructor kills and reaps it if it still runs.
class RunningGuest {
 public:
  // Throws RuntimeError when QEMU cannot start.
  explicit RunningGuest(const GuestBoot& boot);
  RunningGuest(const RunningGuest&) = delete;
  RunningGuest& operator=(const RunningGuest&) = delete;

  // Checks without blocking: true once QEMU ended, or was killed at its deadline or for want
  // of console output.
  bool done();
  // What the boot left (valid once done()).
  GuestConsole result() const;

 private:
  GuestBoot boot_;
  UnnamedFile console_{"the guest's console"};
  UnnamedFile errors_{"QEMU's errors"};
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::optional<TetheredProcess> qemu_;
  bool done_ = false, timed_out_ = false, silent_ = false;
  int exit_code_ = -1;
  double wall_s_ = 0;
};

// Boots and waits for QEMU to end (the guest powers off or panics) or the deadline. Throws
// Interrupted on SIGINT/SIGTERM/SIGHUP (QEMU killed first), RuntimeError when QEMU cannot start.
GuestConsole boot_guest(const GuestBoot& boot, SignalScope& signals);

// The QEMU program: $CLONEBENCH_QEMU, else qemu-system-x86_64 on PATH. Throws UsageError
// naming --accel's requirement when it is not installed.
std::string find_qemu();

}  // namespace clonebench
