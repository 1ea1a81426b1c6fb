#include "record/workload.hpp"

namespace clonebench {

std::string_view workload_name(Workload workload) noexcept {
  return workload == Workload::kStressNg ? "stress-ng" : "clean";
}

std::optional<Workload> workload_from_name(std::string_view name) noexcept {
  if (name == "clean") {
    return Workload::kClean;
  }
  if (name == "stress-ng") {
    return Workload::kStressNg;
  }
  return std::nullopt;
}

std::string_view workload_choices() noexcept {
  return "clean or stress-ng";
}

}  // namespace clonebench
