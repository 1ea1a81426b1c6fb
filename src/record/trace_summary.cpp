#include "record/trace_summary.hpp"

#include <array>
#include <utility>

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
  for (const auto& [each, name] : kCreationKindNames) {
    if (each == kind) {
      return name;
    }
  }
  return "other clone";
}

bool parse_creation_kind(const std::string& name, CreationKind& kind) noexcept {
  for (const auto& [each, each_name] : kCreationKindNames) {
    if (name == each_name) {
      kind = each;
      return true;
    }
  }
  return false;
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
