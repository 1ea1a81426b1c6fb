#include "sweep/cost_model_render.hpp"

#include <fmt/core.h>

#include <cmath>

#include "core/number_text.hpp"

namespace clonebench {
namespace {

// The coefficient `term` of `phase` as "per page 1.48 ns [1.36, 1.59]"; empty when not fitted.
std::string term_text(const PhaseCostModel& phase, const std::string& term, const char* name) {
  const CostCoefficient* coefficient = phase.term(term);
  if (coefficient == nullptr) {
    return "";
  }
  const bool fixed = term == "fixed_ns";
  const double unit = fixed ? 1000 : 1;  // the fixed cost in µs, the others in ns
  return fmt::format("{} {}", name,
                     estimate_text(coefficient->estimate / unit, coefficient->lo / unit,
                                   coefficient->hi / unit, fixed ? "µs" : "ns"));
}

std::string flags_text(const PhaseCostModel& phase) {
  if (phase.flags.empty()) {
    return "the plane fits every point";
  }
  std::string out;
  for (const std::string& flag : phase.flags) {
    if (flag == "nonlinear") {
      const PointMisfit& worst = phase.misfits.front();
      out += fmt::format(
          "NONLINEAR: {} point(s) off the plane, worst point {} by {:+.1f} µs ({:.1f} standard "
          "errors; a knee such as a cache size?); ",
          phase.misfits.size(), worst.point + 1, worst.median_residual_ns / 1000,
          std::abs(worst.median_residual_ns) / worst.standard_error_ns);
    } else if (flag == "spread_grows") {
      out += "SPREAD GROWS with cost: prediction intervals are too narrow at the largest shapes; ";
    } else {
      out += flag + "; ";
    }
  }
  return out.substr(0, out.size() - 2);
}

}  // namespace

std::string render_cost_model(const CostModel& model) {
  std::string out = fmt::format("cost model over every axis: {}\n", model.estimator);
  for (const PhaseCostModel& phase : model.phases) {
    out += fmt::format("  phase {}, {} runs at {} points: {}\n", phase.phase, phase.n, phase.points,
                       flags_text(phase));
    for (const CostCoefficient& coefficient : phase.coefficients) {
      const bool fixed = coefficient.term == "fixed_ns";
      const double unit = fixed ? 1000 : 1;  // the fixed cost in µs, the others in ns
      out += fmt::format(
          "  {:<14} {:>34}\n", fixed ? "fixed µs" : coefficient.term,
          estimate_text(coefficient.estimate / unit, coefficient.lo / unit, coefficient.hi / unit));
    }
  }
  return out;
}

std::string render_cost_model_cross_check(const CostModel& model) {
  std::string out =
      fmt::format("cross-check, not to quote: the cost model ({})\n", model.estimator);
  for (const PhaseCostModel& phase : model.phases) {
    out += fmt::format("  {:<7} {}, {}; {}\n", phase.phase,
                       term_text(phase, "per_page_ns", "per page"),
                       term_text(phase, "fixed_ns", "fixed"), flags_text(phase));
  }
  return out;
}

std::string render_prediction(const CostModel& model, const ShapeX& shape,
                              const std::string& shape_text) {
  std::string out =
      fmt::format("prediction for {} ({:.0f} pages, {:.0f} VMAs, {:.0f} folios), µs:\n", shape_text,
                  shape.pages, shape.vmas, shape.folios);
  out += fmt::format("  {:<7} {:>10} {:>24} {:>24}\n", "phase", "estimate", "95 % CI of the mean",
                     "95 % PI of one run");
  for (const PhaseCostModel& phase : model.phases) {
    const CostPrediction p = predict_cost(phase, shape);
    // The estimate's digits are those its interval (of the mean) vouches for.
    out += fmt::format(
        "  {:<7} {:>10} {:>24} {:>24}{}\n", phase.phase,
        number_in_interval(p.estimate_ns / 1000, p.mean_lo_ns / 1000, p.mean_hi_ns / 1000),
        interval_text_of(p.mean_lo_ns / 1000, p.mean_hi_ns / 1000),
        interval_text_of(p.run_lo_ns / 1000, p.run_hi_ns / 1000),
        p.extrapolated ? "  extrapolated: outside the measured span" : "");
  }
  bool terms_missing = false;
  for (const PhaseCostModel& phase : model.phases) {
    bool has_vma = false, has_folio = false;
    for (const CostCoefficient& c : phase.coefficients) {
      has_vma |= c.term == "per_vma_ns";
      has_folio |= c.term == "per_folio_ns";
    }
    terms_missing |= (!has_vma && shape.vmas != 1) || (!has_folio && shape.folios != shape.pages);
  }
  if (terms_missing) {
    out +=
        "  note: the sweep did not vary every axis this shape sets; those terms are not in "
        "the model\n";
  }
  return out;
}

}  // namespace clonebench
