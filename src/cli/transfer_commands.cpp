// `clonebench push --to URL` and `clonebench pull --from URL`: runs of one store copied to
// another (store/transfer.hpp), e.g. from a host's SQLite file to the fleet's PostgreSQL store.

#include <fmt/core.h>

#include <memory>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "store/store.hpp"
#include "store/stored_runs.hpp"
#include "store/transfer.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

struct TransferOptions {
  std::string db_path;  // the local store; empty: Store::default_path()
  std::string remote;   // --to (push) or --from (pull)
  std::vector<std::string> ids;
  bool all = false;
};

std::vector<std::int64_t> chosen_ids(const TransferOptions& options, const char* command) {
  if (options.all == !options.ids.empty()) {
    throw UsageError(fmt::format("{}: give run IDs or --all (not both)", command));
  }
  std::vector<std::int64_t> ids;
  for (const std::string& text : options.ids) {
    try {
      ids.push_back(parse_run_id(text));
    } catch (const UsageError& error) {
      throw UsageError(fmt::format("{} ID: {}", command, error.what()));
    }
  }
  return ids;
}

// What a run from another store must be beyond the store's own rules (store/transfer.hpp): a
// stressor this clonebench knows, as `run` requires of what is typed.
void check_copied_run(const StoredRun& run, const std::optional<Experiment>&) {
  if (find_stressor(run.record.result.stressor) == nullptr) {
    throw UsageError(fmt::format("stressor '{}' is not one of clonebench's (`clonebench list`)",
                                 shortened(run.record.result.stressor, kQuotedChars)));
  }
}

// "pushed 3 runs to URL; 2 already there", with "; 1 refused" after each refused run on
// stderr: a copy that left runs behind says which and why, and exits 2 (the other store's data
// is input that did not pass).
int report_count(const char* verb, const char* preposition, const TransferCount& count,
                 const std::string& where) {
  for (const std::string& refusal : count.refused) {
    fmt::print(stderr, "clonebench: refused {}\n", refusal);
  }
  fmt::print("{} {} run{} {} {}; {} already there{}\n", verb, count.stored,
             count.stored == 1 ? "" : "s", preposition, where, count.present,
             count.refused.empty() ? "" : fmt::format("; {} refused", count.refused.size()));
  return count.refused.empty() ? kExitOk : kExitUsage;
}

int run_push(const TransferOptions& options) {
  const std::vector<std::int64_t> ids = chosen_ids(options, "push");
  const Store local(database_path(options.db_path), Store::Access::kReadOnly);
  Store remote(options.remote);
  return report_count("pushed", "to", transfer_runs(local, remote, ids, &check_copied_run),
                      remote.path());
}

int run_pull(const TransferOptions& options) {
  const std::vector<std::int64_t> ids = chosen_ids(options, "pull");
  const Store remote(options.remote, Store::Access::kReadOnly);
  Store local(database_path(options.db_path));
  return report_count("pulled", "from", transfer_runs(remote, local, ids, &check_copied_run),
                      remote.path());
}

void add_common_options(CLI::App& command, TransferOptions& options, const char* ids_help) {
  command.add_option("ids", options.ids, ids_help)->type_name("ID...");
  command.add_flag("--all", options.all, "Every run");
  define_db_option(command, options.db_path, "The local run database");
}

}  // namespace

void add_transfer_commands(CLI::App& app, CommandList& commands) {
  auto [push, push_options] = define_command(
      app, commands, "push", "Copy stored runs to another store, e.g. a shared PostgreSQL database",
      &run_push);
  push.add_option("--to", push_options.remote,
                  "The receiving store: postgresql://... or a SQLite file")
      ->required()
      ->type_name("URL");
  add_common_options(push, push_options, "Local run ids (see `clonebench history`)");

  auto [pull, pull_options] = define_command(
      app, commands, "pull", "Copy runs of another store into the local one", &run_pull);
  pull.add_option("--from", pull_options.remote,
                  "The store to copy from: postgresql://... or a SQLite file")
      ->required()
      ->type_name("URL");
  add_common_options(pull, pull_options,
                     "Run ids in that store (see `clonebench history --db URL`)");
}

}  // namespace clonebench
