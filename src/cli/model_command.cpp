// `clonebench model`: the user-space model of _compound_head() inline vs. call (docs/model.md).
// Parses and checks the options, runs the model, adds the machine's mitigation state and, when
// a sweep of the real kernel is stored, its per-page cost.

#include <fmt/core.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "experiment/progress_line.hpp"
#include "kernel/kernel_path_render.hpp"
#include "machine/environment_capture.hpp"
#include "machine/kernel_report_source.hpp"
#include "model/model_json.hpp"
#include "model/model_render.hpp"
#include "model/model_run.hpp"
#include "record/experiment.hpp"
#include "render/output_file.hpp"
#include "store/store.hpp"
#include "sys/proc_text.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxMemory = std::uint64_t{64} << 30;  // 1 GiB of simulated vmemmap

struct ModelCommandOptions {
  std::string memory = "4G";
  std::string region = "128M";
  std::string layout = "random";
  std::string thp = "0";
  std::string rounds = "15";
  std::string variants = "all";
  std::string seed = "1";
  std::string json_path;
  std::string db_path;
  bool quiet = false;
};

model::ModelOptions parse_options(const ModelCommandOptions& raw) {
  model::ModelOptions options;
  options.memory_bytes = parse_size_bytes(raw.memory, "--mem");
  if (options.memory_bytes < 64 * kMiB || options.memory_bytes > kMaxMemory ||
      options.memory_bytes % (2 * kMiB) != 0) {
    throw UsageError(fmt::format(
        "--mem: '{}' must be a multiple of 2 MiB between 64 MiB and 64 GiB", raw.memory));
  }
  options.region_bytes = parse_size_bytes(raw.region, "--region");
  const std::uint64_t usable = options.memory_bytes - options.hugetlb_folios * 2 * kMiB;
  if (options.region_bytes < 4096 || options.region_bytes % 4096 != 0 ||
      options.region_bytes > usable / 2) {
    throw UsageError(
        fmt::format("--region: '{}' must be a multiple of 4 KiB, at most half of --mem less the "
                    "{} MiB HugeTLB pool ({} bytes here)",
                    raw.region, options.hugetlb_folios * 2, usable / 2));
  }
  const auto layout = model::parse_layout(raw.layout);
  if (!layout) {
    throw UsageError(fmt::format("--layout: '{}' is not one of seq, runs, random", raw.layout));
  }
  options.layout = *layout;
  options.large_folio_pct = static_cast<unsigned>(parse_integer(raw.thp, "--thp", 0, 100));
  options.rounds = static_cast<unsigned>(parse_integer(raw.rounds, "--rounds", 1, 100000));
  options.seed = seed_option(raw.seed).value;  // default "1": a model run is reproducible
  options.variants = model::select_variants(raw.variants, "--variants");
  return options;
}

std::map<std::string, std::string> read_mitigations() {
  const auto files = read_directory_files("/sys/devices/system/cpu/vulnerabilities");
  return files ? parse_vulnerabilities(*files) : std::map<std::string, std::string>{};
}

// The per-page cost of each phase the sweep fitted, as the model sets it beside its own.
std::vector<model::KernelFit> kernel_fits(const SweepSummary& sweep) {
  std::vector<model::KernelFit> fits;
  for (const SweepFit& fit : sweep.fits) {
    fits.push_back({fit.phase, fit.per_page_ns.estimate, fit.per_page_ns.lo, fit.per_page_ns.hi});
  }
  return fits;
}

// The newest stored sweep, if a database exists and holds one; opening it never creates one.
// A malformed one is an error naming it, as the store decodes every summary it gives.
std::optional<model::KernelLink> stored_sweep(const std::string& db_path) {
  const std::string path = database_path(db_path);
  if (!std::filesystem::exists(path)) {
    return std::nullopt;
  }
  const Store store(path, Store::Access::kReadOnly);
  const std::optional<Experiment> experiment = store.latest_experiment(ExperimentKind::kSweep);
  if (!experiment || !experiment->summary) {
    return std::nullopt;
  }
  model::KernelLink link{experiment->tag, experiment->created_at, {}};
  link.fits = kernel_fits(std::get<SweepSummary>(*experiment->summary));
  if (link.fits.empty()) {
    return std::nullopt;
  }
  return link;
}

// Which compound_head() world this kernel is in, decided as `clonebench kernel` does.
model::RunningWorld running_world() {
  const KernelReport report = kernel_report_from_environment(capture_environment());
  return {std::string(head_world_name(report.head_world.world)), report.head_world.basis};
}

int run_model_command(const ModelCommandOptions& raw) {
  const model::ModelOptions options = parse_options(raw);
  check_output_targets({{raw.json_path, "--json"}}, database_path(raw.db_path));
  model::ModelContext context;
  context.mitigations = read_mitigations();
  context.kernel = stored_sweep(raw.db_path);
  context.running = running_world();
  model::RoundObserver progress;
  if (progress_wanted(raw.quiet)) {
    progress = [](unsigned round, unsigned rounds, double elapsed_s, double setup_s) {
      fmt::print(stderr, "clonebench: model round {}\n",
                 progress_counts(round, rounds, elapsed_s, setup_s));
    };
  }
  const model::ModelResult result = model::run_model(options, progress);
  if (raw.json_path != "-") {
    fmt::print("{}", model::render_model_text(result, context));
  }
  if (!raw.json_path.empty()) {
    write_output(raw.json_path, model::model_json(result, context).dump(2) + "\n", "--json");
  }
  return kExitOk;
}

}  // namespace

void add_model_command(CLI::App& app, CommandList& commands) {
  auto [model, options] = define_command(
      app, commands, "model",
      "User-space model of the kernel's per-PTE fork/exit walks: _compound_head() out of line, "
      "always inline, branchless or fake-head-free, before/after c0bff412e67b, HVO key off/on, "
      "plain ret or SRSO-shaped return thunk; marks which kernel era this kernel is "
      "(docs/model.md)",
      &run_model_command);
  model.add_option("--mem", options.memory, "Simulated physical memory (default 4G)");
  model.add_option("--region", options.region,
                   "Populated anonymous region the parent forks with (default 128M)");
  model
      .add_option("--layout", options.layout,
                  "Physical layout of the region's pages: seq, runs or random (default)")
      ->type_name("seq|runs|random");
  model
      .add_option("--thp", options.thp,
                  "Percent of 2 MiB blocks mapped as large folios by PTEs (default 0)")
      ->type_name("PCT");
  model.add_option("--rounds", options.rounds,
                   "Rounds; each runs every variant once, in a fresh random order (default 15)");
  model
      .add_option("--variants", options.variants,
                  "Comma-separated selectors: all, or dash-joined parts of "
                  "<pre|post>-<outline|inline|branchless|fakeheadfree>-<keyoff|keyon|nokey>-"
                  "<ret|srso> (default all)")
      ->type_name("LIST");
  model.add_option("--seed", options.seed, "Seed of the layout and the round order")
      ->type_name("N");
  define_json_option(model, options.json_path, "the model's result");
  define_db_option(model, options.db_path,
                   "The run database holding a `sweep` of the real kernel to compare with");
  model.add_flag("--quiet", options.quiet, "No progress line on a terminal");
}

}  // namespace clonebench
