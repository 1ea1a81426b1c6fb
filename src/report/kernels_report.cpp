#include "report/kernels_report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "compare/text_columns.hpp"
#include "compare/wording.hpp"
#include "core/number_text.hpp"
#include "core/text_safety.hpp"
#include "record/environment.hpp"
#include "record/instruction_metrics.hpp"
#include "stats/descriptive.hpp"

namespace clonebench {
namespace {

std::string boot_of(const Environment& environment) {
  return environment.boot_id.value_or("unknown");
}

std::string boots_table(const KernelsReportFacts& facts) {
  std::string heading = boot_value_heading(facts.boots);
  heading[0] = 'm';
  std::vector<std::vector<std::string>> rows = {{"kernel", "release", "boot", "runs", heading}};
  for (const KernelsBootRow& row : facts.boots) {
    rows.push_back({printable(row.side), printable(row.release), printable(row.boot_id),
                    std::to_string(row.runs), significant_text(row.median_value)});
  }
  return render_columns(rows, {false, false, false, true, true}, "  ");
}

// The image a command line names: a word for it, never its local path (which may hold a user's
// name); image_lines() says which image each word stands for.
std::string image_word(const char* side) {
  return fmt::format("IMAGE_{}", side);
}

// "IMAGE_A: release 6.8.0-31-generic, sha256 3f2a…, 8.1 MiB": each side's image as a reader
// elsewhere can find it again, by release and content.
std::vector<std::string> image_lines(const KernelsSummary& summary) {
  std::vector<std::string> lines;
  for (const auto& [side, name] : {std::pair{&summary.a, "A"}, std::pair{&summary.b, "B"}}) {
    if (!*side) {
      continue;
    }
    const KernelsSummarySide& image = **side;
    lines.push_back(fmt::format(
        "{}: release {}, sha256 {}", image_word(name),
        image.kernel_release.empty() ? "? (no boot worked)" : printable(image.kernel_release),
        image.image_sha256.empty() ? "?" : printable(image.image_sha256)));
  }
  return lines;
}

// The command as far as the summary stored it: the preset, the measure, each side's command
// line and the warm-ups, so that the SRU test plan repeats what ran.
std::string kernels_command_line(const KernelsSummary& summary) {
  std::string line = summary.hvo_key
                         ? fmt::format("clonebench kernels --preset hvo-key --a {} {}",
                                       image_word("A"), quoted(summary.spec))
                         : fmt::format("clonebench kernels --a {} --b {} {}", image_word("A"),
                                       image_word("B"), quoted(summary.spec));
  line += fmt::format(" --boots {} --runs-per-boot {}", summary.boots.size() / 2,
                      summary.runs_per_boot);
  if (summary.measure == "instructions" && !summary.hvo_key) {
    line += " --measure instructions";
  }
  if (!summary.hvo_key) {
    for (const auto& [side, flag] :
         {std::pair{&summary.a, "--a-append"}, std::pair{&summary.b, "--b-append"}}) {
      if (*side && !(*side)->append.empty()) {
        line += fmt::format(" {} {}", flag, quoted((*side)->append));
      }
    }
  }
  if (!summary.guest_append.empty()) {
    line += " --append " + quoted(summary.guest_append);
  }
  if (summary.warmup_runs != 1) {
    line += fmt::format(" --warmup-runs {}", summary.warmup_runs);
  }
  return line + fmt::format(" --seed {}", summary.seed);
}

}  // namespace

std::string boot_value_heading(const std::vector<KernelsBootRow>& rows) {
  return !rows.empty() && rows.front().instructions ? "Median instructions/op" : "Median ops/s";
}

std::vector<KernelsBootRow> boot_median_rows(const std::vector<LabelGroup>& groups) {
  std::vector<KernelsBootRow> rows;
  for (const LabelGroup& group : groups) {
    std::map<std::string, std::vector<double>> values;
    std::vector<std::string> order;
    std::map<std::string, std::string> releases;
    bool instructions = false;
    for (const StoredRun* run : group.runs) {
      const Environment& environment = run->environment;
      const std::string boot = boot_of(environment);
      if (!values.contains(boot)) {
        order.push_back(boot);
      }
      const RunMetricTable& table = run_metric_table(run->environment);
      instructions = table.counted_in_instructions;
      values[boot].push_back(table.headline_value(run->record).value_or(0.0));
      releases[boot] = environment.kernel_release.value_or("");
    }
    for (const std::string& boot : order) {
      rows.push_back({group.label, boot, releases[boot], values[boot].size(), median(values[boot]),
                      instructions});
    }
  }
  return rows;
}

KernelsReportFacts kernels_report_facts(const KernelsSummary& summary,
                                        const std::vector<LabelGroup>& groups,
                                        bool assume_no_boot_effect) {
  KernelsReportFacts facts;
  // The boots each image was planned (and, after --precision, run) with: half of all boots.
  facts.command = kernels_command_line(summary);
  facts.images = image_lines(summary);
  facts.boot_order = summary.boot_order;
  facts.failed_boots = summary.failed_boots;
  facts.emulated = summary.emulated;
  for (const LabelGroup& group : groups) {
    for (const StoredRun* run : group.runs) {
      const Fact<VirtualizationFacts>& virtualization = run->environment.virtualization;
      facts.emulated =
          facts.emulated || (virtualization && virtualization->emulated.value_or(false));
    }
  }
  facts.notice = summary.measure == "instructions" ? std::string(kKernelsInstructionsNotice)
                 : facts.emulated                  ? std::string(kKernelsEmulationNotice)
                                                   : std::string();
  // Kernel A first, whichever booted first: the labels are <label>:a and <label>:b.
  std::vector<LabelGroup> sides = groups;
  std::sort(sides.begin(), sides.end(),
            [](const LabelGroup& x, const LabelGroup& y) { return x.label < y.label; });
  facts.boots = boot_median_rows(sides);
  if (sides.size() >= 2) {
    facts.comparison = compare_first_and_last(sides, assume_no_boot_effect);
  }
  return facts;
}

std::string kernels_sru_report(const KernelsReportFacts& facts) {
  std::string out =
      "[Test Plan]\n\nBoot both kernels alternately in QEMU (the boot order and its "
      "seed are stored) and run the same job in every boot:\n\n    " +
      printable(facts.command) + "\n\n";
  for (const std::string& image : facts.images) {
    out += "    " + image + "\n";
  }
  out += facts.images.empty() ? "[Test Results]\n\n" : "\n[Test Results]\n\n";
  if (!facts.notice.empty()) {
    out += facts.notice + "\n\n";
  }
  out += fmt::format("Boot order: {}; failed boots: {}\n\n", printable(facts.boot_order),
                     facts.failed_boots);
  out += boots_table(facts) + "\n";
  for (const MetricComparison& metric : facts.comparison.metrics) {
    out += metric_sentence(metric, facts.comparison) + "\n";
    const std::string boots = boot_line(metric, facts.comparison);
    if (!boots.empty()) {
      out += "Boots: " + boots + "\n";
    }
  }
  return out;
}

Blocks kernels_section(const KernelsReportFacts& facts) {
  Blocks out = {Heading{2, {words("Kernels, booted alternately in QEMU")}}};
  if (!facts.notice.empty()) {
    out.push_back(Notice{{strong(facts.notice, MarkdownEscape::kOwnWords)}});
  }
  out.push_back(Paragraph{{code(facts.command)}});
  for (const std::string& image : facts.images) {
    out.push_back(Paragraph{{text(image)}});
  }
  out.push_back(Paragraph{{words("Boot order "), text(facts.boot_order),
                           words(fmt::format("; {} failed boot{}.", facts.failed_boots,
                                             facts.failed_boots == 1 ? "" : "s"))}});
  Table boots{
      {{words("Kernel")},
       {words("Release")},
       {words("Boot")},
       {words("Runs")},
       {words(boot_value_heading(facts.boots))}},
      {Alignment::kLeft, Alignment::kLeft, Alignment::kLeft, Alignment::kRight, Alignment::kRight},
      {}};
  for (const KernelsBootRow& row : facts.boots) {
    boots.rows.push_back({{text(row.side)},
                          {text(row.release)},
                          {text(row.boot_id)},
                          {words(std::to_string(row.runs))},
                          {words(significant_text(row.median_value))}});
  }
  out.push_back(std::move(boots));
  BulletList sentences;
  for (const MetricComparison& metric : facts.comparison.metrics) {
    sentences.items.push_back({text(metric_sentence(metric, facts.comparison))});
    const std::string boots_line = boot_line(metric, facts.comparison);
    if (!boots_line.empty()) {
      sentences.items.push_back({words("Boots: "), text(boots_line)});
    }
  }
  if (!sentences.items.empty()) {
    out.push_back(std::move(sentences));
  }
  return out;
}

}  // namespace clonebench
