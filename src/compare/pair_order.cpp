#include "compare/pair_order.hpp"

#include <random>

namespace clonebench {

std::vector<PairOrder> pair_orders(std::size_t pairs, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::vector<PairOrder> orders;
  orders.reserve(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    orders.push_back((engine() >> 63) != 0 ? PairOrder::kBA : PairOrder::kAB);
  }
  return orders;
}

std::string_view pair_order_name(PairOrder order) {
  return order == PairOrder::kAB ? "AB" : "BA";
}

}  // namespace clonebench
