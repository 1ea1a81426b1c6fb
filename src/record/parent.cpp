#include "record/parent.hpp"

#include <array>
#include <utility>

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

}  // namespace

std::string_view parent_kind_name(ParentKind kind) noexcept {
  for (const auto& [known, name] : kNames) {
    if (known == kind) {
      return name;
    }
  }
  return "unknown";
}

std::optional<ParentKind> parent_kind_from_name(std::string_view name) noexcept {
  for (const auto& [kind, known] : kNames) {
    if (known == name) {
      return kind;
    }
  }
  return std::nullopt;
}

std::string_view parent_kind_choices() noexcept {
  return "anon, thp, zero, shared, file or hugetlb";
}

}  // namespace clonebench
