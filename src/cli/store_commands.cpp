// `clonebench history`, `show ID` and `export ID...`: stored runs, rendered by the same
// exporters that `run` uses.

#include <fmt/core.h>
#include <unistd.h>

#include <charconv>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "experiment/profile_output.hpp"
#include "record/run_document_json.hpp"
#include "render/exporters.hpp"
#include "render/history_table.hpp"
#include "render/output_file.hpp"
#include "render/profile_table.hpp"
#include "report/report_facts.hpp"
#include "scale/scale_render.hpp"
#include "store/store.hpp"
#include "store/stored_runs.hpp"
#include "sweep/sweep_render.hpp"

namespace clonebench {
namespace {

struct StoreOptions {
  std::string db_path;  // empty: Store::default_path()
  std::size_t limit = 20;
  bool all = false;         // history --all
  std::string host, label;  // history: only runs of this host / label
  std::vector<std::string> ids;
  std::string json_path, yaml_path, csv_path;
};

std::string db_path_of(const StoreOptions& options) {
  return database_path(options.db_path);
}

StoredRun load_run(const Store& store, const std::string& text, const char* command) {
  std::int64_t id = 0;
  try {
    id = parse_run_id(text);
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("{} ID: {}; see `clonebench history`", command, error.what()));
  }
  auto stored = store.load(id);
  if (!stored) {
    throw UsageError(fmt::format("{}: run {} is not in {}", command, id, store.path()));
  }
  return std::move(*stored);
}

int run_history(const StoreOptions& options) {
  const Store store(db_path_of(options), Store::Access::kReadOnly);
  const std::size_t limit = options.all || options.limit == 0 ? SIZE_MAX : options.limit;
  std::vector<HistoryRow> rows;
  std::size_t matching = 0;
  for (HistoryRow& row : store.history(SIZE_MAX)) {
    if ((options.host.empty() || row.hostname == options.host) &&
        (options.label.empty() || row.label == options.label) && matching++ < limit) {
      rows.push_back(std::move(row));
    }
  }
  if (rows.empty()) {
    fmt::print("no runs stored in {}\n", store.path());
    return kExitOk;
  }
  fmt::print("{}", render_history(rows));
  if (matching > rows.size()) {  // never a silent cut
    fmt::print("{} of {} runs shown, newest first (--limit N or --all for more)\n", rows.size(),
               matching);
  }
  return kExitOk;
}

// The run's settings as stored, one "name value" each ("timeout_s 5 · rss_bytes 134217728 ·
// seed 42 · workload clean"), then the command as typed when it was stored.
std::string options_lines(const RunOptions& options) {
  std::string settings, command;
  for (const OptionText& option : option_texts(options)) {
    settings += fmt::format("{}{} {}", settings.empty() ? "" : " · ", printable(option.name),
                            printable(option.text));
  }
  for (const std::string& word : options.command_line.value_or(std::vector<std::string>{})) {
    command += (command.empty() ? "" : " ") + quoted(printable(word));
  }
  return "options: " + settings + "\n" + (command.empty() ? "" : "command: " + command + "\n");
}

// The sweep or scale a run belongs to, re-rendered from the stored analysis.
std::string experiment_report_of(const Store& store, const RunRecord& record) {
  if (record.experiment.empty()) {
    return {};
  }
  const auto experiment = store.load_experiment_summary(record.experiment);
  if (!experiment ||
      (experiment->kind != ExperimentKind::kSweep && experiment->kind != ExperimentKind::kScale)) {
    return {};
  }
  const std::string_view kind = experiment_kind_name(experiment->kind);
  if (experiment->status != "complete") {
    return fmt::format(
        "\n{} {} ({}) did not finish ({}): its stored runs are kept, it has no "
        "analysis\n",
        kind, printable(experiment->tag), printable(experiment->created_at),
        printable(experiment->status));
  }
  const ExperimentSummary summary = experiment->summary.value_or(empty_summary(experiment->kind));
  const std::string analysis = experiment->kind == ExperimentKind::kSweep
                                   ? render_sweep(std::get<SweepSummary>(summary))
                                   : render_scale(std::get<ScaleSummary>(summary));
  return fmt::format("\n{} {} ({}):\n{}", kind, printable(experiment->tag),
                     printable(experiment->created_at), analysis);
}

int run_show(const StoreOptions& options) {
  check_output_targets({{options.json_path, "--json"}}, db_path_of(options));
  const Store store(db_path_of(options), Store::Access::kReadOnly);
  StoredRun stored = load_run(store, options.ids.front(), "show");
  const RunRecord& record = stored.record;
  RunDocument document{stored.environment, {record}};
  if (options.json_path != "-") {
    fmt::print("run {} · label {} · started {}{}\n", record.id, printable(record.label),
               printable(record.started_at),
               record.experiment.empty() ? "" : " · experiment " + printable(record.experiment));
    fmt::print("{}\n{}\n", environment_line(stored.environment),
               printable_lines(options_lines(record.result.options)));
    // Stored text (another store's, through pull) reaches the terminal escaped.
    fmt::print("{}\n", printable_lines(render_table(document)));
    fmt::print("{}", printable_lines(render_metrics(document, static_cast<int>(::getpid()))));
    fmt::print("{}", printable_lines(experiment_report_of(store, record)));
    if (record.profile) {
      fmt::print("\n{}",
                 printable_lines(render_profile(fmt::format("run {}", record.id), *record.profile,
                                                compound_head_of(stored.environment))));
    }
    std::fflush(stdout);
  }
  if (!options.json_path.empty()) {
    write_output(options.json_path, run_document_text(document), "--json");
  }
  return kExitOk;
}

int run_export(const StoreOptions& options) {
  if (options.json_path.empty() && options.yaml_path.empty() && options.csv_path.empty()) {
    throw UsageError("export: give at least one of --json FILE, --yaml FILE, --csv FILE");
  }
  check_output_targets(
      {{options.json_path, "--json"}, {options.yaml_path, "--yaml"}, {options.csv_path, "--csv"}},
      db_path_of(options));
  const Store store(db_path_of(options), Store::Access::kReadOnly);
  RunDocument document;
  std::vector<Environment> environments;  // each run's, for the CSV's kernel and host
  for (const std::string& text : options.ids) {
    StoredRun stored = load_run(store, text, "export");
    if (document.runs.empty()) {
      document.environment = stored.environment;  // one document: the first's
    }
    environments.push_back(stored.environment);
    document.runs.push_back(std::move(stored.record));
  }
  if (!options.json_path.empty()) {
    write_output(options.json_path, run_document_text(document), "--json");
  }
  if (!options.yaml_path.empty()) {
    write_output(options.yaml_path, render_yaml(document), "--yaml");
  }
  if (!options.csv_path.empty()) {
    write_output(options.csv_path, render_csv(document, environments), "--csv");
  }
  return kExitOk;
}

void add_db_option(CLI::App& command, StoreOptions& options) {
  define_db_option(command, options.db_path);
}

}  // namespace

void add_store_commands(CLI::App& app, CommandList& commands) {
  auto [history, history_options] =
      define_command(app, commands, "history", "List stored runs, newest first", &run_history);
  history.add_option("--limit", history_options.limit, "Show at most N runs (0: all; default 20)")
      ->type_name("N");
  history.add_flag("--all", history_options.all, "Show every run (as --limit 0)");
  history.add_option("--host", history_options.host, "Only runs measured on host NAME")
      ->type_name("NAME");
  history.add_option("--label", history_options.label, "Only runs labelled L")->type_name("L");
  add_db_option(history, history_options);

  auto [show, show_options] =
      define_command(app, commands, "show", "Show one stored run with its metrics", &run_show);
  show.add_option("id", show_options.ids, "The run id (see `clonebench history`)")
      ->required()
      ->expected(1)
      ->type_name("ID");
  show.add_option("--json", show_options.json_path,
                  "Also write the run as clonebench/1 JSON to FILE ('-': only JSON, to stdout)")
      ->type_name("FILE|-");
  add_db_option(show, show_options);

  auto [exporter, export_options] = define_command(
      app, commands, "export", "Write stored runs as one JSON, YAML or CSV document", &run_export);
  exporter.add_option("ids", export_options.ids, "Run ids (see `clonebench history`)")
      ->required()
      ->type_name("ID...");
  exporter.add_option("--json", export_options.json_path, "clonebench/1 JSON to FILE or '-'")
      ->type_name("FILE|-");
  exporter.add_option("--yaml", export_options.yaml_path, "stress-ng-style YAML to FILE or '-'")
      ->type_name("FILE|-");
  exporter.add_option("--csv", export_options.csv_path, "one CSV row per run to FILE or '-'")
      ->type_name("FILE|-");
  add_db_option(exporter, export_options);
}

}  // namespace clonebench
