#include "kernels/qemu_boot.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "core/error.hpp"
#include "process/tethered_process.hpp"
#include "sys/unnamed_file.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kConsoleLimitBytes = 256u << 20;

std::vector<std::string> qemu_arguments(const GuestBoot& boot) {
  std::vector<std::string> argv = {boot.qemu,
                                   "-accel",
                                   accelerator_name(boot.accelerator),
                                   "-m",
                                   std::to_string(boot.memory_mb),
                                   "-smp",
                                   std::to_string(boot.cpus),
                                   "-nodefaults",
                                   "-display",
                                   "none",
                                   "-monitor",
                                   "none",
                                   "-serial",
                                   "stdio",
                                   "-no-reboot",
                                   "-kernel",
                                   boot.image,
                                   "-initrd",
                                   "/proc/self/fd/3",
                                   "-append",
                                   guest_command_line(boot.append)};
  if (boot.accelerator == Accelerator::kKvm) {
    argv.insert(argv.begin() + 3, {"-cpu", "host"});
  }
  return argv;
}

}  // namespace

std::string accelerator_name(Accelerator accelerator) {
  return accelerator == Accelerator::kKvm ? "kvm" : "tcg";
}

std::string guest_command_line(const std::string& append) {
  std::string line = "console=ttyS0 quiet loglevel=3 panic=-1 rdinit=/init";
  if (!append.empty()) {
    line += " " + append;
  }
  return line;
}

GuestConsole boot_guest(const GuestBoot& boot, SignalScope& signals) {
  UnnamedFile console("the guest's console");
  UnnamedFile errors("QEMU's errors");
  GuestConsole result;
  const auto started = std::chrono::steady_clock::now();
  {
    TetheredProcess qemu(
        {qemu_arguments(boot), {{boot.initramfs_fd, 3}}, console.fd(), errors.fd()});
    while (!qemu.ended()) {
      signals.throw_if_interrupted();
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
      if (elapsed.count() > boot.deadline_s ||
          (elapsed.count() > boot.first_output_s && console.size_bytes() == 0)) {
        qemu.kill_and_reap();
        result.timed_out = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    result.exit_code = result.timed_out ? -1 : qemu.exit().exit_code;
  }
  result.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  result.console = console.read_prefix(kConsoleLimitBytes);
  result.qemu_errors = errors.read_prefix(64 * 1024);
  return result;
}

std::string find_qemu() {
  if (const char* given = std::getenv("CLONEBENCH_QEMU"); given != nullptr && *given != '\0') {
    if (::access(given, X_OK) != 0) {
      throw UsageError(fmt::format("CLONEBENCH_QEMU={}: not an executable program", given));
    }
    return given;
  }
  const char* path = std::getenv("PATH");
  std::string directories = path != nullptr ? path : "/usr/bin:/bin";
  std::size_t at = 0;
  while (at <= directories.size()) {
    const std::size_t end = std::min(directories.find(':', at), directories.size());
    const std::filesystem::path candidate =
        std::filesystem::path(directories.substr(at, end - at)) / "qemu-system-x86_64";
    if (::access(candidate.c_str(), X_OK) == 0) {
      return candidate.string();
    }
    at = end + 1;
  }
  throw UsageError(
      "qemu-system-x86_64 is not installed (Debian: apt-get install qemu-system-x86); `clonebench "
      "kernels` boots the images in it");
}

}  // namespace clonebench
