#include "report/trace_report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/number_text.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "report/script_builder.hpp"
#include "trace/fork_prediction_table.hpp"
#include "trace/trace_table.hpp"
#include "trace/what_if.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kTimelinePoints = 20000;
// The share plot's y axis ends this far above its taller bar: room for the bar's label.
constexpr double kShareHeadroom = 1.25;

std::string percent(double fraction) {
  return significant_text(fraction * 100) + " %";
}

std::string time_text(double nanoseconds) {
  return nanoseconds > 0 ? format_duration_ns(nanoseconds) : "-";
}

std::string command_text(const TraceCensus& census) {
  std::string text;
  for (const std::string& word : census.command) {
    text += (text.empty() ? "" : " ") + word;
  }
  return text;
}

Table right_aligned_table(const std::vector<std::string>& header, std::size_t text_columns = 1) {
  Table table;
  for (const std::string& name : header) {
    table.alignment.push_back(table.header.size() < text_columns ? Alignment::kNone
                                                                 : Alignment::kRight);
    table.header.push_back({words(name)});
  }
  return table;
}

std::vector<Inlines> word_cells(const std::vector<std::string>& cells) {
  std::vector<Inlines> row;
  for (const std::string& cell : cells) {
    row.push_back({words(cell)});
  }
  return row;
}

Table components_table(const RunSummary& first) {
  Table table = right_aligned_table(
      {"part", "count", "failed", "total", "p50", "p90", "p99", "max", "of wall", "of CPU"});
  for (const ComponentUse& use : first.components) {
    const TimeSummary& t = use.time;
    table.rows.push_back(
        word_cells({trace_component_name(use.component), std::to_string(use.count),
                    std::to_string(use.failed), time_text(static_cast<double>(t.total_ns)),
                    time_text(t.p50_ns), time_text(t.p90_ns), time_text(t.p99_ns),
                    time_text(t.max_ns), percent(use.wall_share), percent(use.cpu_share)}));
  }
  return table;
}

Table buckets_table(const RunSummary& summary) {
  Table table =
      right_aligned_table({"parent RSS at creation", "creations", "p50", "p90", "max", "max VMAs"});
  for (const SizeBucket& bucket : summary.buckets) {
    table.rows.push_back(
        word_cells({bucket.label, std::to_string(bucket.time.count), time_text(bucket.time.p50_ns),
                    time_text(bucket.time.p90_ns), time_text(bucket.time.max_ns),
                    std::to_string(bucket.max_vmas)}));
  }
  return table;
}

Table programs_table(const RunSummary& summary) {
  Table table = right_aligned_table({"program", "creations"});
  for (const auto& [comm, count] : summary.creations_by_comm) {
    table.rows.push_back({{every_mark(comm)}, {words(std::to_string(count))}});
  }
  return table;
}

// Interval ends may be negative (a model's intercept can be).
std::string signed_time_text(double nanoseconds) {
  return nanoseconds < 0 ? "-" + format_duration_ns(-nanoseconds) : time_text(nanoseconds);
}

std::vector<Inlines> prediction_row(const ForkPredictionRow& row) {
  if (row.forks == 0) {
    return word_cells({row.label, "0", "-", "-", "-", "-", "-", model_verdict_text(row.verdict)});
  }
  return word_cells({row.label, std::to_string(row.forks), time_text(row.measured_total_ns),
                     fmt::format("{} [{}, {}]", time_text(row.predicted_total_ns),
                                 signed_time_text(row.predicted_total_lo_ns),
                                 signed_time_text(row.predicted_total_hi_ns)),
                     time_text(row.measured_p50_ns),
                     fmt::format("{} [{}, {}]", time_text(row.predicted_one_ns),
                                 signed_time_text(row.one_lo_ns), signed_time_text(row.one_hi_ns)),
                     fmt::format("{} / {} / {}", row.below, row.inside, row.above),
                     model_verdict_text(row.verdict)});
}

// Lines "  text\n" as list items.
BulletList as_list(const std::string& lines) {
  BulletList list;
  std::size_t start = 0;
  while (start < lines.size()) {
    const std::size_t end = lines.find('\n', start);
    const std::string line = lines.substr(start, end - start);
    const std::size_t text = line.find_first_not_of(' ');
    if (text != std::string::npos) {
      list.items.push_back({every_mark(line.substr(text))});
    }
    start = end == std::string::npos ? lines.size() : end + 1;
  }
  return list;
}

// The prediction stored with the census (none without a model).
Blocks prediction_section(const TraceCensus& census) {
  if (!census.fork_prediction) {
    return {};
  }
  const ForkPrediction& prediction = *census.fork_prediction;
  Table table = right_aligned_table({"parent RSS at creation", "forks", "measured total",
                                     "predicted total [95 % CI]", "measured p50",
                                     "one fork [95 % PI]", "below / inside / above", "verdict"});
  table.alignment.back() = Alignment::kNone;
  for (const ForkPredictionRow& row : prediction.buckets) {
    table.rows.push_back(prediction_row(row));
  }
  table.rows.push_back(prediction_row(prediction.all));
  Blocks out = {
      Heading{3, {words("Fork cost: the sweep's model against this workload")}},
      Paragraph{{words("Model: "), every_mark(prediction.source),
                 words(fmt::format(
                     "; forks of {} traced run{} pooled. Predicted totals with the 95 % interval "
                     "of the model's mean; one fork from the bucket's average parent with its 95 % "
                     "prediction interval; forks below, inside and above their own prediction "
                     "interval.",
                     prediction.runs, prediction.runs == 1 ? "" : "s"))}},
      std::move(table)};
  BulletList notes =
      as_list(fork_prediction_verdicts(prediction) + fork_prediction_notes(prediction));
  if (!notes.items.empty()) {
    out.push_back(std::move(notes));
  }
  return out;
}

BulletList run_notes(const TraceCensus& census) {
  BulletList notes;
  std::size_t traced = 0;
  for (const TraceRun& run : census.runs) {
    traced += run.traced ? 1 : 0;
  }
  notes.items.push_back({words(fmt::format("Runs: {} traced, {} untraced; kernel ", traced,
                                           census.runs.size() - traced)),
                         every_mark(census.kernel_release),
                         words(fmt::format(", {} CPUs.", census.cpus))});
  for (const TraceRun& run : census.runs) {
    if (run.interrupted) {
      notes.items.push_back(
          {strong("Interrupted", MarkdownEscape::kOwnWords), words(": the census is partial.")});
    }
    if (run.dropped_events + run.dropped_calls > 0) {
      notes.items.push_back(
          {strong(fmt::format("{} events dropped", run.dropped_events + run.dropped_calls),
                  MarkdownEscape::kOwnWords),
           words(" in a run: its counts are too low.")});
    }
  }
  if (notes.items.size() == 1) {
    notes.items.push_back({words("No events dropped.")});
  }
  return notes;
}

// Rows "x y" of a histogram of the parents' RSS (MiB, log2 bins) at process creations.
std::string rss_histogram_rows(const TraceRun& run) {
  std::map<int, std::size_t> bins;
  for (const Creation& creation : run.creations) {
    if (creation.kind != CreationKind::kThread && creation.error == 0) {
      const double mib = static_cast<double>(creation.parent.rss_kb()) / 1024;
      bins[static_cast<int>(std::floor(std::log2(std::max(mib, 0.125))))] += 1;
    }
  }
  std::string rows;
  for (const auto& [bin, count] : bins) {
    rows += fmt::format("{} {}\n", bin, count);
  }
  return rows.empty() ? "0 0\n" : rows;
}

double component_share(const RunSummary& summary, TraceComponent component) {
  for (const ComponentUse& use : summary.components) {
    if (use.component == component) {
      return use.wall_share;
    }
  }
  return 0;
}

// The kinds of creation, exec and exit on one axis; all kernel (system) time, which is often a
// thousand times larger, has its own plot (one axis would flatten the kinds into nothing).
void time_by_kind_plot(ScriptBuilder& builder, const RunSummary& summary) {
  std::string rows;
  std::size_t index = 0;
  for (const ComponentUse& use : summary.components) {
    if (use.component == TraceComponent::kClone || use.component == TraceComponent::kCreate ||
        use.component == TraceComponent::kKernel) {
      continue;  // sums of the kinds shown; the kernel's time is the next plot
    }
    rows += fmt::format("{} {}\n", index++, num(static_cast<double>(use.time.total_ns) / 1e6));
  }
  builder.begin(
      "Trace: total time of each kind of creation, of exec and of exit teardown (first traced "
      "run; all kernel time has its own plot)",
      "", "milliseconds");
  builder.datablock("trace_kinds", rows);
  builder.line(
      "set style fill solid 0.8\nset boxwidth 0.6\nset yrange [0:*]\n"
      "set xtics (\"fork\" 0, \"vfork\" 1, \"thread\" 2, \"exec\" 3, \"exit\" 4)\n"
      "plot $trace_kinds using 1:2 with boxes lc rgb \"#08519c\" notitle");
}

// Process creation's share of the wall time beside all kernel time's, each bar labelled with its
// share: the headline as a picture.
void share_plot(ScriptBuilder& builder, const RunSummary& summary) {
  const double creation = 100 * component_share(summary, TraceComponent::kCreate);
  const double kernel = 100 * component_share(summary, TraceComponent::kKernel);
  builder.begin(
      "Trace: share of the wall time in process creation (fork, vfork, thread) and in all "
      "kernel (system) time (first traced run)",
      "", "% of the wall time");
  builder.datablock("trace_shares",
                    fmt::format("0 {} \"{} %\"\n1 {} \"{} %\"\n", num(creation),
                                significant_text(creation), num(kernel), significant_text(kernel)));
  // The top a quarter above the taller bar, so that its label, drawn above it, stays inside the
  // plot (autoscaling ended the axis at the bar's tic, and gnuplot clipped the label).
  builder.line("set yrange " + range_text(0, kShareHeadroom * std::max(creation, kernel)));
  builder.line(
      "set style fill solid 0.8\nset boxwidth 0.5\n"
      "set xtics (\"creation\" 0, \"kernel (all sys)\" 1)\nset xrange [-0.6:1.6]\n"
      "plot $trace_shares using 1:2 with boxes lc rgb \"#08519c\" notitle, \\\n"
      "  $trace_shares using 1:2:3 with labels offset 0,0.8 notitle");
}

// Only when the run created something: an index of a kind that did not occur holds one point
// outside the x range (so that the indexes keep their kinds), and with none at all gnuplot has
// no point to place ("x range is invalid").
void timeline_plot(ScriptBuilder& builder, const TraceRun& run) {
  if (run.creations.empty()) {
    return;
  }
  std::string rows[4];
  std::size_t shown = 0;
  for (const Creation& creation : run.creations) {
    if (shown++ == kTimelinePoints) {
      break;
    }
    rows[static_cast<int>(creation.kind)] += num(static_cast<double>(creation.at_ns) / 1e9) + " " +
                                             num(static_cast<double>(creation.duration_ns) / 1e3) +
                                             "\n";
  }
  std::string all;
  for (std::string& block : rows) {
    all += (block.empty() ? std::string("-1 1\n") : block) + "\n\n";
  }
  builder.begin("Trace: creations over the run (first traced run), each at its start",
                "seconds since the command started", "creation time (µs, log scale)");
  builder.datablock("trace_timeline", all);
  builder.line(
      "set logscale y\nset xrange [0:*]\n"
      "plot $trace_timeline index 0 using 1:2 with points pt 7 ps 0.5 title \"fork\", \\\n"
      "  $trace_timeline index 1 using 1:2 with points pt 5 ps 0.5 title \"vfork\", \\\n"
      "  $trace_timeline index 2 using 1:2 with points pt 9 ps 0.5 title \"thread\", \\\n"
      "  $trace_timeline index 3 using 1:2 with points pt 13 ps 0.5 title \"other clone\"");
}

// The answer first: creation's share of the wall and CPU time, and what a 10 % cheaper creation
// could do at most (Amdahl's law, as `trace --what-if create=-10%` words it).
Paragraph headline(const RunSummary& first, std::size_t traced) {
  const double wall = component_share(first, TraceComponent::kCreate);
  double cpu = 0;
  for (const ComponentUse& use : first.components) {
    cpu = use.component == TraceComponent::kCreate ? use.cpu_share : cpu;
  }
  return Paragraph{{strong(
      fmt::format("Process creation (fork, vfork, thread) is {} % of the wall time and {} % of "
                  "the CPU time{}: making every creation 10 % cheaper would shorten the wall "
                  "time by at most {} % (Amdahl's law).",
                  significant_text(100 * wall), significant_text(100 * cpu),
                  traced > 1 ? " of the first traced run" : "",
                  significant_text(-100 * amdahl_bound(wall, -0.1))),
      MarkdownEscape::kOwnWords)}};
}

}  // namespace

Blocks trace_section(const TraceCensus& census) {
  Blocks out = {Heading{2, {words("Trace of "), code(command_text(census))}}, run_notes(census)};
  const std::vector<RunSummary> summaries = traced_summaries(census);
  if (summaries.empty()) {
    out.push_back(Paragraph{{words("No traced run finished.")}});
    return out;
  }
  const RunSummary& first = summaries.front();
  out.insert(out.begin() + 1, headline(first, summaries.size()));
  out.insert(
      out.end(),
      {Heading{3,
               {words(fmt::format("Time by kind (first traced run: wall {}, CPU {})",
                                  time_text(static_cast<double>(first.wall_ns)),
                                  time_text(static_cast<double>(first.cpu_ns))))}},
       components_table(first), Heading{3, {words("Process creations by the parent's RSS")}},
       buckets_table(first), Heading{3, {words("Creations by program")}}, programs_table(first)});
  for (Block& block : prediction_section(census)) {
    out.push_back(std::move(block));
  }
  return out;
}

std::string trace_markdown_report(const std::string& tag, const TraceCensus& census) {
  std::string markdown = to_markdown(ReportDocument{printable(tag), trace_section(census), {}});
  markdown.pop_back();  // the blank line after the last block: the census ends the file
  return markdown;
}

std::string trace_sru_report(const TraceCensus& census) {
  // Indented four columns as every SRU plan's command: render_sru_report() fits the whole text
  // to Launchpad's 72 columns (the table too) and keeps such a line whole.
  return "[Test Plan]\n\n    clonebench trace -- " + printable(command_text(census)) +
         "\n\n[Test Results]\n\n" + render_trace_table(census, {});
}

PlotScript trace_plot_script(const TraceCensus& census) {
  ScriptBuilder builder;
  const TraceRun* first = nullptr;
  for (const TraceRun& run : census.runs) {
    if (run.traced) {
      first = &run;
      break;
    }
  }
  if (first == nullptr) {
    return builder.finish();
  }
  builder.begin("Trace: parent RSS at each process creation (first traced run)",
                "parent RSS (MiB, log2 bins)", "creations");
  builder.datablock("trace_rss", rss_histogram_rows(*first));
  builder.line(
      "set style fill solid 0.8\nset boxwidth 0.8\nset yrange [0:*]\n"
      "plot $trace_rss using 1:2:xtic(sprintf(\"%g\", 2**$1)) with boxes lc rgb \"#08519c\" "
      "notitle");
  const RunSummary summary = summarize_run(*first);
  share_plot(builder, summary);
  time_by_kind_plot(builder, summary);
  timeline_plot(builder, *first);
  return builder.finish();
}

}  // namespace clonebench
