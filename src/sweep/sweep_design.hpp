#pragma once
// The points a multi-axis sweep visits: every combination of --rss, --vmas and --folio (a full
// factorial; docs/sweep.md says why not a fractional one), each list as users type it.

#include <cstdint>
#include <string_view>
#include <vector>

namespace clonebench {

inline constexpr std::size_t kMaxDesignPoints = 256;

struct SweepPoint {
  std::uint64_t bytes = 0;        // --rss
  std::uint64_t vmas = 1;         // --vmas
  std::uint64_t folio_bytes = 0;  // --folio (0: no folio axis, the kind's own pages)
};

// "4K,16K,64K,2M": powers of two from 4 KiB to 2 MiB, distinct, at most 10. Throws UsageError
// naming `flag` otherwise.
std::vector<std::uint64_t> parse_folio_list(std::string_view text, std::string_view flag);
// "1,64,4096": integers from 1 to `max_vmas`, distinct, at most 16. Throws UsageError naming
// `flag` otherwise.
std::vector<std::uint64_t> parse_vmas_list(std::string_view text, std::string_view flag,
                                           std::uint64_t max_vmas);

// Every combination, sizes varying slowest (the order rows are reported in). `folios` empty:
// folio_bytes 0 everywhere. Throws UsageError when the design has more than kMaxDesignPoints
// points or a folio is larger than a non-zero --rss size.
std::vector<SweepPoint> full_factorial(const std::vector<std::uint64_t>& sizes,
                                       const std::vector<std::uint64_t>& vmas,
                                       const std::vector<std::uint64_t>& folios);

}  // namespace clonebench
