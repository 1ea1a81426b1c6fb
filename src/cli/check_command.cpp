// `clonebench check [--pin LIST] [--json FILE|-]`: what on this machine would disturb a
// measurement, each with its evidence and the command that would tune it. Changes nothing.
// Exit 0 when nothing would disturb a measurement, 5 otherwise (1 stays a runtime failure).
// `clonebench check --restore`: puts back the machine-wide settings a killed run (and its
// killed guardian) left changed, from the journal it left (memory/machine_settings_lock.hpp).

#include <fmt/core.h>

#include <filesystem>
#include <memory>
#include <string>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/units.hpp"
#include "machine/machine_snapshot_reader.hpp"
#include "memory/machine_settings_lock.hpp"
#include "readiness/readiness_json.hpp"
#include "readiness/readiness_render.hpp"
#include "render/output_file.hpp"
#include "sys/cpu_list.hpp"

namespace clonebench {
namespace {

struct CheckOptions {
  std::string pin, json_path, root = "/", window = "1s";
  bool restore = false;
  std::string lock_wait;  // with --restore
};

// Taking the machine-settings lock replays every journal left under its directory.
int restore_machine_settings(const CheckOptions& options) {
  if (!options.pin.empty() || !options.json_path.empty() || options.root != "/" ||
      options.window != "1s") {
    throw UsageError("--restore: only with --lock-wait (it restores, it does not check)");
  }
  const MachineSettingsLockOptions lock_options = machine_settings_lock_options(options.lock_wait);
  std::size_t replayed = 0;
  if (std::filesystem::exists(lock_options.directory)) {
    replayed = MachineSettingsLock(lock_options).replayed();
  }
  if (replayed == 0) {
    fmt::print("nothing to restore: no run left a settings journal in {}\n",
               lock_options.directory);
  } else {
    fmt::print("restored what {} killed run(s) left changed (journals in {})\n", replayed,
               lock_options.directory);
  }
  return kExitOk;
}

std::vector<int> parse_pin(const std::string& text) {
  if (text.empty()) {
    return {};
  }
  const auto cpus = parse_cpu_list(text);
  if (!cpus || cpus->empty()) {
    throw UsageError(fmt::format("--pin: '{}' is not a CPU list (e.g. 1 or 2,3 or 2-5)", text));
  }
  return *cpus;
}

// A tree with neither the CPU list nor any of /proc's machine-wide files is not a machine (an
// empty directory, a wrong path): judging it would say "nothing would disturb" about nothing.
void check_plausible_root(const MachineSnapshot& snapshot, const std::string& root) {
  const bool has_cpus = snapshot.online && parse_cpu_list(*snapshot.online).has_value();
  const bool has_proc = snapshot.meminfo || snapshot.loadavg || snapshot.stat_after;
  if (!has_cpus || !has_proc) {
    throw UsageError(fmt::format(
        "--root: {} is not a /proc and /sys tree: it has no readable {}", root,
        !has_cpus ? "sys/devices/system/cpu/online" : "proc/meminfo, proc/loadavg or proc/stat"));
  }
}

int run_check(const CheckOptions& options) {
  if (options.restore) {
    return restore_machine_settings(options);
  }
  if (!options.lock_wait.empty()) {
    throw UsageError("--lock-wait: only with --restore (check changes nothing)");
  }
  const std::vector<int> pin = parse_pin(options.pin);
  const double window_s = parse_duration_s(options.window, "--window");
  if (window_s < 0 || window_s > 60) {
    throw UsageError(fmt::format("--window: '{}' must be between 0 and 60 s", options.window));
  }
  std::error_code error;
  if (!std::filesystem::is_directory(options.root, error)) {
    throw UsageError(fmt::format("--root: {} is not a directory", options.root));
  }
  if (!options.json_path.empty()) {
    check_output_path(options.json_path, "--json");
  }
  const MachineSnapshot snapshot = read_machine_snapshot(options.root, window_s);
  check_plausible_root(snapshot, options.root);
  const ReadinessReport report = assess_machine(snapshot, pin);
  if (!options.json_path.empty()) {
    write_output(options.json_path, readiness_json(report).dump(2) + "\n", "--json");
  }
  if (options.json_path != "-") {
    fmt::print("{}", render_readiness(report));
  }
  return report.exit_code();
}

}  // namespace

void add_check_command(CLI::App& app, CommandList& commands) {
  auto [check, options] = define_command(
      app, commands, "check",
      "What on this machine would disturb a measurement, with evidence and the commands that "
      "would tune it (changes nothing; exit 0 when nothing would, 5 otherwise)",
      &run_check);
  check.add_option("--pin", options.pin,
                   "The CPUs you will measure on (default: every online CPU)");
  define_json_option(check, options.json_path, "the findings");
  check.add_option("--window", options.window,
                   "How long to watch other processes' CPU use (default 1s)");
  check.add_option("--root", options.root,
                   "Read /proc and /sys under this directory instead of / (a saved or faked tree)");
  check.add_flag("--restore", options.restore,
                 "Instead of checking: put back the machine-wide settings that a killed sweep or "
                 "ab --preset left changed (from the journal in /run/clonebench)");
  define_lock_wait_option(check, options.lock_wait);
}

}  // namespace clonebench
