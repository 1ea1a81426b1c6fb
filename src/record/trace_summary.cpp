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

constexpr std::array<std::pair<ModelVerdict, const char*>, 6> kModelVerdictTexts{{
    {ModelVerdict::kNoForks, "no forks"},
    {ModelVerdict::kInconclusive, "inconclusive"},
    {ModelVerdict::kExplained, "explained"},
    {ModelVerdict::kSlower, "slower than the model"},
    {ModelVerdict::kFaster, "faster than the model"},
    {ModelVerdict::kScattered, "scattered beyond the model"},
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
  return name_in(kModelVerdictTexts, verdict, "no forks");
}

bool parse_model_verdict(const std::string& text, ModelVerdict& verdict) noexcept {
  const std::optional<ModelVerdict> named = value_named(kModelVerdictTexts, text);
  verdict = named.value_or(verdict);
  return named.has_value();
}

}  // namespace clonebench
