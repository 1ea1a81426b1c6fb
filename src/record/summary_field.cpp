#include "record/summary_field.hpp"

#include "record/json_array.hpp"

namespace clonebench {

SummaryInterval summary_interval(const SummaryField& field, bool nulls) {
  const std::vector<SummaryField> ends = field.items();
  if (ends.size() != 2) {
    field.fail(fmt::format("expected [lo, hi], found {} entries", ends.size()));
  }
  SummaryInterval interval;
  std::optional<double>* out[] = {&interval.lo, &interval.hi};
  for (std::size_t i = 0; i < 2; ++i) {
    if (nulls && ends[i].is_null()) {
      continue;
    }
    *out[i] = ends[i].number();
  }
  return interval;
}

std::vector<std::uint64_t> summary_counts(const SummaryField& object, const char* key) {
  return decoded_items(object.items_of(key), &SummaryField::count);
}

std::optional<std::string> summary_text(const SummaryField& object, const char* key) {
  const std::optional<SummaryField> field = object.find(key);
  return field ? std::optional<std::string>(field->text()) : std::nullopt;
}

}  // namespace clonebench
