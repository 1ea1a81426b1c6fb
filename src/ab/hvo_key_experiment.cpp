#include "ab/hvo_key_experiment.hpp"

#include <fmt/core.h>
#include <sys/utsname.h>

#include <algorithm>
#include <random>

#include "ab/ab_progress.hpp"
#include "ab/hvo_key_analysis.hpp"
#include "ab/hvo_key_render.hpp"
#include "ab/hvo_key_switch.hpp"
#include "core/error.hpp"
#include "core/size_text.hpp"
#include "core/text_safety.hpp"
#include "experiment/output_table.hpp"
#include "experiment/profiled_job.hpp"
#include "experiment/progress_line.hpp"
#include "machine/kernel_config.hpp"
#include "record/hvo_key_summary_json.hpp"
#include "store/store.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

// A round whose runs keep failing their state check this many times in a row stops the
// experiment: the machine is not holding the key where the arms need it.
constexpr std::size_t kMaxFailedRoundsInARow = 5;

struct HvoCell {
  HvoArm arm;
  int size;  // 0 small, 1 large
};

std::optional<std::string> running_config_optimize_vmemmap() {
  struct utsname names {};
  if (::uname(&names) != 0) {
    return std::nullopt;
  }
  const KernelConfigSource source = read_running_kernel_config(names.release);
  if (!source.config) {
    return std::nullopt;
  }
  const auto found = source.config->find("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP");
  return found == source.config->end() ? std::string("n") : found->second;
}

// The six cells of round `round`, in an order drawn from the seed and the round.
std::vector<HvoCell> round_order(std::uint64_t seed, std::size_t round) {
  std::vector<HvoCell> cells;
  for (HvoArm arm : kHvoArms) {
    for (int size : {0, 1}) {
      cells.push_back({arm, size});
    }
  }
  std::mt19937_64 generator(seed ^ (0x9e3779b97f4a7c15ULL * (round + 1)));
  std::shuffle(cells.begin(), cells.end(), generator);
  return cells;
}

struct HvoLoop {
  const HvoKeyPlan& plan;
  HvoKeySwitch& hvo_switch;
  ExperimentSession& session;
  ProgressLine* progress = nullptr;  // null: quiet
  HvoKeyRounds rounds;
  HvoKeyDiscards discards[3] = {{"off", 0, ""}, {"on", 0, ""}, {"control", 0, ""}};
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::size_t runs_done = 0;        // measured or discarded, warm-ups included
  std::size_t expected_rounds = 0;  // measured rounds the stopping rule is expected to run

  double elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  void discard(HvoArm arm, const std::string& when, const HvoCheck& check) {
    HvoKeyDiscards& arm_discards = discards[static_cast<int>(arm)];
    ++arm_discards.runs;
    arm_discards.last_reason = fmt::format("{}: {}", when, check.basis);
  }
};

// One run in its arm's state; nullopt when the state was wrong before or after it.
std::optional<RunRecord> run_cell(HvoLoop& loop, const HvoCell& cell) {
  const HvoCheck before = loop.hvo_switch.enter(cell.arm);
  if (!before.ok) {
    loop.discard(cell.arm, "before the run", before);
    return std::nullopt;
  }
  const StressorJob& job = cell.size == 0 ? loop.plan.small : loop.plan.large;
  RunRecord record = measure_job(job, loop.session.signals(), std::nullopt);
  const HvoCheck after = loop.hvo_switch.check(cell.arm);
  if (!after.ok) {
    loop.discard(cell.arm, "after the run", after);
    return std::nullopt;
  }
  return record;
}

// The measured rounds expected in all: the stopping rule's expectation, or with --max-time alone
// the rounds that fit in it at the pace so far; never fewer than `round` (1-based).
std::size_t rounds_planned(const HvoLoop& loop, std::size_t round, double elapsed_s) {
  const AbStopRule& rule = loop.plan.stop;
  std::size_t expected = loop.expected_rounds;
  if (!rule.precision && rule.max_time_s) {
    expected = units_in_budget(*rule.max_time_s, elapsed_s, loop.runs_done, 6, loop.plan.warmups)
                   .value_or(expected);
  }
  return std::clamp(expected, round, rule.max_pairs);
}

void show_progress(HvoLoop& loop, std::size_t round, const HvoCell& cell) {
  if (loop.progress == nullptr) {
    return;
  }
  const bool warmup = round < loop.plan.warmups;
  const std::size_t index = warmup ? round + 1 : round - loop.plan.warmups + 1;
  const double elapsed_s = loop.elapsed_s();
  const std::size_t planned = warmup ? loop.plan.warmups : rounds_planned(loop, index, elapsed_s);
  const bool guess = !warmup && (loop.plan.stop.precision || loop.plan.stop.max_time_s);
  std::string line = fmt::format(
      "clonebench: ab hvo-key: {} {}/{}{} · key {} · {} · {} complete rounds · {} spent",
      warmup ? "warm-up" : "round", index, guess ? "≈" : "", planned, hvo_arm_name(cell.arm),
      cell.size == 0 ? "small" : "large", loop.rounds.size(), clock_duration(elapsed_s));
  const std::size_t runs_planned =
      6 * (loop.plan.warmups + (warmup ? loop.expected_rounds : planned));
  if (const std::optional<double> left =
          time_left_s(elapsed_s, loop.runs_done, runs_planned, loop.plan.stop.max_time_s)) {
    line += fmt::format(", about {} left", clock_duration(*left));
  }
  loop.progress->show(line);
}

// Runs one round; true when every cell ran in its state (the round is then kept).
bool run_round(HvoLoop& loop, std::size_t round) {
  std::vector<std::pair<HvoCell, RunRecord>> done;
  for (const HvoCell& cell : round_order(loop.plan.seed, round)) {
    show_progress(loop, round, cell);
    std::optional<RunRecord> record = run_cell(loop, cell);
    ++loop.runs_done;
    loop.session.signals().throw_if_interrupted();
    if (record) {
      done.emplace_back(cell, std::move(*record));
    }
  }
  if (done.size() != 6 || round < loop.plan.warmups) {
    return done.size() == 6;
  }
  for (auto& [cell, record] : done) {
    const std::string arm =
        fmt::format("{}-{}", hvo_arm_name(cell.arm), cell.size == 0 ? "small" : "large");
    loop.session.save(record, arm);
    auto& runs = loop.rounds.runs[static_cast<int>(cell.arm)][cell.size];
    runs.push_back(observation_of(
        record, runs.empty() ? std::optional(loop.session.environment()) : std::nullopt));
  }
  return true;
}

// The rounds until both comparisons meet the stopping rule (or the time or round cap).
AbStopReason run_rounds(HvoLoop& loop) {
  AbStopping key(loop.plan.stop), control(loop.plan.stop);
  const std::size_t cap = loop.plan.warmups + loop.plan.stop.max_pairs;
  loop.expected_rounds = loop.plan.stop.precision ? loop.plan.stop.precision->first_look_pairs
                                                  : loop.plan.stop.max_pairs;
  std::size_t failed_in_a_row = 0;
  for (std::size_t round = 0; round < cap + kMaxFailedRoundsInARow * 4; ++round) {
    const double round_start_s = loop.elapsed_s();
    const bool complete = run_round(loop, round);
    failed_in_a_row = complete ? 0 : failed_in_a_row + 1;
    if (failed_in_a_row >= kMaxFailedRoundsInARow) {
      throw RuntimeError(fmt::format(
          "ab --preset hvo-key: {} rounds in a row had a run whose HVO key state was wrong "
          "(last: {} / {} / {}); the machine does not hold the key's state",
          failed_in_a_row, loop.discards[0].last_reason, loop.discards[1].last_reason,
          loop.discards[2].last_reason));
    }
    const auto& off = loop.rounds.of(HvoArm::kOff, 1);
    if (round < loop.plan.warmups || off.empty()) {
      continue;
    }
    const double now_s = loop.elapsed_s();
    const bool key_done =
        key.after_pair(off, loop.rounds.of(HvoArm::kOn, 1), now_s, now_s - round_start_s);
    const bool control_done =
        control.after_pair(off, loop.rounds.of(HvoArm::kControl, 1), now_s, now_s - round_start_s);
    if ((key_done && control_done) || off.size() >= loop.plan.stop.max_pairs) {
      return key.reason() == AbStopReason::kMaxTime ? key.reason() : control.reason();
    }
    if (loop.plan.stop.precision) {
      loop.expected_rounds = std::max({loop.expected_rounds, key.expected_pairs().value_or(0),
                                       control.expected_pairs().value_or(0)});
    }
  }
  return AbStopReason::kPairs;
}

void announce(const HvoKeyPlan& plan) {
  std::string rounds = fmt::format("{} rounds", plan.stop.max_pairs);
  if (plan.stop.precision) {
    rounds = fmt::format("rounds until both CIs are within ±{:g} % (at most {})",
                         plan.stop.precision->half_width * 100, plan.stop.max_pairs);
    if (plan.stop.max_time_s) {
      rounds += fmt::format(" within {}", clock_duration(*plan.stop.max_time_s));
    }
  } else if (plan.stop.max_time_s) {
    rounds = fmt::format("rounds until {} of --max-time is used (at most {})",
                         clock_duration(*plan.stop.max_time_s), plan.stop.max_pairs);
  }
  fmt::print(stderr,
             "clonebench: ab --preset hvo-key: {}, each of 6 runs (key off, on, control × --rss "
             "{} and {}), after {} warm-up round(s), seed {:#x}\n",
             rounds, format_size(plan.small.parent.bytes), format_size(plan.large.parent.bytes),
             plan.warmups, plan.seed);
}

HvoKeySummary summary_of(const HvoLoop& loop, AbStopReason reason) {
  HvoKeySummary summary;
  summary.spec = loop.plan.spec;
  summary.hugetlb_pages = kHvoKeyPages;
  summary.hugetlb_page_kb = kHvoKeyPageKb;
  summary.seed = loop.plan.seed;
  summary.elapsed_s = loop.elapsed_s();
  summary.stop_reason = ab_stop_reason_name(reason);
  for (const HvoKeyDiscards& arm : loop.discards) {
    summary.discarded.push_back(arm);
  }
  if (loop.rounds.size() < 2) {
    throw RuntimeError(fmt::format(
        "ab --preset hvo-key: only {} complete round(s) in the time given; at least 2 are "
        "needed (raise --max-time)",
        loop.rounds.size()));
  }
  analyse_hvo_key_rounds(loop.rounds, {loop.plan.small.parent.bytes, loop.plan.large.parent.bytes},
                         loop.plan.stop.metrics, loop.plan.options, summary);
  return summary;
}

}  // namespace

int run_hvo_key_experiment(const HvoKeyPlan& plan, const StorageOptions& storage,
                           const AbOutputs& outputs) {
  check_outputs({{outputs.json_path, "--json", {}}}, database_path(storage.db_path));
  const std::optional<std::string> config = running_config_optimize_vmemmap();
  check_hvo_key_machine(plan.roots, config);
  // Held from before the state is saved until it is back: no other run sees ours as the start.
  MachineSettingsLock settings_lock(plan.settings_lock);
  HvoKeySwitch hvo_switch(settings_lock, plan.roots, config);  // restores on every way out
  probe_hvo_key_pool(hvo_switch);
  ExperimentSession session(
      ExperimentKind::kHvoKey,
      [&plan](const std::string& created_at) {
        return experiment_tag(ExperimentKind::kHvoKey, created_at, fmt::format("{:x}", plan.seed));
      },
      storage);
  announce(plan);
  session.begin();
  ProgressLine progress_line;
  HvoLoop loop{
      plan, hvo_switch, session, progress_wanted(outputs.quiet) ? &progress_line : nullptr, {}};
  AbStopReason reason = AbStopReason::kPairs;
  session.measure([&] { reason = run_rounds(loop); },
                  [&progress_line, &hvo_switch] {
                    progress_line.end();
                    try {
                      hvo_switch.restore();
                    } catch (const std::exception& error) {  // the guardian tries again
                      fmt::print(stderr, "clonebench: warning: {}\n", error.what());
                    }
                  });
  progress_line.end();
  hvo_switch.restore();
  const HvoKeySummary summary = summary_of(loop, reason);
  session.finish(hvo_key_summary_json(summary));
  const std::string json =
      dump_json(hvo_key_document_json(
                    summary, session.stored() ? std::optional(session.tag()) : std::nullopt),
                2) +
      "\n";
  if (write_outputs({{outputs.json_path, "--json", [&json] { return json; }}})) {
    fmt::print("{}", outputs.format == "json" ? json : render_hvo_key_table(summary));
  }
  session.say_where_stored();
  session.signals().throw_if_interrupted();
  return kExitOk;
}

}  // namespace clonebench
