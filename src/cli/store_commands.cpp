// `clonebench history`, `show [ID]` and `export ID...`: stored runs, rendered by the same
// exporters that `run` uses. IDs are read as every command reads run ids (parse_run_ids).

#include <fmt/core.h>
#include <unistd.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "compare/distinct_runs.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
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

constexpr std::int64_t kDefaultHistoryLimit = 20;

struct StoreOptions {
  std::string db_path;      // empty: Store::default_path()
  std::string limit_text;   // history --limit N; empty: 20
  bool all = false;         // history --all
  std::string host, label;  // history: only runs of this host / label
  std::vector<std::string> ids;
  std::string json_path, yaml_path, csv_path;
  std::string format;  // export --format: the one document to stdout
};

std::string db_path_of(const StoreOptions& options) {
  return database_path(options.db_path);
}

StoredRun load_run(const Store& store, std::int64_t id, const char* command) {
  auto stored = store.load(id);
  if (!stored) {
    throw UsageError(fmt::format("{}: run {} is not in {}", command, id, store.path()));
  }
  return std::move(*stored);
}

// --limit N: a count of runs, 0 for all; anything else (negative, beyond any count) is refused,
// never read as "everything".
std::size_t history_limit(const StoreOptions& options) {
  const std::int64_t limit = options.limit_text.empty()
                                 ? kDefaultHistoryLimit
                                 : parse_integer(options.limit_text, "--limit", 0,
                                                 std::numeric_limits<std::int64_t>::max());
  return options.all || limit == 0 ? SIZE_MAX : static_cast<std::size_t>(limit);
}

// Why nothing is listed: nothing stored, or nothing of the --host and --label asked for.
std::string nothing_listed(const StoreOptions& options, std::size_t stored, const Store& store) {
  if (stored == 0) {
    return fmt::format("no runs stored in {}", store.path());
  }
  std::string wanted;
  if (!options.host.empty()) {
    wanted = fmt::format("is of host {}", printable(options.host));
  }
  if (!options.label.empty()) {
    wanted +=
        fmt::format("{}has label {}", wanted.empty() ? "" : " and ", printable(options.label));
  }
  return fmt::format("none of the {} stored run{} {} in {}", stored, stored == 1 ? "" : "s", wanted,
                     store.path());
}

// The ids of every ID argument ("12", "12,13", "1-9"), in the order given.
std::vector<std::int64_t> ids_of(const std::vector<std::string>& arguments, const char* command) {
  std::vector<std::int64_t> ids;
  for (const std::string& text : arguments) {
    try {
      const std::vector<std::int64_t> these = parse_run_ids(text);
      ids.insert(ids.end(), these.begin(), these.end());
    } catch (const UsageError& error) {
      throw UsageError(fmt::format("{} ID: {}; see `clonebench history`", command, error.what()));
    }
  }
  return ids;
}

// The run `show` shows: the ID given, or without one the newest stored run.
StoredRun run_to_show(const Store& store, const StoreOptions& options, bool& newest) {
  newest = options.ids.empty();
  if (!newest) {
    const std::vector<std::int64_t> ids = ids_of(options.ids, "show");
    if (ids.size() != 1) {
      throw UsageError("show ID: one run at a time (export writes several)");
    }
    return load_run(store, ids.front(), "show");
  }
  const std::vector<HistoryRow> latest = store.history(1);
  if (latest.empty()) {
    throw UsageError(fmt::format("show: no runs stored in {}", store.path()));
  }
  return load_run(store, latest.front().id, "show");
}

int run_history(const StoreOptions& options) {
  const std::size_t limit = history_limit(options);
  const Store store(db_path_of(options), Store::Access::kReadOnly);
  std::vector<HistoryRow> rows;
  std::size_t matching = 0;
  const std::vector<HistoryRow> stored = store.history(SIZE_MAX);
  for (const HistoryRow& row : stored) {
    // A guest's runs are the guest's: --host vm lists the host's own, not its guests'.
    if ((options.host.empty() || measured_on(row) == options.host) &&
        (options.label.empty() || row.label == options.label) && matching++ < limit) {
      rows.push_back(row);
    }
  }
  if (rows.empty()) {
    fmt::print("{}\n", nothing_listed(options, stored.size(), store));
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
  bool newest = false;
  StoredRun stored = run_to_show(store, options, newest);
  const RunRecord& record = stored.record;
  RunDocument document{stored.environment, {record}};
  if (newest && options.json_path == "-") {
    fmt::print(stderr, "clonebench: show: no ID given: the newest run, {}\n", record.id);
  }
  if (options.json_path != "-") {
    fmt::print("run {}{} · label {} · started {}{}\n", record.id,
               newest ? " (the newest; no ID given)" : "", printable(record.label),
               printable(record.started_at),
               record.experiment.empty() ? "" : " · experiment " + printable(record.experiment));
    HistoryRow measured;  // a guest's run says so before its figures (history_table.hpp)
    add_measured_on(measured, stored.environment);
    const std::string guest = guest_note(measured);
    fmt::print("{}\n{}{}\n", environment_line(stored.environment),
               guest.empty() ? "" : guest + "\n",
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

// --format F is --F - (the document in F to stdout), as `report --format` chooses a format.
StoreOptions with_format_as_output(StoreOptions options) {
  if (options.format.empty()) {
    return options;
  }
  std::string& path = options.format == "json"   ? options.json_path
                      : options.format == "yaml" ? options.yaml_path
                                                 : options.csv_path;
  if (!path.empty()) {
    throw UsageError(
        fmt::format("export: --format {0} and --{0} {1} both choose the {0} output; "
                    "give one",
                    options.format, path));
  }
  path = "-";
  return options;
}

int run_export(const StoreOptions& given) {
  const StoreOptions options = with_format_as_output(given);
  if (options.json_path.empty() && options.yaml_path.empty() && options.csv_path.empty()) {
    throw UsageError(
        "export: give --format json|yaml|csv (to stdout) or at least one of --json FILE, --yaml "
        "FILE, --csv FILE");
  }
  check_output_targets(
      {{options.json_path, "--json"}, {options.yaml_path, "--yaml"}, {options.csv_path, "--csv"}},
      db_path_of(options));
  const std::vector<std::int64_t> ids = ids_of(options.ids, "export");
  require_distinct_runs(ids, "export");
  const Store store(db_path_of(options), Store::Access::kReadOnly);
  RunDocument document;
  std::vector<Environment> environments;  // each run's, for the CSV's kernel and host
  for (const std::int64_t id : ids) {
    StoredRun stored = load_run(store, id, "export");
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
  history
      .add_option("--limit", history_options.limit_text, "Show at most N runs (0: all; default 20)")
      ->type_name("N");
  history.add_flag("--all", history_options.all, "Show every run (as --limit 0)");
  history.add_option("--host", history_options.host, "Only runs measured on host NAME")
      ->type_name("NAME");
  history.add_option("--label", history_options.label, "Only runs labelled L")->type_name("L");
  add_db_option(history, history_options);

  auto [show, show_options] =
      define_command(app, commands, "show", "Show one stored run with its metrics", &run_show);
  show.add_option("id", show_options.ids,
                  "The run id (see `clonebench history`; default: the newest run)")
      ->expected(1)
      ->type_name("ID");
  show.add_option("--json", show_options.json_path,
                  "Also write the run as clonebench/1 JSON to FILE ('-': only JSON, to stdout)")
      ->type_name("FILE|-");
  add_db_option(show, show_options);

  auto [exporter, export_options] = define_command(
      app, commands, "export", "Write stored runs as one JSON, YAML or CSV document", &run_export);
  exporter
      .add_option("ids", export_options.ids,
                  "Run ids: 12, 12,13,15, ranges 1-9 (see `clonebench history`)")
      ->required()
      ->type_name("ID...");
  exporter
      .add_option("--format", export_options.format,
                  "Write the document in FORMAT to stdout (as --json -, --yaml - or --csv -)")
      ->check(CLI::IsMember({"json", "yaml", "csv"}))
      ->type_name("json|yaml|csv");
  exporter.add_option("--json", export_options.json_path, "clonebench/1 JSON to FILE or '-'")
      ->type_name("FILE|-");
  exporter.add_option("--yaml", export_options.yaml_path, "stress-ng-style YAML to FILE or '-'")
      ->type_name("FILE|-");
  exporter.add_option("--csv", export_options.csv_path, "one CSV row per run to FILE or '-'")
      ->type_name("FILE|-");
  add_db_option(exporter, export_options);
}

}  // namespace clonebench
