#pragma once
// The options several commands share: --db, --label, --seed, --json and --lock-wait. Each is
// defined, parsed and validated here once, so every command that takes one gets the same name,
// value type, help and checks by calling these (a command-specific help names only what the value
// is for).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "memory/machine_settings_lock.hpp"

namespace clonebench {

// --db PATH: the run database (a file, or a postgresql:// URL); empty means the default store.
// `purpose` names the database the command means ("The local run database", ...).
void define_db_option(CLI::App& command, std::string& db_path,
                      std::string_view purpose = "The run database");
void define_db_option(CLI::App& command, std::optional<std::string>& db_path,
                      std::string_view purpose = "The run database");

// --label L, with `purpose` saying what the label names ("the stored runs", ...).
void define_label_option(CLI::App& command, std::string& label, std::string_view purpose);

// Throws UsageError naming --label unless `label` is empty or a label `history --label` and
// `compare` can select (text_safety.hpp: require_selectable_label).
void check_label_option(const std::string& label);

// --seed N, with `purpose` saying what it seeds ("the pair order", ...).
void define_seed_option(CLI::App& command, std::string& seed_text, std::string_view purpose);

// One seed type for every command: the value and whether the user gave it.
struct Seed {
  std::uint64_t value = 0;
  bool given = false;
};

// The seed --seed gave (UsageError naming --seed when it is not a whole number 0 .. 2^63-1), or
// a random one drawn in that same range, so that every printed seed can be replayed.
Seed seed_option(const std::string& seed_text);

// --json FILE|-: writes `what` as JSON to FILE, or to stdout for '-'.
void define_json_option(CLI::App& command, std::string& json_path, std::string_view what);

// --lock-wait D: how long a command that changes machine-wide settings waits while another
// holds the machine-settings lock (default 10m; 0: refuse at once, exit 75).
void define_lock_wait_option(CLI::App& command, std::string& lock_wait);

// The lock's options for --lock-wait's text ("" = the default); UsageError naming the flag.
MachineSettingsLockOptions machine_settings_lock_options(const std::string& lock_wait);

// Where an experiment that stores its runs (sweep, scale) puts its results, and whether it shows
// its progress.
struct ExperimentOutputOptions {
  std::string json_path, label, db_path;
  bool no_store = false;
  bool quiet = false;  // no progress line on a terminal
};

// --json (writing `what`), --label, --db, --no-store and --quiet, in this order.
void define_experiment_output_options(CLI::App& command, ExperimentOutputOptions& options,
                                      std::string_view what);

}  // namespace clonebench
