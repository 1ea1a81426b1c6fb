// `clonebench sweep STRESSOR --rss LIST`: cost versus parent size, fitted as fixed + per page.
#include <fmt/core.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "cli/command.hpp"
#include "cli/precision_options.hpp"
#include "cli/run_spec.hpp"
#include "cli/shared_options.hpp"
#include "cli/workload_options.hpp"
#include "core/error.hpp"
#include "core/size_text.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "memory/map_count_guard.hpp"
#include "memory/map_count_limit.hpp"
#include "memory/parent_fit.hpp"
#include "memory/parent_memory.hpp"
#include "memory/thp_settings.hpp"
#include "record/cost_model_json.hpp"
#include "store/store.hpp"
#include "stressors/stressor.hpp"
#include "sweep/cost_model_render.hpp"
#include "sweep/shape_text.hpp"
#include "sweep/size_list.hpp"
#include "sweep/sweep_design.hpp"
#include "sweep/sweep_experiment.hpp"
#include "sweep/sweep_presets.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

// --vmas above what vm.max_map_count leaves once the process's own mappings (and the guard hole
// of each piece, which is not a mapping) are counted would fail in the worker, not here.
constexpr std::uint64_t kOwnMappingsHeadroom = 512;

std::uint64_t max_parent_vmas() {
  std::uint64_t max_map_count = kMaxParentVmas + kOwnMappingsHeadroom;
  if (const auto text = read_text_file("/proc/sys/vm/max_map_count")) {
    try {
      max_map_count = static_cast<std::uint64_t>(std::stoull(*text));
    } catch (const std::exception&) {
      // not a number: the fixed limit alone
    }
  }
  return std::min<std::uint64_t>(kMaxParentVmas, max_map_count > kOwnMappingsHeadroom
                                                     ? max_map_count - kOwnMappingsHeadroom
                                                     : 1);
}

// A folio axis writes the kernel's THP switches: root only, anon only, sizes the kernel has.
void check_folio_axis(const SweepSettings& settings) {
  if (settings.rss_kind != ParentKind::kAnon) {
    throw UsageError("--folio: needs --rss-kind anon (the folio sizes are anonymous memory's)");
  }
  if (::geteuid() != 0) {
    throw UsageError(fmt::format(
        "--folio: needs root: each point sets {}/hugepages-<N>kB/enabled (and puts it back)",
        kThpRoot));
  }
  for (const std::uint64_t bytes : settings.folios) {
    (void)folio_thp_settings(std::string(kThpRoot), bytes / 1024);  // refuses a size not there
  }
}

struct SweepArgs {
  std::string stressor, rss, rss_kind = "anon", vmas = "1", folio,
                             rounds;  // rounds "": the default
  std::string preset;                 // --preset NAME | list
  std::string predict, from;        // --predict SHAPE, --from FILE (a stored sweep's JSON document)
  std::string precision, max_time;  // "3%", "2m": rounds until ±3 % per page or 2 minutes
  std::string timeout_per_point = "1s", instances = "1", seed;
  std::string lock_wait;  // --lock-wait D ("" = the default)
  ExperimentOutputOptions output;
  bool profile = false;
  RawWorkloadOptions workload;
};

SweepPlan parse_sweep(const SweepArgs& args) {
  if (args.stressor.empty()) {
    throw UsageError(
        "STRESSOR: a sweep needs a stressor, e.g. `clonebench sweep fork --rss "
        "0,64M` (or only --predict SHAPE to predict from a stored sweep)");
  }
  require_stressor(args.stressor, "STRESSOR");
  SweepPlan parsed;
  SweepSettings& settings = parsed.settings;
  settings.stressor = args.stressor;
  if (args.rss.empty()) {
    throw UsageError("--rss: a sweep needs a size list, e.g. --rss 0,32M,64M,128M or 0:512M:8");
  }
  settings.sizes = parse_size_list(args.rss, "--rss");
  check_label_option(args.output.label);
  settings.rss_kind = parse_parent_kind(args.rss_kind, "--rss-kind");
  settings.vmas = parse_vmas_list(args.vmas, "--vmas", max_parent_vmas());
  for (const std::uint64_t vmas : settings.vmas) {
    check_vmas_under_map_count(vmas, read_max_map_count());
  }
  if (!args.folio.empty()) {
    settings.folios = parse_folio_list(args.folio, "--folio");
    check_folio_axis(settings);
  }
  const std::vector<SweepPoint> design = settings.design();  // refuses a folio above a size
  for (const SweepPoint& point : design) {
    if (point.bytes != 0 && point.vmas > point.bytes / 4096) {
      throw UsageError(fmt::format("--vmas: {} mappings do not fit in --rss {} ({} pages)",
                                   point.vmas, format_size(point.bytes), point.bytes / 4096));
    }
  }
  const PrecisionOptions precision = parse_precision_options(args.precision, args.max_time, "2m");
  settings.precision = precision.precision;
  settings.max_time_s = precision.max_time_s;
  settings.rounds = static_cast<std::uint32_t>(
      parse_integer(count_default(precision, args.rounds, "5", "1000"), "--rounds", 2, 1000));
  settings.timeout_per_point_s = parse_duration_s(args.timeout_per_point, "--timeout-per-point");
  if (settings.timeout_per_point_s <= 0) {
    throw UsageError("--timeout-per-point: must be above 0");
  }
  settings.instances =
      static_cast<std::uint32_t>(parse_integer(args.instances, "--instances", 1, 1024));
  settings.seed = seed_option(args.seed).value;
  StressorJob& job = parsed.job;
  job.stressor = settings.stressor;
  job.instances = settings.instances;
  job.timeout_s = settings.timeout_per_point_s;
  job.parent.kind = settings.rss_kind;
  job.parent.vmas = settings.vmas.front();
  job.seed = settings.seed;
  apply_workload(parse_workload_options(args.workload), job);
  parsed.profile = args.profile;
  return parsed;
}

// The summary of the sweep to predict from: --from FILE (a `sweep --json` document) or the
// newest sweep stored in the database.
nlohmann::json stored_sweep_summary(const SweepArgs& args) {
  if (!args.from.empty()) {
    const std::optional<std::string> text = read_text_file(args.from);
    if (!text) {
      throw UsageError(fmt::format("--from: cannot read {}", printable(args.from)));
    }
    std::optional<nlohmann::json> summary =
        sweep_summary_of_document(nlohmann::json::parse(*text, nullptr, false));
    if (!summary) {
      throw UsageError(fmt::format("--from: {} is not a sweep's JSON document (sweep --json)",
                                   printable(args.from)));
    }
    return std::move(*summary);
  }
  const std::string path = database_path(args.output.db_path);
  if (!std::filesystem::exists(path)) {
    throw UsageError(
        fmt::format("--predict: no database at {} and no --from FILE", printable(path)));
  }
  const Store store(path, Store::Access::kReadOnly);
  const auto experiment = store.latest_experiment("sweep");
  if (!experiment) {
    throw UsageError(fmt::format("--predict: no sweep stored in {}", printable(path)));
  }
  return experiment->summary;
}

int predict_from_stored(const SweepArgs& args) {
  const ShapeX shape = parse_shape(args.predict, "--predict");
  const std::optional<CostModel> model =
      summary_cost_model(stored_sweep_summary(args), "--predict");
  if (!model) {
    throw UsageError(
        "--predict: the sweep has no cost model (stored before it existed, or too "
        "few runs to fit one)");
  }
  fmt::print("{}", render_prediction(*model, shape, printable(args.predict)));
  return kExitOk;
}

// A preset fills what the user left unset; its --rss is the first of its lists that fits here.
SweepArgs with_preset(const SweepArgs& given, const SweepPreset& preset) {
  SweepArgs args = given;
  if (args.stressor.empty()) {
    args.stressor = "fork";
  }
  if (args.rss.empty()) {
    for (const std::string& choice : preset.rss_choices) {
      args.rss = choice;
      const std::vector<std::uint64_t> sizes = parse_size_list(choice, "--rss");
      try {
        check_parent_fits({ParentKind::kAnon, *std::max_element(sizes.begin(), sizes.end()), 1}, 1);
        break;
      } catch (const UsageError&) {
        // too large for this machine: the next, smaller list
      }
    }
    if (args.rss != preset.rss_choices.front()) {
      fmt::print(stderr, "clonebench: --preset {}: --rss {} is the largest that fits here\n",
                 preset.name, args.rss);
    }
  }
  args.vmas = args.vmas == "1" ? preset.vmas : args.vmas;
  args.folio = args.folio.empty() ? preset.folio : args.folio;
  args.rounds = args.rounds.empty() ? preset.rounds : args.rounds;
  args.timeout_per_point =
      args.timeout_per_point == "1s" ? preset.timeout_per_point : args.timeout_per_point;
  return args;
}

// Whether the VMA list is a preset's own, which may need more than vm.max_map_count allows
// (fit_preset_vmas raises the limit as root, or shortens the list).
bool preset_vmas_may_exceed_limit(const SweepArgs& args, const SweepPreset* preset) {
  return preset != nullptr && preset->may_raise_map_count && args.vmas == preset->vmas;
}

// A preset's VMA counts beyond what vm.max_map_count allows: as root the limit is raised for the
// sweep under `settings_lock` (put back on every way out, memory/map_count_guard.hpp); otherwise
// those counts are left out, and said so. Only the preset's own list: an explicit --vmas is
// checked as always.
std::optional<MapCountRaise> fit_preset_vmas(SweepArgs& args, const SweepPreset* preset,
                                             MachineSettingsLock* settings_lock) {
  if (!preset_vmas_may_exceed_limit(args, preset)) {
    return std::nullopt;
  }
  const std::optional<std::uint64_t> limit = read_max_map_count();
  const std::vector<std::uint64_t> counts = parse_vmas_list(args.vmas, "--vmas", kMaxParentVmas);
  const std::uint64_t largest = *std::max_element(counts.begin(), counts.end());
  if (!limit || largest <= max_vmas_under(*limit)) {
    return std::nullopt;
  }
  if (settings_lock != nullptr) {
    fmt::print(stderr,
               "clonebench: --preset {}: vm.max_map_count raised from {} to {} for {} VMAs, put "
               "back when the sweep ends (also if the tool is killed)\n",
               preset->name, *limit, map_count_needed(largest), largest);
    return std::optional<MapCountRaise>(std::in_place, *settings_lock, map_count_needed(largest));
  }
  std::vector<std::string> kept;
  for (const std::uint64_t count : counts) {
    if (count <= max_vmas_under(*limit)) {
      kept.push_back(std::to_string(count));
    }
  }
  args.vmas = fmt::format("{}", fmt::join(kept, ","));
  fmt::print(stderr,
             "clonebench: --preset {}: --vmas {}: vm.max_map_count = {} holds at most {} VMAs, "
             "and only root may raise it for {}\n",
             preset->name, args.vmas, *limit, max_vmas_under(*limit), largest);
  return std::nullopt;
}

int run_sweep_command(const SweepArgs& given) {
  if (given.preset == "list") {
    fmt::print("{}", render_preset_list());
    return kExitOk;
  }
  const SweepPreset* preset = nullptr;
  if (!given.preset.empty()) {
    preset = find_sweep_preset(given.preset);
    if (preset == nullptr) {
      throw UsageError(fmt::format("--preset: '{}' is not a preset (see --preset list)",
                                   printable(given.preset)));
    }
  }
  SweepArgs args = preset != nullptr ? with_preset(given, *preset) : given;
  if (!args.predict.empty() && args.stressor.empty()) {
    return predict_from_stored(args);
  }
  if (!args.from.empty()) {
    throw UsageError(
        "--from: only with --predict and no STRESSOR (it predicts from a stored "
        "sweep instead of running one)");
  }
  if (!args.predict.empty()) {
    (void)parse_shape(args.predict, "--predict");  // a bad shape is refused before any run
  }
  const MachineSettingsLockOptions lock_options = machine_settings_lock_options(args.lock_wait);
  const bool preset_vmas = preset_vmas_may_exceed_limit(args, preset);
  if (!preset_vmas) {
    (void)parse_sweep(args);  // bad input is refused before any wait for the lock
  }
  const bool raises_map_count = preset_vmas && ::geteuid() == 0;
  // The THP switches and vm.max_map_count are the machine's: read and changed under its lock.
  std::optional<MachineSettingsLock> settings_lock;
  if (!args.folio.empty() || raises_map_count) {
    settings_lock.emplace(lock_options);
  }
  MachineSettingsLock* const lock = settings_lock ? &*settings_lock : nullptr;
  const std::optional<MapCountRaise> map_count = fit_preset_vmas(args, preset, lock);
  SweepPlan plan = parse_sweep(args);
  plan.predict = args.predict;
  plan.preset = args.preset;
  const ExperimentOutputOptions& output = args.output;
  return run_sweep_experiment(plan, {output.label, output.db_path, output.no_store},
                              output.json_path, output.quiet, lock);
}

}  // namespace

void add_sweep_command(CLI::App& app, CommandList& commands) {
  auto [sweep, args] =
      define_command(app, commands, "sweep",
                     "cost vs. parent size: fixed cost + cost per page, with confidence intervals",
                     &run_sweep_command);
  sweep.add_option("STRESSOR", args.stressor,
                   "fork, clone, clone3, vfork, spawn, exec, thread (none: --predict from a "
                   "stored sweep)");
  sweep.add_option("--rss", args.rss, "sizes: 0,16M,64M,256M or a range START:END:POINTS");
  sweep.add_option("--rss-kind", args.rss_kind, "anon | thp | zero | shared | file | hugetlb");
  sweep.add_option("--vmas", args.vmas,
                   "split the region into N mappings; a list is an axis: 1,64,4096 (default 1)");
  sweep.add_option("--folio", args.folio,
                   "anon memory in folios of each size, an axis: 4K,16K,64K,2M (root; sets and "
                   "restores the THP switches)");
  sweep.add_option("--preset", args.preset,
                   "repeat a published experiment: folio-fork, vma-fork, compound-head (list: "
                   "what each sets and reproduces)");
  sweep.add_option("--predict", args.predict,
                   "predict the cost of a parent shape, e.g. 64M,vmas=300,folio=64K (after the "
                   "sweep; without STRESSOR from the newest stored sweep or --from)");
  sweep.add_option("--from", args.from, "with --predict: the sweep's JSON document (--json)");
  sweep.add_option("--rounds", args.rounds,
                   "rounds; each measures every size once (default 5; with --precision or "
                   "--max-time, the most, default 1000)");
  sweep.add_option("--precision", args.precision,
                   "rounds until the per-page CI of the total cost is at most ±P, e.g. 3% "
                   "(first look after round 3)");
  sweep.add_option("--max-time", args.max_time,
                   "rounds until D, none that would end after it (default 2m with --precision)");
  sweep.add_option("--timeout-per-point", args.timeout_per_point,
                   "duration of each run (default 1s)");
  sweep.add_option("-n,--instances", args.instances, "instances per run (default 1)");
  define_seed_option(sweep, args.seed, "the order and the bootstrap");
  define_experiment_output_options(sweep, args.output, "the sweep");
  define_lock_wait_option(sweep, args.lock_wait);
  sweep.add_flag("--profile", args.profile,
                 "sample the kernel with perf over every run (see `clonebench kernel`)");
  define_workload_options(sweep, args.workload);
}

}  // namespace clonebench
