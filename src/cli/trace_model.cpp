#include "cli/trace_model.hpp"

#include <fmt/core.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>

#include "compare/json_input.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/cost_model_json.hpp"
#include "record/environment_json.hpp"
#include "store/store.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kHistoryRowsSearched = 100000;
constexpr std::uintmax_t kModelFileMaxBytes = 64 << 20;

// The "create" phase of a cost model; UsageError naming --model and `what` otherwise.
ForkCostModel fork_model_of(const CostModel& model, const std::string& source,
                            const std::string& what) {
  for (const PhaseCostModel& phase : model.phases) {
    if (phase.phase == "create") {
      return ForkCostModel{source, model.estimator, phase};
    }
  }
  throw UsageError(fmt::format("--model: {}: the cost model has no \"create\" phase", what));
}

bool is_regular_file(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode);
}

ForkCostModel model_from_file(const std::string& path) {
  const std::string name = printable(path);
  std::ifstream in(path, std::ios::binary);
  struct stat status {};
  if (!in || ::stat(path.c_str(), &status) != 0) {
    throw UsageError(fmt::format("--model: {}: cannot read: {}", name, std::strerror(errno)));
  }
  if (static_cast<std::uintmax_t>(status.st_size) > kModelFileMaxBytes) {
    throw UsageError(fmt::format("--model: {}: larger than a cost model can be", name));
  }
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  // Malformed JSON is named with its line and column (parse_json_input); valid JSON of another
  // shape is "not a JSON object".
  const nlohmann::json document = parse_json_input("--model: " + name, text);
  if (!document.is_object()) {
    throw UsageError(fmt::format("--model: {}: not a JSON object", name));
  }
  // A sweep's stored summary holds its model under "model"; a bare cost model is accepted too.
  return fork_model_of(cost_model_of_file(document, "--model: " + name), "file " + path, name);
}

ForkCostModel model_of_experiment(const Experiment& experiment) {
  const std::string tag = printable(experiment.tag);
  if (experiment.kind != "sweep") {
    throw UsageError(fmt::format("--model: experiment {} is a {}, not a sweep", tag,
                                 printable(experiment.kind)));
  }
  const std::optional<CostModel> model =
      summary_cost_model(experiment.summary, "--model: sweep " + tag);
  if (!model) {
    throw UsageError(
        fmt::format("--model: sweep {} has no cost model (too few runs or sizes)", tag));
  }
  return fork_model_of(*model, "sweep experiment " + experiment.tag, "sweep " + tag);
}

std::string kernel_of_run(const Store& store, std::int64_t id) {
  const std::optional<StoredRun> run = store.load(id);
  return run ? environment_from_json(run->environment).kernel_release.value_or("") : "";
}

// The newest complete sweep with a model whose runs were measured on this host and kernel.
std::optional<ForkCostModel> newest_local_sweep(const Store& store, const std::string& host,
                                                const std::string& kernel_release) {
  std::set<std::string> seen;
  for (const HistoryRow& row : store.history(kHistoryRowsSearched)) {
    if (row.experiment.empty() || row.hostname != host || !seen.insert(row.experiment).second) {
      continue;
    }
    const std::optional<Experiment> experiment = store.load_experiment_summary(row.experiment);
    if (!experiment || experiment->kind != "sweep" || experiment->status != "complete" ||
        !summary_has_cost_model(experiment->summary) ||
        kernel_of_run(store, row.id) != kernel_release) {
      continue;
    }
    return model_of_experiment(*experiment);
  }
  return std::nullopt;
}

}  // namespace

ForkModelChoice choose_fork_model(const std::string& model_arg, const std::string& db_path,
                                  const std::string& host, const std::string& kernel_release) {
  if (!model_arg.empty()) {
    if (is_regular_file(model_arg)) {
      return {model_from_file(model_arg), {}};
    }
    const Store store(database_path(db_path), Store::Access::kReadOnly);
    const std::optional<Experiment> experiment = store.load_experiment_summary(model_arg);
    if (!experiment) {
      throw UsageError(fmt::format("--model: '{}' is neither a file nor an experiment in {}",
                                   printable(model_arg), printable(store.path())));
    }
    return {model_of_experiment(*experiment), {}};
  }
  const std::string none = fmt::format(
      "fork cost model: none (no stored sweep of this host and kernel {}; run `clonebench sweep` "
      "or pass --model)",
      kernel_release);
  try {
    const Store store(database_path(db_path), Store::Access::kReadOnly);
    if (std::optional<ForkCostModel> model = newest_local_sweep(store, host, kernel_release)) {
      return {std::move(model), {}};
    }
  } catch (const std::exception& error) {
    // The census does not need the model: a database that cannot be read costs the prediction.
    return {std::nullopt, fmt::format("fork cost model: none ({})", error.what())};
  }
  return {std::nullopt, none};
}

}  // namespace clonebench
