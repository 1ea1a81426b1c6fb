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
#include "core/text_safety.hpp"
#include "store/store.hpp"

namespace clonebench {
namespace {

// A stored label a shell may offer: one line of text that a command line reads as a label.
// Labels are refused at entry unless so, but a store may hold another host's (pull) or
// anyone's who wrote to it: "-oout.md" would be read as an option once accepted.
bool offerable(const std::string& label) {
  return !label.empty() && !label.starts_with('-') && printable(label) == label;
}

// Newest first, each once. A TAB press only reads: a missing database prints nothing (none is
// created), an older one is not upgraded, and one that another process holds is given up at
// once (Store::Access::kGlance) rather than freezing the shell.
int print_labels(const std::string& db_path) {
  const std::string path = database_path(db_path);
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    return kExitOk;
  }
  const Store store(path, Store::Access::kGlance);
  std::set<std::string> printed;
  for (const HistoryRow& row : store.history(SIZE_MAX)) {
    if (offerable(row.label) && printed.insert(row.label).second) {
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
