// `clonebench trace [options] -- COMMAND [ARGS...]`: a census of every task creation, exec and
// exit in COMMAND's process tree, its cost and what a change in that cost could do
// (trace/trace_session.hpp). Our output goes to stderr or -o FILE, so that the command's own
// stdout passes through untouched, as `perf stat` does.
#include <fmt/core.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <optional>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "cli/trace_model.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/timestamp.hpp"
#include "core/units.hpp"
#include "experiment/experiment_session.hpp"
#include "record/trace_summary_json.hpp"
#include "render/output_file.hpp"
#include "store/store.hpp"
#include "trace/census_probe.hpp"
#include "trace/fork_prediction.hpp"
#include "trace/trace_session.hpp"
#include "trace/trace_table.hpp"
#include "trace/traced_command.hpp"

namespace clonebench {
namespace {

struct TraceArgs {
  std::vector<std::string> what_ifs;
  std::string claim, repeat = "1", output_path, json_path;
  std::string db_path;
  std::string model;
  bool interleave_untraced = false;
  bool no_store = false;
  std::vector<std::string> command;
};

struct TracePlan {
  TraceSettings settings;
  TraceTableOptions table;
  std::optional<ForkCostModel> fork_model;
};

// The sweep model for this host and kernel (or --model), before anything runs: a bad --model
// costs no run.
void choose_model(const TraceArgs& args, TracePlan& plan) {
  struct utsname names {};
  if (::uname(&names) != 0) {
    names = {};
  }
  ForkModelChoice choice =
      choose_fork_model(args.model, args.db_path, names.nodename, names.release);
  plan.fork_model = std::move(choice.model);
  plan.table.model_note = choice.note;
}

TracePlan plan_trace(const TraceArgs& args) {
  TracePlan plan;
  plan.settings.command = args.command;
  if (!plan.settings.command.empty() && plan.settings.command.front() == "--") {
    plan.settings.command.erase(plan.settings.command.begin());
  }
  if (plan.settings.command.empty()) {
    throw UsageError("COMMAND: trace needs a command to run, e.g. clonebench trace -- make -j2");
  }
  plan.settings.repeat =
      static_cast<std::uint32_t>(parse_integer(args.repeat, "--repeat", 1, 1000));
  plan.settings.interleave_untraced = args.interleave_untraced;
  for (const std::string& text : args.what_ifs) {
    plan.table.what_ifs.push_back(parse_what_if(text, "--what-if"));
  }
  if (!args.claim.empty()) {
    if (plan.table.what_ifs.empty()) {
      throw UsageError("--claim: needs a --what-if whose change the claim is about");
    }
    plan.table.claimed_saving = parse_claimed_saving(args.claim, "--claim");
  }
  check_output_targets({{args.output_path, "-o"}, {args.json_path, "--json"}},
                       database_path(args.db_path));
  choose_model(args, plan);
  return plan;
}

// The census in the run database as an experiment of kind "trace": its row is written before the
// command runs (a bad --db costs no run) and gets the census when it ends, marked "interrupted"
// when a signal stopped it; a killed tool leaves the row "running", without a census.
class TraceStorage {
 public:
  explicit TraceStorage(const TraceArgs& args) {
    if (args.no_store) {
      return;
    }
    store_.emplace(database_path(args.db_path));
    const std::string created_at = iso8601_utc_now();
    tag_ = experiment_tag(ExperimentKind::kTrace, created_at,
                          fmt::format("{:04x}", static_cast<unsigned>(::getpid()) & 0xffff));
    store_->begin_experiment(tag_, ExperimentKind::kTrace, created_at);
  }
  // Returns the tag, empty when nothing is stored.
  std::string finish(const TraceCensus& census, bool interrupted) {
    if (!store_) {
      return {};
    }
    store_->finish_experiment(tag_, trace_census_to_json(census),
                              interrupted ? "interrupted" : "complete");
    return tag_;
  }
  void abandon() noexcept {
    if (store_) {
      try {
        store_->finish_experiment(tag_, nlohmann::json::object(), "interrupted");
      } catch (const std::exception& error) {
        fmt::print(stderr, "clonebench: warning: {}\n", error.what());
      }
    }
  }

 private:
  std::optional<Store> store_;
  std::string tag_;
};

int run_trace_command(const TraceArgs& args) {
  const TracePlan plan = plan_trace(args);
  if (const std::string reason = census_unavailable_reason(); !reason.empty()) {
    throw UsageError(reason);
  }
  // A loaded machine stretches the command and the creations alike: say so before tracing.
  warn_if_noisy(environment_before_runs());
  TraceStorage storage(args);
  TraceOutcome outcome;
  try {
    outcome = run_trace_session(plan.settings, [](const TraceRun&) {});
  } catch (const CommandNotRunnable& error) {
    storage.abandon();
    fmt::print(stderr, "clonebench: error: cannot execute '{}': {}\n",
               printable(plan.settings.command.front()), error.what());
    return error.status();
  } catch (...) {
    storage.abandon();
    throw;
  }
  outcome.census.fork_model = plan.fork_model;
  predict_census_forks(outcome.census);
  const std::string tag = storage.finish(outcome.census, outcome.interrupted_by != 0);
  const std::string table = render_trace_table(outcome.census, plan.table);
  if (args.output_path.empty()) {
    fmt::print(stderr, "\n{}", table);
  } else {
    write_output(args.output_path, table, "-o");
  }
  if (!args.json_path.empty()) {
    write_output(args.json_path, dump_json(trace_census_to_json(outcome.census), 2) + "\n",
                 "--json");
  }
  say_where_stored(tag);
  if (outcome.interrupted_by != 0) {
    fmt::print(stderr, "clonebench: interrupted; the command's tree was stopped and reaped\n");
    return 128 + outcome.interrupted_by;
  }
  if (outcome.command_signal != 0) {
    fmt::print(
        stderr, "clonebench: the command was killed by signal {} ({})\n", outcome.command_signal,
        sigabbrev_np(outcome.command_signal) != nullptr ? sigabbrev_np(outcome.command_signal)
                                                        : "?");
  }
  return outcome.command_status;
}

}  // namespace

void add_trace_command(CLI::App& app, CommandList& commands) {
  auto [trace, args] = define_command(
      app, commands, "trace",
      "census of every process creation, exec and exit in a command's tree, its cost, and what "
      "a change in that cost can do (needs root or CAP_BPF+CAP_PERFMON)",
      &run_trace_command);
  trace.add_option("--what-if", args.what_ifs,
                   "NAME=CHANGE, e.g. clone=-3%: the most that change can do to the wall and CPU "
                   "time (NAME: clone, create, fork, vfork, thread, exec, exit, kernel)");
  trace.add_option("--claim", args.claim,
                   "a claimed saving of the whole run, e.g. 3.6%: the share of the time the "
                   "--what-if part must take for it");
  trace.add_option("--repeat", args.repeat, "run the command N times (default 1)");
  trace.add_flag("--interleave-untraced", args.interleave_untraced,
                 "beside each traced run, an untraced one: measures the tracing's own effect");
  trace.add_option("-o,--output", args.output_path, "write the table to FILE instead of stderr");
  define_json_option(trace, args.json_path, "the census");
  trace
      .add_option("--model", args.model,
                  "predict each fork's cost with this sweep's cost model (a stored sweep "
                  "experiment, or a JSON file of a sweep summary or cost model); default: the "
                  "newest stored sweep of this host and kernel")
      ->type_name("ID|FILE");
  define_db_option(trace, args.db_path);
  trace.add_flag("--no-store", args.no_store, "do not store the census");
  trace.add_option("COMMAND", args.command, "the command and its arguments, after --")->required();
  trace.positionals_at_end();
}

}  // namespace clonebench
