#pragma once
// A list as a JSON array and back, item by item with the item's own codec: the loop each codec
// of a document with lists would otherwise write again for every list.

#include <functional>
#include <nlohmann/json.hpp>
#include <type_traits>
#include <vector>

#include "record/summary_field.hpp"

namespace clonebench {

// The array of encode(item) for each of `items`, in order (Json: nlohmann::json or
// nlohmann::ordered_json).
template <typename Json = nlohmann::json, typename Items, typename Encode>
Json json_array(const Items& items, Encode encode) {
  Json array = Json::array();
  for (const auto& item : items) {
    array.push_back(encode(item));
  }
  return array;
}

// decode(field) for each of `fields` (an array's items), in order; `decode` may be a member of
// SummaryField (&SummaryField::text).
template <typename Decode>
auto decoded_items(const std::vector<SummaryField>& fields, Decode decode) {
  std::vector<std::decay_t<std::invoke_result_t<Decode, const SummaryField&>>> items;
  items.reserve(fields.size());
  for (const SummaryField& field : fields) {
    items.push_back(std::invoke(decode, field));
  }
  return items;
}

}  // namespace clonebench
