#include "core/experiment_kind.hpp"

#include <array>
#include <utility>

#include "core/name_table.hpp"

namespace clonebench {
namespace {

// The one table of the kinds' words (experiment_kind.hpp says what a word is for).
constexpr std::array<std::pair<ExperimentKind, std::string_view>, 6> kKindWords = {{
    {ExperimentKind::kAb, "ab"},
    {ExperimentKind::kSweep, "sweep"},
    {ExperimentKind::kScale, "scale"},
    {ExperimentKind::kTrace, "trace"},
    {ExperimentKind::kKernels, "kernels"},
    {ExperimentKind::kHvoKey, "hvo-key"},
}};

constexpr std::array<ExperimentKind, kKindWords.size()> kKinds = [] {
  std::array<ExperimentKind, kKindWords.size()> kinds{};
  for (std::size_t i = 0; i < kKindWords.size(); ++i) {
    kinds[i] = kKindWords[i].first;
  }
  return kinds;
}();

}  // namespace

std::string_view experiment_kind_name(ExperimentKind kind) noexcept {
  return name_in(kKindWords, kind, "?");
}

std::optional<ExperimentKind> experiment_kind_named(std::string_view word) noexcept {
  return value_named(kKindWords, word);
}

std::span<const ExperimentKind> experiment_kinds() noexcept {
  return kKinds;
}

std::string experiment_kind_choices() {
  std::string choices;
  for (std::size_t i = 0; i < kKindWords.size(); ++i) {
    choices += std::string(i == 0                       ? ""
                           : i + 1 == kKindWords.size() ? " or "
                                                        : ", ") +
               std::string(kKindWords[i].second);
  }
  return choices;
}

std::string experiment_tag(ExperimentKind kind, std::string_view created_at,
                           std::string_view suffix) {
  return std::string(experiment_kind_name(kind)) + "-" + std::string(created_at) + "-" +
         std::string(suffix);
}

}  // namespace clonebench
