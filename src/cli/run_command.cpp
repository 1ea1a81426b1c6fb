// `clonebench run`: measure, print, store. The flow is one way: parse → run every job → store each
// run as it ends → render.
#include <fmt/core.h>

#include "cli/command.hpp"
#include "cli/option_values.hpp"
#include "cli/run_spec.hpp"
#include "core/error.hpp"
#include "experiment/measured_runs.hpp"

namespace clonebench {

namespace {

// The start-up ramp lasts 300–400 ms on the machines measured (docs/measurement.md, "Start-up");
// `ab` and `kernels` keep no warm-up unless asked: ab has its warm-up pairs and runs back to back.
constexpr double kRunWarmUpS = 0.5;

int parse_and_run(const std::vector<std::string>& args) {
  if (asks_for_help(args)) {
    fmt::print("{}", run_help());
    return kExitOk;
  }
  RunSpec spec = parse_run_spec(args);
  if (!spec.warm_up_given) {
    for (StressorJob& job : spec.jobs) {
      job.warm_up_s = kRunWarmUpS;
    }
  }
  spec.command_line = {"clonebench", "run"};
  spec.command_line.insert(spec.command_line.end(), args.begin(), args.end());
  return run_and_report(spec);
}

}  // namespace

void add_run_command(CLI::App& app, CommandList& commands) {
  define_prefix_command(app, commands, "run",
                        "measure, print and store stressor runs (default: a short standard suite)",
                        &parse_and_run);
}

}  // namespace clonebench
