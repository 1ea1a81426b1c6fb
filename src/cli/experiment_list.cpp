#include "cli/experiment_list.hpp"

#include <fmt/core.h>

#include "compare/text_columns.hpp"
#include "core/number_text.hpp"
#include "core/text_safety.hpp"
#include "record/sweep_headline.hpp"

namespace clonebench {
namespace {

// Stored text is cut to this many characters in a column (as `history` cuts it), so that one
// long tag or sentence does not widen every row.
constexpr std::size_t kTagChars = 48;
constexpr std::size_t kHeadlineChars = 110;

std::string count_of(std::uint64_t count, const char* unit) {
  return fmt::format("{} {}{}", count, unit, count == 1 ? "" : "s");
}

struct Answer {
  std::string size, headline;
};

Answer answer_of(const AbSummary& summary) {
  const std::uint64_t pairs =
      summary.pairs.value_or(summary.metrics.empty() ? 0 : summary.metrics.front().a.n);
  std::string headline = summary.summary;
  if (headline.empty() && !summary.metrics.empty()) {
    const AbSummaryMetric& metric = summary.metrics.front();
    headline = fmt::format("{}: {}", metric.name, metric.verdict);
  }
  return {count_of(pairs, "pair"), headline};
}

// The per-page cost of the whole creation ("total"), from the fit the sweep quotes.
Answer answer_of(const SweepSummary& summary) {
  const std::string size = fmt::format("{} × {}", count_of(summary.rounds, "round"),
                                       count_of(summary.points.size(), "size"));
  if (sweep_headline(summary) == SweepHeadline::kCostModel) {
    for (const SweepPhaseModel& phase : summary.model->phases) {
      const SweepModelTerm* slope = phase.term("per_page_ns");
      if (phase.phase == "total" && slope != nullptr) {
        return {size, fmt::format("total {} (cost model)",
                                  estimate_text(slope->estimate, slope->lo, slope->hi, "ns/page"))};
      }
    }
  }
  for (const SweepFit& fit : summary.fits) {
    if (fit.phase == "total") {
      const SweepEstimate& slope = fit.per_page_ns;
      return {size, "total " + estimate_text(slope.estimate, slope.lo, slope.hi, "ns/page")};
    }
  }
  return {size, "no fit"};
}

Answer answer_of(const ScaleSummary& summary) {
  const std::string size = fmt::format("{} × {}", count_of(summary.settings.rounds, "round"),
                                       count_of(summary.points.size(), "count"));
  if (!summary.knee) {
    return {size, "no analysis"};
  }
  const ScaleKnee& knee = *summary.knee;
  switch (knee.status) {
    case ScaleKnee::Status::kReached:
      return {size, fmt::format("{}: knee at {}", summary.settings.stressor,
                                count_of(knee.instances, "instance"))};
    case ScaleKnee::Status::kUndecided:
      return {size, fmt::format("{}: grows up to {}; {} → {} cannot be decided",
                                summary.settings.stressor, count_of(knee.instances, "instance"),
                                knee.instances, knee.next_instances)};
    case ScaleKnee::Status::kNotReached:
      break;
  }
  return {size, fmt::format("{}: no knee up to {}", summary.settings.stressor,
                            count_of(knee.instances, "instance"))};
}

Answer answer_of(const TraceCensus& census) {
  std::string command;
  for (const std::string& word : census.command) {
    command += (command.empty() ? "" : " ") + word;
  }
  std::uint64_t creations = 0, traced = 0;
  for (const TraceRun& run : census.runs) {
    if (run.traced) {
      creations += run.creations.size();
      ++traced;
    }
  }
  return {count_of(census.runs.size(), "run"),
          fmt::format("{}: {} in {}", command, count_of(creations, "creation"),
                      count_of(traced, "traced run"))};
}

Answer answer_of(const KernelsSummary& summary) {
  const std::string size = count_of(summary.boots.size(), "boot");
  std::string release_a = summary.a ? summary.a->kernel_release : "";
  std::string release_b = summary.b ? summary.b->kernel_release : "";
  const std::string sides = fmt::format("{} vs {}", release_a.empty() ? "?" : release_a,
                                        release_b.empty() ? "?" : release_b);
  if (!summary.comparison || summary.comparison->summary.empty()) {
    return {size, sides + ": no comparison (" + summary.stop_reason + ")"};
  }
  return {size, sides + ": " + summary.comparison->summary};
}

Answer answer_of(const HvoKeySummary& summary) {
  return {count_of(summary.rounds, "round"), summary.attribution};
}

}  // namespace

ExperimentLine experiment_line(const ListedExperiment& listed) {
  ExperimentLine line{listed.kind, listed.tag, listed.created_at, listed.status, listed.runs,
                      {},          {}};
  if (!listed.experiment) {
    line.headline = "unreadable: " + listed.unreadable;
    return line;
  }
  if (listed.status != "complete" || !listed.experiment->summary) {
    line.headline = listed.status + ": its stored runs are kept, it has no analysis";
    return line;
  }
  const Answer answer = std::visit([](const auto& summary) { return answer_of(summary); },
                                   *listed.experiment->summary);
  line.size = answer.size;
  line.headline = answer.headline;
  return line;
}

std::string render_experiment_list(const std::vector<ExperimentLine>& lines) {
  std::vector<std::vector<std::string>> rows = {
      {"created (UTC)", "kind", "tag", "runs", "size", "answer"}};
  for (const ExperimentLine& line : lines) {
    rows.push_back({shortened(line.created_at, kTagChars), shortened(line.kind, kTagChars),
                    shortened(line.tag, kTagChars), std::to_string(line.runs),
                    shortened(line.size, kTagChars), shortened(line.headline, kHeadlineChars)});
  }
  return render_columns(rows, {false, false, false, true}, "  ");
}

}  // namespace clonebench
