// `clonebench env [--json FILE|-]`: what the machine and kernel are, as a summary or as the
// "environment" object of the clonebench/1 JSON, plus warnings about what makes runs noisy.

#include <fmt/core.h>

#include <cstdio>
#include <memory>
#include <string>

#include "cli/command.hpp"
#include "cli/environment_summary.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "machine/environment_capture.hpp"
#include "machine/stability_warning.hpp"
#include "record/environment_json.hpp"
#include "render/output_file.hpp"
#include "store/store.hpp"

namespace clonebench {
namespace {

struct EnvOptions {
  std::string json_path;  // empty: print the summary only
  bool full = false;      // --full/--verbose: every fact, not only those that change costs
};

void print_stability_warnings(const Environment& environment) {
  for (const auto& warning : stability_warnings(environment)) {
    fmt::print(stderr, "clonebench: warning: {}\n  -> {}\n", warning.problem, warning.advice);
  }
}

int run_env(const EnvOptions& options) {
  // env opens no database, but its output must not replace the one the user keeps.
  check_output_targets({{options.json_path, "--json"}}, Store::default_path());
  const Environment environment = capture_environment();
  if (options.json_path != "-") {
    fmt::print("{}", options.full ? format_environment_summary(environment)
                                  : format_environment_brief(environment));
  }
  if (!options.json_path.empty()) {
    write_output(options.json_path, dump_json(environment_to_json(environment), 2) + "\n",
                 "--json");
  }
  print_stability_warnings(environment);
  return kExitOk;
}

}  // namespace

void add_env_command(CLI::App& app, CommandList& commands) {
  auto [env, options] =
      define_command(app, commands, "env",
                     "Show what the machine and kernel are (stored with every run), and warn about "
                     "settings that make measurements noisy",
                     &run_env);
  define_json_option(env, options.json_path, "the environment");
  env.add_flag("--full,--verbose", options.full,
               "Print every fact (CPU flags, kernel config, every mitigation), not only those "
               "that change a process-creation cost");
}

}  // namespace clonebench
