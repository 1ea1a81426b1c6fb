#include "cli/shared_options.hpp"

#include <fmt/format.h>

#include <climits>
#include <random>

#include "core/text_safety.hpp"
#include "core/units.hpp"

namespace clonebench {

namespace {

std::string db_help(std::string_view purpose) {
  return fmt::format(
      "{}: a file or a postgresql:// URL (default: $CLONEBENCH_DB, else "
      "$XDG_DATA_HOME/clonebench/clonebench.db)",
      purpose);
}

}  // namespace

void define_db_option(CLI::App& command, std::string& db_path, std::string_view purpose) {
  command.add_option("--db", db_path, db_help(purpose))->type_name("PATH");
}

void define_db_option(CLI::App& command, std::optional<std::string>& db_path,
                      std::string_view purpose) {
  command.add_option("--db", db_path, db_help(purpose))->type_name("PATH");
}

void define_label_option(CLI::App& command, std::string& label, std::string_view purpose) {
  command.add_option("--label", label, fmt::format("Label of {}", purpose))->type_name("LABEL");
}

void check_label_option(const std::string& label) {
  if (!label.empty()) {
    require_selectable_label(label, "--label");
  }
}

void define_seed_option(CLI::App& command, std::string& seed_text, std::string_view purpose) {
  command
      .add_option(
          "--seed", seed_text,
          fmt::format("Seed of {} (default: random, and the seed used is recorded; 0 .. 2^63-1)",
                      purpose))
      ->type_name("N");
}

void define_lock_wait_option(CLI::App& command, std::string& lock_wait) {
  command
      .add_option("--lock-wait", lock_wait,
                  fmt::format("When another command is changing machine-wide settings, wait at "
                              "most D for it (default {:g}m; 0: refuse at once, exit 75)",
                              kMachineSettingsWaitS / 60))
      ->type_name("D");
}

MachineSettingsLockOptions machine_settings_lock_options(const std::string& lock_wait) {
  MachineSettingsLockOptions options;
  if (!lock_wait.empty()) {
    options.wait_s = parse_duration_s(lock_wait, "--lock-wait");
  }
  return options;
}

Seed seed_option(const std::string& seed_text) {
  if (!seed_text.empty()) {
    return {parse_seed(seed_text, "--seed"), true};
  }
  std::random_device device;
  const std::uint64_t drawn = (static_cast<std::uint64_t>(device()) << 32) | device();
  // parse_seed takes at most INT64_MAX: a drawn seed stays below it so that it can be replayed.
  return {drawn & static_cast<std::uint64_t>(INT64_MAX), false};
}

void define_json_option(CLI::App& command, std::string& json_path, std::string_view what) {
  command
      .add_option("--json", json_path,
                  fmt::format("Write {} as JSON to FILE, or to stdout for '-'", what))
      ->type_name("FILE|-");
}

void define_experiment_output_options(CLI::App& command, ExperimentOutputOptions& options,
                                      std::string_view what) {
  define_json_option(command, options.json_path, what);
  define_label_option(command, options.label, "the stored runs (default: uname -r)");
  define_db_option(command, options.db_path);
  command.add_flag("--no-store", options.no_store, "do not store the runs");
  command.add_flag("--quiet", options.quiet, "no progress line on a terminal");
}

}  // namespace clonebench
