// Hidden subcommands that serve shell completion and the tests, not users: `__cli` prints the
// command line as JSON (cli_description.hpp) and `__labels` the stored run labels.
#include <fmt/core.h>

#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "cli/cli_description.hpp"
#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "store/store.hpp"

namespace clonebench {
namespace {

// Newest first, each once. A missing database prints nothing: a TAB press never creates one.
int print_labels(const std::string& db_path) {
  const std::string path = database_path(db_path);
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    return kExitOk;
  }
  const Store store(path);
  std::set<std::string> printed;
  for (const HistoryRow& row : store.history(SIZE_MAX)) {
    if (printed.insert(row.label).second) {
      fmt::print("{}\n", row.label);
    }
  }
  return kExitOk;
}

}  // namespace

void add_completion_commands(CLI::App& app, CommandList& commands) {
  CLI::App* cli = app.add_subcommand("__cli", "The command line as JSON")->group("");
  commands.push_back({cli, [&app] {
                        fmt::print("{}\n", describe_cli(app).dump(2));
                        return kExitOk;
                      }});
  auto db_path = std::make_shared<std::string>();
  CLI::App* labels = app.add_subcommand("__labels", "Stored run labels, newest first")->group("");
  define_db_option(*labels, *db_path);
  commands.push_back({labels, [db_path] { return print_labels(*db_path); }});
}

}  // namespace clonebench
