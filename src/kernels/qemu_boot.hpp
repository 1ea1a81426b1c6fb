#pragma once
// One boot of a kernel image in QEMU (qemu-system-x86_64): the image, our initramfs, the serial
// console into an unnamed file. QEMU runs as a tethered process (sys/tethered_process.hpp): its
// own process group, killed with us even by SIGKILL (PR_SET_PDEATHSIG), killed and reaped on
// every other path. Nothing it uses has a name on disk, so nothing can be left behind.

#include <string>

#include "runner/runner.hpp"

namespace clonebench {

enum class Accelerator { kKvm, kTcg };

std::string accelerator_name(Accelerator accelerator);

struct GuestBoot {
  std::string qemu;       // path of qemu-system-x86_64
  std::string image;      // kernel image
  int initramfs_fd = -1;  // newc archive (an unnamed file), handed to QEMU as fd 3
  Accelerator accelerator = Accelerator::kTcg;
  std::string append;  // extra kernel command line (--append)
  unsigned cpus = 1;
  unsigned memory_mb = 512;
  double deadline_s = 60;      // then QEMU is killed: a hung guest
  double first_output_s = 60;  // no console output by then: the image does not boot, killed
};

struct GuestConsole {
  std::string console;      // the serial console's output
  std::string qemu_errors;  // QEMU's stderr (e.g. "KVM internal error")
  bool timed_out = false;
  int exit_code = -1;  // QEMU's; -1 when killed
  double wall_s = 0;
};

// The kernel command line: serial console, quiet, reboot at once on panic (QEMU then exits,
// -no-reboot), then `append`.
std::string guest_command_line(const std::string& append);

// Boots and waits for QEMU to end (the guest powers off or panics) or the deadline. Throws
// Interrupted on SIGINT/SIGTERM/SIGHUP (QEMU killed first), RuntimeError when QEMU cannot start.
GuestConsole boot_guest(const GuestBoot& boot, SignalScope& signals);

// The QEMU program: $CLONEBENCH_QEMU, else qemu-system-x86_64 on PATH. Throws UsageError
// naming --accel's requirement when it is not installed.
std::string find_qemu();

}  // namespace clonebench
