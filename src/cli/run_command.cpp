// `clonebench run`: measure, print, store. The flow is one way: parse → run every job → store each
// run as it ends → render.
#include <fmt/core.h>

#include <algorithm>

#include "cli/command.hpp"
#include "cli/run_spec.hpp"
#include "core/error.hpp"
#include "experiment/measured_runs.hpp"

namespace clonebench {

void add_run_command(CLI::App& app, CommandList& commands) {
  CLI::App* run = app.add_subcommand(
      "run", "measure, print and store stressor runs (default: a short standard suite)");
  run->prefix_command();
  run->set_help_flag();
  run->allow_extras();
  commands.push_back(Command{run, [run] {
                               const std::vector<std::string> args = run->remaining();
                               if (std::find(args.begin(), args.end(), "--help") != args.end() ||
                                   std::find(args.begin(), args.end(), "-h") != args.end()) {
                                 fmt::print("{}", run_help());
                                 return kExitOk;
                               }
                               RunSpec spec = parse_run_spec(args);
                               spec.command_line = {"clonebench", "run"};
                               spec.command_line.insert(spec.command_line.end(), args.begin(),
                                                        args.end());
                               return run_and_report(spec);
                             }});
}

}  // namespace clonebench
