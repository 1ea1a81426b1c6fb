#include "record/trace_summary.hpp"

#include <array>
#include <optional>
#include <utility>

#include "core/name_table.hpp"

namespace clonebench {
namespace {

constexpr std::array<std::pair<CreationKind, const char*>, 4> kCreationKindNames{{
    {CreationKind::kFork, "fork"},
    {CreationKind::kVfork, "vfork"},
    {CreationKind::kThread, "thread"},
    {CreationKind::kOtherClone, "other clone"},
}};

}  // namespace

const char* creation_kind_name(CreationKind kind) noexcept {
  return name_in(kCreationKindNames, kind, "other clone");
}

bool parse_creation_kind(const std::string& name, CreationKind& kind) noexcept {
  const std::optional<CreationKind> named = value_named(kCreationKindNames, name);
  kind = named.value_or(kind);
  return named.has_value();
}

const char* model_verdict_text(ModelVerdict verdict) noexcept {
  switch (verdict) {
    case ModelVerdict::kInconclusive:
      return "inconclusive";
    case ModelVerdict::kExplained:
      return "explained";
    case ModelVerdict::kSlower:
      return "slower than the model";
    case ModelVerdict::kFaster:
      return "faster than the model";
    case ModelVerdict::kScattered:
      return "scattered beyond the model";
    case ModelVerdict::kNoForks:
      break;
  }
  return "no forks";
}

}  // namespace clonebench
