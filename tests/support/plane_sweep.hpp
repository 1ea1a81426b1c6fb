#pragma once
// The runs of a synthetic sweep whose costs lie on a known plane, for the tests of the sweep's
// analysis, its stored format and its report: each design point's parent as the worker would
// measure it (the region populated in full), and its costs with a small deterministic wobble.

#include <cstddef>
#include <cstdint>

#include "sweep/sweep_analysis.hpp"

namespace clonebench::testing {

inline ParentMemory populated_parent(const SweepPoint& point) {
  ParentMemory parent;
  parent.vmas_requested = point.vmas;
  parent.region_rss_kb = parent.region_anonymous_kb = point.bytes / 1024;
  parent.folio_bytes_requested = point.folio_bytes;
  return parent;
}

// create, reap and total = fixed + per page × pages + per VMA × VMAs + per folio × folios, times
// a wobble of at most ±0.8 % that depends on the point and the round.
inline PhaseCosts plane_costs(const SweepPoint& point, std::size_t index, std::uint32_t round) {
  const double pages = static_cast<double>(point.bytes) / 4096;
  // folio_bytes 0: the sweep has no folio axis, and the plane no folio term.
  const double folios =
      point.folio_bytes == 0 ? 0 : pages * 4096 / static_cast<double>(point.folio_bytes);
  const double wobble = 1 + 0.004 * static_cast<double>((index * 7 + round * 3) % 5) - 0.008;
  const double vmas = static_cast<double>(point.vmas);
  return {(40'000 + 1.5 * pages + 90 * vmas + 2 * folios) * wobble,
          (20'000 + 0.8 * pages + 40 * vmas + 1 * folios) * wobble,
          (70'000 + 2.5 * pages + 140 * vmas + 3 * folios) * wobble};
}

}  // namespace clonebench::testing
