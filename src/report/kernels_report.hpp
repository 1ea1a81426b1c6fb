#pragma once
// `report` of a `kernels` experiment (docs/kernels.md): the boots of each kernel with their
// runs, the comparison with boots as the units, and, when the guests were emulated, that the
// timings do not represent hardware. The facts are taken from the stored runs (boot ids, guest
// releases) and the experiment's plan once, into one struct both renderers share.

#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "record/kernels_summary.hpp"
#include "report/document.hpp"
#include "report/report_facts.hpp"
#include "store/store.hpp"

namespace clonebench {

struct KernelsBootRow {
  std::string side;  // the label ("<tag>:a")
  std::string boot_id, release;
  std::size_t runs = 0;
  // The median of the boot's runs in its headline metric: ops_per_sec_real, or for runs counted
  // in guest instructions (record/instruction_metrics.hpp) guest_instructions_per_op.
  double median_value = 0;
  bool instructions = false;
};

// "Median ops/s" or "Median instructions/op": the column of `rows`' values.
std::string boot_value_heading(const std::vector<KernelsBootRow>& rows);

struct KernelsReportFacts {
  // The `clonebench kernels` command line, as far as stored, its images named IMAGE_A and
  // IMAGE_B: a local path may hold a user's name and says nothing elsewhere.
  std::string command;
  std::vector<std::string> images;  // "IMAGE_A: release …, sha256 …", one per side
  std::string boot_order;
  std::size_t failed_boots = 0;
  bool emulated = false;
  // The notice the outputs carry once, first: what an instruction count is (--measure
  // instructions), or under TCG timing that the timings are an emulator's; empty otherwise.
  std::string notice;
  std::vector<KernelsBootRow> boots;  // in the order stored
  ComparisonResult comparison;        // boots as the units
};

// One row per boot of each group (runs without a boot id: one "unknown" boot), groups in order,
// boots in order of first appearance, with the median of the boot's runs in its headline metric.
std::vector<KernelsBootRow> boot_median_rows(const std::vector<LabelGroup>& groups);

KernelsReportFacts kernels_report_facts(const KernelsSummary& summary,
                                        const std::vector<LabelGroup>& groups,
                                        bool assume_no_boot_effect);

std::string kernels_sru_report(const KernelsReportFacts& facts);
Blocks kernels_section(const KernelsReportFacts& facts);

}  // namespace clonebench
