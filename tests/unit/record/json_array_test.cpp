// A list as a JSON array and back: in order, with the item's own codec, and a bad item named by
// its index.
#include "record/json_array.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace clonebench {
namespace {

TEST(JsonArray, EncodesEachItemInOrder) {
  const std::vector<int> items = {3, 1, 2};
  const nlohmann::json array = json_array(items, [](int item) { return item * 10; });
  EXPECT_EQ(array, nlohmann::json::parse("[30, 10, 20]"));
  EXPECT_EQ(json_array(std::vector<int>(), [](int item) { return item; }), nlohmann::json::array());
  const nlohmann::ordered_json ordered =
      json_array<nlohmann::ordered_json>(items, [](int item) { return std::to_string(item); });
  EXPECT_EQ(ordered.dump(), R"(["3","1","2"])");
}

TEST(DecodedItems, DecodesEachItemInOrderByAFunctionOrAMember) {
  const nlohmann::json document = nlohmann::json::parse(R"({"words": ["a", "b"], "n": [1, 2]})");
  const SummaryField root(document, "");
  EXPECT_EQ(decoded_items(root.items_of("words"), &SummaryField::text),
            (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(decoded_items(root.at("n").items(),
                          [](const SummaryField& field) { return field.count() + 1; }),
            (std::vector<std::uint64_t>{2, 3}));
  EXPECT_TRUE(decoded_items(root.items_of("absent"), &SummaryField::text).empty());
}

TEST(DecodedItems, ABadItemIsNamedByItsIndex) {
  const nlohmann::json document = nlohmann::json::parse(R"({"words": ["a", 7]})");
  try {
    decoded_items(SummaryField(document, "").items_of("words"), &SummaryField::text);
    FAIL() << "no SummaryError";
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "words[1]");
  }
}

}  // namespace
}  // namespace clonebench
