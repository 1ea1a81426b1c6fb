// The options several commands share: one seed type and one label rule for every command.
#include "cli/shared_options.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <climits>
#include <string>

#include "core/error.hpp"

namespace clonebench {
namespace {

TEST(SeedOption, ADrawnSeedCanAlwaysBeGivenBackToSeed) {
  for (int draw = 0; draw < 2000; ++draw) {
    const Seed seed = seed_option("");
    EXPECT_FALSE(seed.given);
    EXPECT_LE(seed.value, static_cast<std::uint64_t>(INT64_MAX));
    EXPECT_EQ(seed_option(std::to_string(seed.value)).value, seed.value);
  }
}

TEST(SeedOption, AGivenSeedIsKeptAndMarkedGiven) {
  EXPECT_EQ(seed_option("42").value, 42U);
  EXPECT_TRUE(seed_option("42").given);
  EXPECT_EQ(seed_option("0x10").value, 16U);
}

TEST(SeedOption, ABadSeedNamesTheFlag) {
  try {
    seed_option("12x");
    FAIL() << "no UsageError";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("--seed"), std::string::npos) << error.what();
  }
  EXPECT_THROW(seed_option("9223372036854775808"), UsageError);  // 2^63
}

TEST(LabelOption, AnEmptyLabelIsTheDefaultAndAFileLikeOneIsRefused) {
  EXPECT_NO_THROW(check_label_option(""));
  EXPECT_NO_THROW(check_label_option("6.8-rc1"));
  EXPECT_THROW(check_label_option("runs/a"), UsageError);
}

TEST(SharedOptions, EveryCommandGetsTheSameNamesAndValueTypes) {
  CLI::App command;
  std::string db, label, seed, json;
  define_db_option(command, db);
  define_label_option(command, label, "the stored runs");
  define_seed_option(command, seed, "the order");
  define_json_option(command, json, "the result");
  EXPECT_EQ(command.get_option("--db")->get_type_name(), "PATH");
  EXPECT_EQ(command.get_option("--label")->get_type_name(), "LABEL");
  EXPECT_EQ(command.get_option("--seed")->get_type_name(), "N");
  EXPECT_EQ(command.get_option("--json")->get_type_name(), "FILE|-");
  std::vector<std::string> reversed_args = {"out.json", "--json", "7", "--seed", "L", "--label"};
  command.parse(reversed_args);  // CLI11 takes a vector of arguments last first
  EXPECT_EQ(label, "L");
  EXPECT_EQ(seed, "7");
  EXPECT_EQ(json, "out.json");
}

}  // namespace
}  // namespace clonebench
