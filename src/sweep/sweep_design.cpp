#include "sweep/sweep_design.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <set>
#include <string>

#include "core/error.hpp"
#include "core/size_text.hpp"
#include "core/units.hpp"

namespace clonebench {
namespace {

constexpr std::uint64_t kSmallestFolio = 4096, kLargestFolio = 2u << 20;
constexpr std::size_t kMaxFolios = 10, kMaxVmasValues = 16;

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) {
      return items;
    }
    start = comma + 1;
  }
}

}  // namespace

std::vector<std::uint64_t> parse_folio_list(std::string_view text, std::string_view flag) {
  std::vector<std::uint64_t> folios;
  for (const std::string_view item : split_commas(text)) {
    if (item.empty()) {
      throw UsageError(fmt::format("{}: an empty folio size in '{}'", flag, text));
    }
    const std::uint64_t bytes = parse_size_bytes(item, flag);
    if (bytes < kSmallestFolio || bytes > kLargestFolio || !std::has_single_bit(bytes)) {
      throw UsageError(fmt::format(
          "{}: '{}' is not a folio size (a power of two from 4K to 2M: 4K, 8K, 16K, … 2M)", flag,
          item));
    }
    if (std::find(folios.begin(), folios.end(), bytes) != folios.end()) {
      throw UsageError(fmt::format("{}: {} is given twice", flag, item));
    }
    folios.push_back(bytes);
  }
  if (folios.size() > kMaxFolios) {
    throw UsageError(fmt::format("{}: at most {} folio sizes", flag, kMaxFolios));
  }
  return folios;
}

std::vector<std::uint64_t> parse_vmas_list(std::string_view text, std::string_view flag,
                                           std::uint64_t max_vmas) {
  std::vector<std::uint64_t> vmas;
  for (const std::string_view item : split_commas(text)) {
    const auto count = static_cast<std::uint64_t>(
        parse_integer(item, flag, 1, static_cast<std::int64_t>(max_vmas)));
    if (std::find(vmas.begin(), vmas.end(), count) != vmas.end()) {
      throw UsageError(fmt::format("{}: {} is given twice", flag, count));
    }
    vmas.push_back(count);
  }
  if (vmas.size() > kMaxVmasValues) {
    throw UsageError(fmt::format("{}: at most {} VMA counts", flag, kMaxVmasValues));
  }
  return vmas;
}

std::vector<SweepPoint> full_factorial(const std::vector<std::uint64_t>& sizes,
                                       const std::vector<std::uint64_t>& vmas,
                                       const std::vector<std::uint64_t>& folios) {
  const std::vector<std::uint64_t> folio_axis =
      folios.empty() ? std::vector<std::uint64_t>{0} : folios;
  if (sizes.size() * vmas.size() * folio_axis.size() > kMaxDesignPoints) {
    throw UsageError(fmt::format(
        "--rss, --vmas, --folio: {} × {} × {} points is more than {}; give fewer values",
        sizes.size(), vmas.size(), folio_axis.size(), kMaxDesignPoints));
  }
  std::vector<SweepPoint> points;
  for (const std::uint64_t bytes : sizes) {
    for (const std::uint64_t folio : folio_axis) {
      if (bytes != 0 && folio > bytes) {
        throw UsageError(fmt::format("--folio: a {} folio is larger than the region --rss {}",
                                     format_size(folio), format_size(bytes)));
      }
      for (const std::uint64_t count : vmas) {
        points.push_back(SweepPoint{bytes, count, folio});
      }
    }
  }
  return points;
}

}  // namespace clonebench
