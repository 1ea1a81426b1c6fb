#pragma once
// The order of the two runs of each pair of an `ab` experiment: AB or BA by a seeded coin flip,
// so that drift and carry-over (the second run of a pair profiting from the first) cancel
// instead of turning into a fake effect (docs/statistics.md, "clonebench ab: A/B in one
// session": strict ABAB gives 45 % false positives under carry-over; a coin flip per pair 5 %).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace clonebench {

enum class PairOrder { kAB, kBA };

// The orders of `pairs` pairs: pair i is BA when the top bit of the i-th output of
// std::mt19937_64(seed) is set (the engine's output is fixed by the standard, so a seed
// reproduces the experiment with any standard library).
std::vector<PairOrder> pair_orders(std::size_t pairs, std::uint64_t seed);

std::string_view pair_order_name(PairOrder order);  // "AB" | "BA"

}  // namespace clonebench
