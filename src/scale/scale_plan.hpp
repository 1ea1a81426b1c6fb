#pragma once
// The order of a scale's runs: R rounds, each running every instance count once. Round r visits
// the counts in one seeded permutation rotated by r, so that every count takes every position in
// a round equally often (each `points` rounds) and drift over time spreads over all counts
// instead of looking like a scaling effect; the seed makes the order reproducible.

#include <cstdint>
#include <vector>

namespace clonebench {

struct ScaleVisit {
  std::uint32_t round = 0;
  std::uint32_t position = 0;  // within its round
  std::size_t point = 0;       // index into the instance counts
};

// Every visit in the order the runs are made: rounds × points of them.
std::vector<ScaleVisit> scale_plan(std::size_t points, std::uint32_t rounds, std::uint64_t seed);

}  // namespace clonebench
