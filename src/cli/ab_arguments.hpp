#pragma once
// The options of `clonebench ab` as typed: one CLI11 definition shared by parsing and --help.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace clonebench {

// A SPEC without --timeout or --ops runs this long: the run length that resolved a change
// fastest per minute in docs/statistics.md, "Run length and metric" (a 10 s run, `run`'s own
// default, spends the same minutes on a twentieth of the pairs).
inline constexpr double kAbDefaultRunS = 0.5;

struct AbArguments {
  std::string spec, a_options, b_options, setup_a, setup_b, restore;
  std::string pairs, warmup = "1", seed, label, db_path, json_path;  // pairs "": the default
  std::string preset;               // --preset: "" none, "list", "hvo-key" (cli/ab_preset.hpp)
  std::string precision, max_time;  // "": run --pairs pairs; "1%", "5m": stop at ±1 % or 5 min
  std::string lock_wait;            // --lock-wait D (--preset hvo-key); "": the default
  bool no_store = false;
  bool quiet = false;    // --quiet: no progress line on a terminal
  bool profile = false;  // --profile: every run of both arms sampled by perf
  std::vector<std::string> metrics, fail_on;
  std::string threshold = "1%", format = "table";
  std::string alpha = "0.05";
};

// Adds SPEC, the arm, setup and storage options, and compare's report options.
void define_ab_options(CLI::App& ab, AbArguments& args);

// Values that begin with "--" (--a "--rss 0") would be read by CLI11 as options: glue them to
// their flag ("--a=--rss 0"), which CLI11 takes as the value whatever it holds. --a "" and
// --b "" (an arm that adds nothing to SPEC) are left out: the arm is SPEC as given.
std::vector<std::string> glue_option_values(const std::vector<std::string>& args);

}  // namespace clonebench
