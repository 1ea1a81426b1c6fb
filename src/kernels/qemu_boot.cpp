#include "kernels/qemu_boot.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <thread>

#include "core/error.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kConsoleLimitBytes = 256u << 20;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::string accelerator_name(Accelerator accelerator) {
  return accelerator == Accelerator::kKvm ? "kvm" : "tcg";
}

std::string guest_command_line(const std::string& seed_word, const std::string& append) {
  std::string line = "console=ttyS0 quiet loglevel=3 panic=-1 rdinit=/init";
  for (const std::string* word : {&seed_word, &append}) {
    if (!word->empty()) {
      line += " " + *word;
    }
  }
  return line;
}

std::vector<std::string> qemu_arguments(const GuestBoot& boot) {
  std::vector<std::string> argv = {boot.qemu, "-accel", accelerator_name(boot.accelerator)};
  if (boot.accelerator == Accelerator::kKvm) {
    argv.insert(argv.end(), {"-cpu", "host"});
  }
  if (boot.measure == Measure::kInstructions) {
    argv.insert(argv.end(), {"-icount", kIcountArgument});
  }
  if (!boot.rtc_base.empty()) {
    // The guest's clock starts at the seeded date and runs with the guest, not the host.
    argv.insert(argv.end(), {"-rtc", "base=" + boot.rtc_base + ",clock=vm"});
  }
  argv.insert(argv.end(),
              {"-m", std::to_string(boot.memory_mb), "-smp", std::to_string(boot.cpus),
               "-nodefaults", "-display", "none", "-monitor", "none", "-serial", "stdio",
               "-no-reboot", "-kernel", boot.image, "-initrd", "/proc/self/fd/3", "-append",
               guest_command_line(boot.seed_word, boot.append)});
  return argv;
}

RunningGuest::RunningGuest(const GuestBoot& boot) : boot_(boot) {
  qemu_.emplace(TetheredCommand{
      qemu_arguments(boot_), {{boot_.initramfs_fd, 3}}, console_.fd(), errors_.fd()});
}

bool RunningGuest::done() {
  if (done_) {
    return true;
  }
  const double elapsed_s = seconds_since(started_);
  if (qemu_->ended()) {
    exit_code_ = qemu_->exit().exit_code;
  } else if (elapsed_s > boot_.deadline_s ||
             (elapsed_s > boot_.first_output_s && console_.size_bytes() == 0)) {
    silent_ = console_.size_bytes() == 0 && elapsed_s <= boot_.deadline_s;
    qemu_->kill_and_reap();
    timed_out_ = true;
  } else {
    return false;
  }
  done_ = true;
  wall_s_ = elapsed_s;
  return true;
}

GuestConsole RunningGuest::result() const {
  return {console_.read_prefix(kConsoleLimitBytes),
          errors_.read_prefix(64 * 1024),
          timed_out_,
          silent_,
          timed_out_ ? -1 : exit_code_,
          wall_s_};
}

GuestConsole boot_guest(const GuestBoot& boot, SignalScope& signals) {
  RunningGuest guest(boot);
  while (!guest.done()) {
    signals.throw_if_interrupted();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return guest.result();
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
