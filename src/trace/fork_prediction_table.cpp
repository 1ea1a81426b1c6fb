#include "trace/fork_prediction_table.hpp"

#include <fmt/core.h>

#include "core/text_safety.hpp"
#include "core/units.hpp"

namespace clonebench {
namespace {

// Durations may be negative at an interval's lower end (a model's intercept can be).
std::string time_text(double nanoseconds) {
  if (nanoseconds == 0) {
    return "0";
  }
  return nanoseconds < 0 ? "-" + format_duration_ns(-nanoseconds) : format_duration_ns(nanoseconds);
}

std::string interval(double lo_ns, double hi_ns) {
  return fmt::format("[{}, {}]", time_text(lo_ns), time_text(hi_ns));
}

std::string row_line(const ForkPredictionRow& row) {
  if (row.forks == 0) {
    return fmt::format("  {:<22} {:>6}  {}\n", row.label, 0, model_verdict_text(row.verdict));
  }
  return fmt::format(
      "  {:<22} {:>6} {:>10} {:>10} {:<24} {:>10} {:>10} {:<24} {:>14}  {}\n", row.label, row.forks,
      time_text(row.measured_total_ns), time_text(row.predicted_total_ns),
      interval(row.predicted_total_lo_ns, row.predicted_total_hi_ns),
      time_text(row.measured_p50_ns), time_text(row.predicted_one_ns),
      interval(row.one_lo_ns, row.one_hi_ns),
      fmt::format("{}/{}/{}", row.below, row.inside, row.above), model_verdict_text(row.verdict));
}

double share(std::size_t part, std::size_t whole) {
  return whole == 0 ? 0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

}  // namespace

std::string render_fork_prediction(const ForkPrediction& prediction) {
  std::string text = fmt::format(
      "\n  fork cost: the sweep's model against this workload (model: {}; {} traced run{})\n",
      printable(prediction.source), prediction.runs, prediction.runs == 1 ? "" : "s");
  text += fmt::format("  {:<22} {:>6} {:>10} {:>10} {:<24} {:>10} {:>10} {:<24} {:>14}  {}\n",
                      "parent RSS at creation", "forks", "measured", "predicted", "[95 % CI]",
                      "p50", "one fork", "[95 % PI]", "below/in/above", "verdict");
  for (const ForkPredictionRow& row : prediction.buckets) {
    text += row_line(row);
  }
  text += row_line(prediction.all);
  return text + fork_prediction_verdicts(prediction) + fork_prediction_notes(prediction);
}

std::string fork_prediction_verdicts(const ForkPrediction& prediction) {
  std::string text;
  for (const ForkPredictionRow& row : prediction.buckets) {
    if (row.forks == 0) {
      continue;
    }
    const double inside = share(row.inside, row.forks);
    if (row.verdict == ModelVerdict::kInconclusive) {
      text += fmt::format(
          "  the model cannot decide forks from parents {}: for {:.3g} % of them its 95 % "
          "prediction interval reaches down to zero\n",
          row.label, share(row.uninformative, row.forks));
    } else if (row.verdict == ModelVerdict::kExplained) {
      text += fmt::format(
          "  the model explains forks from parents {}: {:.3g} % of them inside their 95 % "
          "prediction interval\n",
          row.label, inside);
    } else {
      text += fmt::format(
          "  the model does not explain forks from parents {}: {} ({:.3g} % above their 95 % "
          "prediction interval, {:.3g} % below, {:.3g} % inside)\n",
          row.label, model_verdict_text(row.verdict), share(row.above, row.forks),
          share(row.below, row.forks), inside);
    }
  }
  return text;
}

std::string fork_prediction_notes(const ForkPrediction& prediction) {
  std::string text = fmt::format(
      "  not predicted (a fork model does not describe them): {} vfork-like, {} threads, {} other "
      "clones, {} failed calls\n",
      prediction.vfork_like, prediction.threads, prediction.other_clones, prediction.failed);
  if (prediction.folio_term) {
    text +=
        "  the census does not know the parents' folio sizes: every page is assumed to be its own "
        "4 KiB folio\n";
  }
  if (prediction.all.extrapolated > 0) {
    text += fmt::format(
        "  {} of {} forks came from parents outside the sizes the sweep measured (extrapolated)\n",
        prediction.all.extrapolated, prediction.all.forks);
  }
  return text;
}

}  // namespace clonebench
