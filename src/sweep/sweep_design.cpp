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

// Appends `value` unless the list has it already (a UsageError naming `flag` and `given`, the
// value as the message shows it).
void add_once(std::vector<std::uint64_t>& values, std::uint64_t value, std::string_view flag,
              const auto& given) {
  if (std::find(values.begin(), values.end(), value) != values.end()) {
    throw UsageError(fmt::format("{}: {} is given twice", flag, given));
  }
  values.push_back(value);
}

// A UsageError naming `flag` when the list holds more than `most` values (`what` names them).
void check_at_most(const std::vector<std::uint64_t>& values, std::size_t most,
                   std::string_view flag, std::string_view what) {
  if (values.size() > most) {
    throw UsageError(fmt::format("{}: at most {} {}", flag, most, what));
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
    add_once(folios, bytes, flag, item);
  }
  check_at_most(folios, kMaxFolios, flag, "folio sizes");
  return folios;
}

std::vector<std::uint64_t> parse_vmas_list(std::string_view text, std::string_view flag,
                                           std::uint64_t max_vmas) {
  std::vector<std::uint64_t> vmas;
  for (const std::string_view item : split_commas(text)) {
    const auto count = static_cast<std::uint64_t>(
        parse_integer(item, flag, 1, static_cast<std::int64_t>(max_vmas)));
    add_once(vmas, count, flag, count);
  }
  check_at_most(vmas, kMaxVmasValues, flag, "VMA counts");
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
