#include "sweep/sweep_runner.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>

#include "sys/parent_fit.hpp"

namespace clonebench {

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

nlohmann::json run_sweep(const StressorJob& job, const SweepSettings& settings,
                         SignalScope& signals, const SweepObserver& observer) {
  ParentShape largest = job.parent;
  largest.bytes = *std::max_element(settings.sizes.begin(), settings.sizes.end());
  check_parent_fits(largest, job.instances);

  const auto started = std::chrono::steady_clock::now();
  const std::size_t total = settings.sizes.size() * settings.rounds;
  std::vector<SweepSample> samples;
  for (std::uint32_t round = 0; round < settings.rounds; ++round) {
    const std::vector<std::size_t> order = round_order(settings.sizes.size(), settings.seed, round);
    for (std::uint32_t position = 0; position < order.size(); ++position) {
      const std::size_t point = order[position];
      StressorJob point_job = job;
      point_job.parent.bytes = settings.sizes[point];
      point_job.seed = settings.seed + samples.size() * job.instances;
      observer.before_run(samples.size(), total, point_job.parent.bytes);
      RunRecord record = observer.measure(point_job);
      samples.push_back(SweepSample{point, round, position, sweep_run_of(record.result)});
      observer.after_run(record);
      signals.throw_if_interrupted();
    }
  }
  const double elapsed_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return analyze_sweep(settings, samples, elapsed_s);
}

}  // namespace clonebench
