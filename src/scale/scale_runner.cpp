#include "scale/scale_runner.hpp"

#include <chrono>

#include "scale/scale_plan.hpp"

namespace clonebench {

ScaleSummary run_scale(const StressorJob& job, const ScaleSettings& settings, SignalScope& signals,
                       const RunObserver& observer) {
  StressorJob largest = job;
  largest.instances = settings.instances.back();
  validate_job(largest);

  const auto started = std::chrono::steady_clock::now();
  const std::vector<ScaleVisit> plan =
      scale_plan(settings.instances.size(), settings.rounds, settings.seed);
  std::vector<ScaleSample> samples;
  std::uint64_t seed = settings.seed;  // clean: instance i of a run uses seed + i
  for (const ScaleVisit& visit : plan) {
    StressorJob point_job = job;
    point_job.instances = settings.instances[visit.point];
    point_job.seed = seed;
    seed += point_job.instances;
    observer.before_run(samples.size(), plan.size(), point_job);
    RunRecord record = observer.measure(point_job);
    samples.push_back(ScaleSample{visit.point, visit.round, visit.position, record.result.bogo_ops,
                                  record.result.real_time_s});
    observer.after_run(record);
    signals.throw_if_interrupted();
  }
  const double elapsed_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return analyze_scale(settings, samples, elapsed_s);
}

}  // namespace clonebench
