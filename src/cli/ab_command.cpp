// `clonebench ab SPEC --a OPTS --b OPTS`: parses the options into the experiment's plan and runs
// it (ab/ab_experiment.hpp).
#include <fmt/core.h>

#include "ab/ab_experiment.hpp"
#include "cli/ab_arguments.hpp"
#include "cli/ab_plan_parse.hpp"
#include "cli/ab_preset.hpp"
#include "cli/command.hpp"
#include "cli/option_values.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

int run_ab(const AbArguments& args) {
  if (!args.preset.empty()) {
    return run_ab_preset(args);
  }
  if (args.spec.empty()) {
    throw UsageError("SPEC is required (or --preset NAME; --preset list)");
  }
  if (!args.lock_wait.empty()) {
    throw UsageError(
        "--lock-wait: only with --preset hvo-key (a plain ab changes no machine-wide setting "
        "itself; its --setup commands are yours)");
  }
  const AbPlan plan = plan_ab(args);
  check_metric_names(args.metrics);
  return run_ab_experiment(plan, {args.label, args.db_path, args.no_store},
                           {args.json_path, args.format, args.fail_on, args.quiet});
}

int parse_and_run_ab(const std::vector<std::string>& raw) {
  AbArguments args;
  CLI::App ab{
      "A/B in one session: randomized pairs of two variants of one run spec, paired "
      "analysis (Wilcoxon signed-rank, HL of pair differences), stored as one experiment.",
      "clonebench ab"};
  define_ab_options(ab, args);
  if (asks_for_help(raw)) {
    fmt::print("{}", ab.help());
    return kExitOk;
  }
  parse_own_arguments(ab, glue_option_values(raw));
  return run_ab(args);
}

}  // namespace

void add_ab_command(CLI::App& app, CommandList& commands) {
  define_prefix_command(app, commands, "ab",
                        "A/B in one session: randomized pairs of two variants of one run spec, "
                        "paired analysis, stored as one experiment",
                        &parse_and_run_ab);
}

}  // namespace clonebench
