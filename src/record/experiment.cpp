#include "record/experiment.hpp"

#include <array>
#include <utility>

namespace clonebench {
namespace {

template <std::size_t... Index>
ExperimentSummary empty_at(std::size_t index, std::index_sequence<Index...>) {
  const std::array<ExperimentSummary, sizeof...(Index)> empties = {
      ExperimentSummary(std::in_place_index<Index>)...};
  return empties.at(index);
}

}  // namespace

ExperimentSummary empty_summary(ExperimentKind kind) {
  return empty_at(static_cast<std::size_t>(kind),
                  std::make_index_sequence<std::variant_size_v<ExperimentSummary>>());
}

}  // namespace clonebench
