#include "compare/ab_document.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "compare/renderers.hpp"

namespace clonebench {
namespace {

nlohmann::ordered_json text_or_null(const std::string& text) {
  return text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text);
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
          {"experiment", text_or_null(design.experiment)}};
}

nlohmann::ordered_json ab_compare_json(const ComparisonReport& report, const AbDesign& design) {
  nlohmann::ordered_json document = compare_to_json(report);
  document["ab"] = ab_design_json(design);
  return document;
}

}  // namespace clonebench
