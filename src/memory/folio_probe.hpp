#pragma once
// Which folio sizes back the parent's region, really: sampled pages are looked up in
// /proc/self/pagemap (their page frame) and /proc/kpageflags (compound head and tail bits), and
// each sample counts one page in a folio of 2^order pages. Needs CAP_SYS_ADMIN for the frames
// (and root for kpageflags); without them nothing is sampled. AnonHugePages alone would only see
// PMD-mapped 2 MiB folios, not the multi-size ones.

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace clonebench {

inline constexpr std::size_t kFolioOrders = 10;  // orders 0 (4 KiB) … 9 (2 MiB)
using FolioOrderCounts = std::array<std::uint32_t, kFolioOrders>;

// The number of pages of the folio holding frame `index` of `flags`, a block of kpageflags words
// for frames aligned to 512 (an anonymous folio is at most 2 MiB and naturally aligned, so its
// head lies in the same block). 1 for a page that is neither head nor tail.
std::uint64_t folio_pages_in_block(std::span<const std::uint64_t> flags, std::size_t index);

// Samples at most `max_samples` pages spread evenly over `ranges` ([begin, end) addresses) and
// counts them by the order of their folio. All zero when the frames cannot be read.
FolioOrderCounts sample_folio_orders(
    const std::vector<std::pair<std::uintptr_t, std::uintptr_t>>& ranges, std::size_t max_samples);

// The order with the most samples; -1 when nothing was sampled.
int dominant_folio_order(const FolioOrderCounts& counts);

}  // namespace clonebench
