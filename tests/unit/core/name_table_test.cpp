// An enum's name table read both ways, with the fallback for a value the table lacks.
#include "core/name_table.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace clonebench {
namespace {

enum class Colour { kRed, kGreen, kBlue };

constexpr std::array<std::pair<Colour, std::string_view>, 2> kColourNames = {{
    {Colour::kRed, "red"},
    {Colour::kGreen, "green"},
}};

TEST(NameTable, NamesAValueOrFallsBack) {
  EXPECT_EQ(name_in(kColourNames, Colour::kGreen, "unknown"), "green");
  EXPECT_EQ(name_in(kColourNames, Colour::kBlue, "unknown"), "unknown");
  static_assert(name_in(kColourNames, Colour::kRed, "") == "red");
}

TEST(NameTable, FindsTheValueOfANameInAnyTextType) {
  EXPECT_EQ(value_named(kColourNames, std::string("red")), Colour::kRed);
  EXPECT_EQ(value_named(kColourNames, std::string_view("green")), Colour::kGreen);
  EXPECT_EQ(value_named(kColourNames, std::string("blue")), std::nullopt);
  EXPECT_EQ(value_named(kColourNames, std::string("")), std::nullopt);
}

}  // namespace
}  // namespace clonebench
