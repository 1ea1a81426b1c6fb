// `clonebench report SELECTION... --format markdown|sru|html [-o FILE|-]`: stored runs, labels or
// one experiment, as text people paste (docs/report.md).

#include <fmt/core.h>

#include <memory>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/experiment_kind.hpp"
#include "render/output_file.hpp"
#include "report/gnuplot_run.hpp"
#include "report/plot_script.hpp"
#include "report/report_input.hpp"
#include "report/report_renderers.hpp"
#include "store/store.hpp"

namespace clonebench {
namespace {

struct ReportOptions {
  std::vector<std::string> selection;
  std::string format = "markdown";
  std::string output = "-";
  std::string db_path;  // empty: Store::default_path()
  bool assume_no_boot_effect = false;
};

int run_report(const ReportOptions& options) {
  const std::string db = database_path(options.db_path);
  check_output_targets({{options.output, "-o"}}, db);
  const Store store(db, Store::Access::kReadOnly);
  ReportInput input = select_report_input(store, options.selection);
  input.assume_no_boot_effect = options.assume_no_boot_effect;
  std::string text;
  if (options.format == "html") {
    const PlotScript plots = plot_script(input);
    text = render_html_report(input, plots.titles, draw_plots(plots));
  } else {
    text = options.format == "sru" ? render_sru_report(input) : render_markdown_report(input);
  }
  if (options.output == "-") {
    fmt::print("{}", text);
  } else {
    write_output(options.output, text, "-o");
  }
  return kExitOk;
}

}  // namespace

void add_report_command(CLI::App& app, CommandList& commands) {
  auto [report, options] =
      define_command(app, commands, "report",
                     "Stored runs, labels or an experiment of any kind as a report", &run_report);
  report
      .add_option("SELECTION", options.selection,
                  "Run ids (12 or 12,13), labels, an experiment tag, or a kind (" +
                      experiment_kind_choices() + ": the newest of it)")
      ->required()
      ->type_name("SELECTION...");
  report.add_option("--format", options.format, "markdown (default) | sru | html")
      ->check(CLI::IsMember({"markdown", "sru", "html"}))
      ->type_name("FORMAT");
  report.add_option("-o,--output", options.output, "Write to FILE ('-': stdout, the default)")
      ->type_name("FILE|-");
  define_db_option(report, options.db_path);
  report.add_flag("--assume-no-boot-effect", options.assume_no_boot_effect,
                  "Compare labels of one boot per side at the run level, as compare does; "
                  "every format says so");
}

}  // namespace clonebench
