#pragma once
// An enum's values and their names as one fixed table, read both ways (value to name, name to
// value): the two loops every such table would otherwise write again.

#include <array>
#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>

namespace clonebench {

// The name of `value` in `table`, or `fallback` when the table lacks it.
template <typename Enum, typename Name, std::size_t N>
constexpr Name name_in(const std::array<std::pair<Enum, Name>, N>& table, Enum value,
                       std::type_identity_t<Name> fallback) noexcept {
  for (const auto& [each, name] : table) {
    if (each == value) {
      return name;
    }
  }
  return fallback;
}

// The value `table` names `name`; none when no entry has that name.
template <typename Enum, typename Name, std::size_t N, typename Text>
constexpr std::optional<Enum> value_named(const std::array<std::pair<Enum, Name>, N>& table,
                                          const Text& name) noexcept {
  for (const auto& [each, each_name] : table) {
    if (name == each_name) {
      return each;
    }
  }
  return std::nullopt;
}

}  // namespace clonebench
