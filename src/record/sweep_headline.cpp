#include "record/sweep_headline.hpp"

namespace clonebench {

bool sweep_has_other_axes(const SweepSummary& summary) {
  return summary.vmas_list.size() > 1 || summary.folio_list.size() > 1;
}

SweepHeadline sweep_headline(const SweepSummary& summary) {
  return sweep_has_other_axes(summary) && summary.model ? SweepHeadline::kCostModel
                                                        : SweepHeadline::kLineFit;
}

}  // namespace clonebench
