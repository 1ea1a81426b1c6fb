#include "compare/ab_document.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "compare/compare_json.hpp"
#include "compare/renderers.hpp"
#include "record/profile_json.hpp"

namespace clonebench {
namespace {

nlohmann::ordered_json text_or_null(const std::string& text) {
  return text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text);
}

template <typename T>
nlohmann::ordered_json value_or_null(const std::optional<T>& value) {
  return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json ab_stop_json(const AbStop& stop) {
  nlohmann::ordered_json widest = nullptr;
  if (!stop.widest_metric.empty()) {
    widest = {{"metric", stop.widest_metric},
              {"ci_half_width_pct", std::isfinite(stop.widest_half_width_pct)
                                        ? nlohmann::ordered_json(stop.widest_half_width_pct)
                                        : nlohmann::ordered_json(nullptr)}};
  }
  return {{"reason", stop.reason},
          {"precision_pct", value_or_null(stop.precision_pct)},
          {"max_time_s", value_or_null(stop.max_time_s)},
          {"pairs_cap", value_or_null(stop.pairs_cap)},
          {"last_look", widest},
          {"elapsed_s", stop.elapsed_s}};
}

}  // namespace

nlohmann::ordered_json ab_design_json(const AbDesign& design) {
  nlohmann::ordered_json order = nlohmann::ordered_json::array();
  for (const PairOrder pair : design.orders) {
    order.push_back(std::string(pair_order_name(pair)));
  }
  const auto ab_pairs = static_cast<std::size_t>(
      std::count(design.orders.begin(), design.orders.end(), PairOrder::kAB));
  return {{"spec", design.spec},
          {"a_options", design.a_options},
          {"b_options", design.b_options},
          {"setup_a", text_or_null(design.setup_a)},
          {"setup_b", text_or_null(design.setup_b)},
          {"restore", text_or_null(design.restore)},
          {"pairs", design.orders.size()},
          {"ab_pairs", ab_pairs},
          {"ba_pairs", design.orders.size() - ab_pairs},
          {"order", order},
          {"warmups_per_arm", design.warmups},
          {"seed", design.seed},
          {"seed_hex", fmt::format("{:#x}", design.seed)},
          {"experiment", text_or_null(design.experiment)},
          {"stop", ab_stop_json(design.stop)}};
}

nlohmann::json ab_compare_json(const ComparisonResult& report, const AbDesign& design,
                               const std::vector<LabelledProfile>& profiles) {
  nlohmann::json document = compare_to_json(report);
  document["ab"] = ab_design_json(design);
  if (!profiles.empty()) {
    document["profiles"] = labelled_profiles_to_json(profiles);
  }
  return document;
}

}  // namespace clonebench
