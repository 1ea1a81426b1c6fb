#include "scale/scale_render.hpp"

#include <fmt/core.h>

#include <string>

#include "core/error.hpp"

namespace clonebench {
namespace {

constexpr const char* kScaleTooFewRuns = "n/a (too few runs)";

// "12345 [12000, 12800]", or the median and "n/a (too few runs)" when the interval is unbounded.
std::string scale_interval_text(const nlohmann::json& estimate, const char* format) {
  const std::string median = fmt::format(fmt::runtime(format), estimate.at("median").get<double>());
  const auto& ci = estimate.at("ci");
  if (ci.is_null()) {
    return median + " " + kScaleTooFewRuns;
  }
  return fmt::format("{} [{}, {}]", median, fmt::format(fmt::runtime(format), ci[0].get<double>()),
                     fmt::format(fmt::runtime(format), ci[1].get<double>()));
}

std::string scale_points_table(const nlohmann::json& summary) {
  const int percent = static_cast<int>(summary.at("confidence").get<double>() * 100 + 0.5);
  std::string out = fmt::format("{:>9}  {:<36} {:<28} {:>6}\n", "instances",
                                fmt::format("ops/s [{} % CI]", percent),
                                fmt::format("efficiency [{} % CI]", percent), "rounds");
  for (const auto& point : summary.at("points")) {
    out += fmt::format("{:>9}  {:<36} {:<28} {:>6}\n", point.at("instances").get<std::uint32_t>(),
                       scale_interval_text(point.at("ops_per_s"), "{:.0f}"),
                       scale_interval_text(point.at("efficiency"), "{:.3f}"),
                       point.at("n").get<std::size_t>());
  }
  return out +
         "efficiency: the median over rounds of each round's (ops/s / instances) / that round's "
         "1-instance ops/s (paired by round, as its CI); it need not equal the ratio of the ops/s "
         "medians\n";
}

std::string scale_steps_text(const nlohmann::json& summary) {
  std::string out;
  for (const auto& step : summary.at("steps")) {
    const std::string verdict = step.at("verdict");
    const auto from = step.at("from").get<std::uint32_t>();
    const auto to = step.at("to").get<std::uint32_t>();
    const std::string meaning =
        verdict == "grows"   ? fmt::format("{}'s interval lies wholly above {}'s", to, from)
        : verdict == "falls" ? fmt::format("{}'s interval lies wholly below {}'s", to, from)
                             : std::string("the intervals overlap, so the data cannot tell");
    out += fmt::format("{} → {} instances: {} ({})\n", from, to,
                       verdict == "overlaps" ? "undecided" : verdict, meaning);
  }
  return out;
}

}  // namespace

std::string scale_knee_text(const nlohmann::json& knee) {
  const std::string status = knee.at("status");
  const auto instances = knee.at("instances").get<std::uint32_t>();
  const char* noun = instances == 1 ? "instance" : "instances";
  if (status == "reached") {
    return fmt::format(
        "throughput stops growing at {} {}: the ops/s interval at {} lies below it\n", instances,
        noun, knee.at("next_instances").get<std::uint32_t>());
  }
  if (status == "not reached") {
    return fmt::format(
        "throughput stops growing: not reached (it grows at every step, up to {} {})\n", instances,
        noun);
  }
  const std::string grown =
      instances == 1 ? "" : fmt::format("it grows up to {} instances; ", instances);
  return fmt::format(
      "throughput stops growing: cannot be decided ({}the intervals at {} and {} overlap)\n", grown,
      instances, knee.at("next_instances").get<std::uint32_t>());
}

std::string render_scale(const nlohmann::json& summary) {
  if (!summary.is_object() || !summary.contains("points") || !summary.contains("knee")) {
    throw UsageError("scale summary: not a scale object (no points/knee)");
  }
  try {
    std::string out = fmt::format(
        "scale {} --workload {}: {} rounds, {:g} s per run, seed {}, {:.1f} s\n\n",
        summary.at("stressor").get<std::string>(), summary.at("workload").get<std::string>(),
        summary.at("rounds").get<std::uint32_t>(), summary.at("timeout_s").get<double>(),
        summary.at("seed").get<std::uint64_t>(), summary.at("elapsed_s").get<double>());
    out += scale_points_table(summary) + "\n" + scale_steps_text(summary) +
           scale_knee_text(summary.at("knee"));
    return out;
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("scale summary: {}", error.what()));
  }
}

}  // namespace clonebench
