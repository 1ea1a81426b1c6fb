#include "sweep/sweep_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <optional>
#include <random>

#include "core/error.hpp"
#include "memory/parent_fit.hpp"
#include "memory/thp_guard.hpp"
#include "memory/thp_settings.hpp"

namespace clonebench {
namespace {

// The first look at the per-page interval: after the third round, not the second, so that an
// interval that happens to be narrow on the fewest rounds does not end the sweep (the same
// reason ab looks first after 30 pairs, docs/statistics.md "Stopping at a precision").
constexpr std::uint32_t kSweepFirstLookRound = 3;

struct SweepStop {
  const char* reason = "rounds";     // rounds | precision | max-time
  std::optional<double> half_width;  // relative, at the last look
};

bool sweep_should_stop(const SweepSettings& settings, const std::vector<SweepSample>& samples,
                       std::uint32_t rounds_done, double elapsed_s, double last_round_s,
                       SweepStop& stop) {
  if (settings.precision && rounds_done >= kSweepFirstLookRound) {
    stop.half_width = per_page_half_width(samples);
    if (*stop.half_width <= *settings.precision) {
      stop.reason = "precision";
      return true;
    }
  }
  if (rounds_done >= settings.rounds) {
    stop.reason = "rounds";
    return true;
  }
  if (settings.max_time_s && rounds_done >= 2 && elapsed_s + last_round_s > *settings.max_time_s) {
    stop.reason = "max-time";
    return true;
  }
  return false;
}

StoredSweepStop stored_stop(const SweepSettings& settings, const SweepStop& stop) {
  const auto percent = [](const std::optional<double>& value) {
    return value && std::isfinite(*value) ? std::optional<double>(*value * 100) : std::nullopt;
  };
  StoredSweepStop stored;
  stored.reason = stop.reason;
  stored.precision_pct = percent(settings.precision);
  stored.max_time_s = settings.max_time_s;
  if (settings.precision || settings.max_time_s) {
    stored.rounds_cap = settings.rounds;  // a cap: the precision or the time bounds the sweep
  }
  stored.per_page_half_width_pct = percent(stop.half_width);
  return stored;
}

}  // namespace

std::vector<std::size_t> round_order(std::size_t points, std::uint64_t seed, std::uint32_t round) {
  std::vector<std::size_t> order(points);
  std::iota(order.begin(), order.end(), 0);
  // One generator per round, so a round's order does not depend on how many draws came before.
  std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                         round};
  std::mt19937_64 rng(sequence);
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

SweepSummary run_sweep(const StressorJob& job, const SweepSettings& settings, SignalScope& signals,
                       const RunObserver& observer, MachineSettingsLock* settings_lock) {
  const std::vector<SweepPoint> design = settings.design();
  ParentShape largest = job.parent;
  largest.bytes = *std::max_element(settings.sizes.begin(), settings.sizes.end());
  check_parent_fits(largest, job.instances);
  // Folio points change the kernel's THP switches: saved first, put back on every way out.
  std::optional<ThpGuard> thp;
  if (!settings.folios.empty()) {
    if (settings_lock == nullptr) {
      throw RuntimeError(
          "sweep --folio: the THP switches are changed only under the "
          "machine-settings lock");
    }
    thp.emplace(*settings_lock, read_thp_settings(std::string(kThpRoot)));
  }

  const auto started = std::chrono::steady_clock::now();
  const auto elapsed_s = [&started] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  const std::size_t total = design.size() * settings.rounds;
  std::vector<SweepSample> samples;
  SweepStop stop;
  std::uint32_t round = 0;
  while (round < settings.rounds) {
    const double round_start_s = elapsed_s();
    const std::vector<std::size_t> order = round_order(design.size(), settings.seed, round);
    for (std::uint32_t position = 0; position < order.size(); ++position) {
      const std::size_t point = order[position];
      StressorJob point_job = job;
      point_job.parent.bytes = design[point].bytes;
      point_job.parent.vmas = design[point].vmas;
      point_job.parent.folio_bytes = design[point].folio_bytes;
      if (thp) {
        thp->apply(folio_thp_settings(std::string(kThpRoot), design[point].folio_bytes / 1024));
      }
      point_job.seed = settings.seed + samples.size() * job.instances;
      observer.before_run(samples.size(), total, point_job);
      RunRecord record = observer.measure(point_job);
      samples.push_back(SweepSample{point, round, position, sweep_run_of(record.result)});
      observer.after_run(record);
      signals.throw_if_interrupted();
    }
    ++round;
    if (sweep_should_stop(settings, samples, round, elapsed_s(), elapsed_s() - round_start_s,
                          stop)) {
      break;
    }
  }
  if (thp) {
    thp->restore();  // before the analysis: the machine is as it was while we compute
  }
  SweepSettings run_settings = settings;
  run_settings.rounds = round;
  SweepSummary summary = analyze_sweep(run_settings, samples, elapsed_s());
  summary.stop = stored_stop(settings, stop);
  return summary;
}

}  // namespace clonebench
