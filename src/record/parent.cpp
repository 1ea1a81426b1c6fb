#include "record/parent.hpp"

#include <array>
#include <utility>

#include "core/name_table.hpp"

namespace clonebench {
namespace {

constexpr std::array<std::pair<ParentKind, std::string_view>, 6> kNames = {{
    {ParentKind::kAnon, "anon"},
    {ParentKind::kThp, "thp"},
    {ParentKind::kZero, "zero"},
    {ParentKind::kShared, "shared"},
    {ParentKind::kFile, "file"},
    {ParentKind::kHugetlb, "hugetlb"},
}};

constexpr std::array<std::string_view, kNames.size()> kNameList = [] {
  std::array<std::string_view, kNames.size()> names{};
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    names[i] = kNames[i].second;
  }
  return names;
}();

}  // namespace

std::span<const std::string_view> parent_kind_names() noexcept {
  return kNameList;
}

std::string_view parent_kind_name(ParentKind kind) noexcept {
  return name_in(kNames, kind, "unknown");
}

std::optional<ParentKind> parent_kind_from_name(std::string_view name) noexcept {
  return value_named(kNames, name);
}

std::string_view parent_kind_choices() noexcept {
  return "anon, thp, zero, shared, file or hugetlb";
}

}  // namespace clonebench
