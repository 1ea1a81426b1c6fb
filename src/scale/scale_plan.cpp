#include "scale/scale_plan.hpp"

#include <algorithm>
#include <numeric>
#include <random>

namespace clonebench {

std::vector<ScaleVisit> scale_plan(std::size_t points, std::uint32_t rounds, std::uint64_t seed) {
  std::vector<std::size_t> base(points);
  std::iota(base.begin(), base.end(), 0);
  std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)};
  std::mt19937_64 rng(sequence);
  std::shuffle(base.begin(), base.end(), rng);
  std::vector<ScaleVisit> visits;
  visits.reserve(points * rounds);
  for (std::uint32_t round = 0; round < rounds; ++round) {
    for (std::size_t position = 0; position < points; ++position) {
      visits.push_back(ScaleVisit{round, static_cast<std::uint32_t>(position),
                                  base[(position + round) % points]});
    }
  }
  return visits;
}

}  // namespace clonebench
