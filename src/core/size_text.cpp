#include "core/size_text.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace clonebench {

std::string format_size(std::uint64_t bytes) {
  static constexpr std::array<const char*, 5> kUnits = {"B", "KiB", "MiB", "GiB", "TiB"};
  std::size_t unit = 0;
  double value = static_cast<double>(bytes);
  while (value >= 1024.0 && unit + 1 < kUnits.size()) {
    value /= 1024.0;
    ++unit;
  }
  std::array<char, 64> text{};
  std::snprintf(text.data(), text.size(), value == std::floor(value) ? "%.0f %s" : "%.1f %s", value,
                kUnits[unit]);
  return text.data();
}

}  // namespace clonebench
