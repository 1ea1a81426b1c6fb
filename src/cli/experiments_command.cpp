// `clonebench experiments [--kind K] [--limit N] [--json FILE|-]`: the stored experiments (ab,
// sweep, scale, kernels, trace, hvo-key), newest first, each with its tag (what `report TAG`
// takes), its size and its answer in one line, so that an experiment is found without digging
// its tag out of `history`.

#include <fmt/core.h>

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/experiment_list.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/experiment_kind.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "render/output_file.hpp"
#include "store/store.hpp"

namespace clonebench {
namespace {

constexpr std::int64_t kDefaultExperimentLimit = 20;

struct ExperimentsOptions {
  std::string db_path, limit_text, kind, json_path;
  bool all = false;
};

nlohmann::ordered_json lines_json(const std::vector<ExperimentLine>& lines) {
  nlohmann::ordered_json listed = nlohmann::ordered_json::array();
  for (const ExperimentLine& line : lines) {
    listed.push_back({{"kind", line.kind},
                      {"tag", line.tag},
                      {"created_at", line.created_at},
                      {"status", line.status},
                      {"runs", line.runs},
                      {"size", line.size},
                      {"answer", line.headline}});
  }
  return {{"experiments", listed}};
}

int run_experiments(const ExperimentsOptions& options) {
  const std::int64_t limit_given = options.limit_text.empty()
                                       ? kDefaultExperimentLimit
                                       : parse_integer(options.limit_text, "--limit", 0,
                                                       std::numeric_limits<std::int64_t>::max());
  const std::size_t limit =
      options.all || limit_given == 0 ? SIZE_MAX : static_cast<std::size_t>(limit_given);
  check_output_targets({{options.json_path, "--json"}}, database_path(options.db_path));
  const Store store(database_path(options.db_path), Store::Access::kReadOnly);
  std::vector<ExperimentLine> lines;
  std::size_t matching = 0;
  for (const ListedExperiment& listed : store.experiments(SIZE_MAX)) {
    if ((options.kind.empty() || listed.kind == options.kind) && matching++ < limit) {
      lines.push_back(experiment_line(listed));
    }
  }
  if (!options.json_path.empty()) {
    write_output(options.json_path, dump_json(lines_json(lines), 2) + "\n", "--json");
    if (options.json_path == "-") {
      return kExitOk;
    }
  }
  if (lines.empty()) {
    fmt::print("no {}experiments stored in {}\n",
               options.kind.empty() ? "" : printable(options.kind) + " ", store.path());
    return kExitOk;
  }
  fmt::print("{}", render_experiment_list(lines));
  if (matching > lines.size()) {  // never a silent cut
    fmt::print("{} of {} experiments shown, newest first (--limit N or --all for more)\n",
               lines.size(), matching);
  }
  fmt::print("`clonebench report TAG` writes an experiment's report\n");
  return kExitOk;
}

std::vector<std::string> kind_words() {
  std::vector<std::string> words;
  for (const ExperimentKind kind : experiment_kinds()) {
    words.emplace_back(experiment_kind_name(kind));
  }
  return words;
}

}  // namespace

void add_experiments_command(CLI::App& app, CommandList& commands) {
  auto [experiments, options] =
      define_command(app, commands, "experiments",
                     "List stored experiments (ab, sweep, scale, trace, kernels, hvo-key), newest "
                     "first, with their tags, sizes and answers",
                     &run_experiments);
  experiments
      .add_option("--limit", options.limit_text, "Show at most N experiments (0: all; default 20)")
      ->type_name("N");
  experiments.add_flag("--all", options.all, "Show every experiment (as --limit 0)");
  experiments
      .add_option("--kind", options.kind,
                  "Only experiments of kind K (ab, sweep, scale, trace, kernels, hvo-key)")
      ->check(CLI::IsMember(kind_words()))
      ->type_name("K");
  define_json_option(experiments, options.json_path, "the list");
  define_db_option(experiments, options.db_path);
}

}  // namespace clonebench
