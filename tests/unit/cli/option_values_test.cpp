// The own parsing of a prefix command (run, ab): a CLI11 error and an empty or forgotten value are
// UsageErrors naming the flag, and --help or -h anywhere asks for the command's help.
#include "cli/option_values.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"

namespace clonebench {
namespace {

struct OwnCommand {
  CLI::App app{"test"};
  std::string timeout, json;
  OwnCommand() {
    app.add_option("--timeout", timeout);
    app.add_option("--json", json);
  }
};

TEST(ParseOwnArguments, ParsesTheWordsInTheirOrder) {
  OwnCommand command;
  parse_own_arguments(command.app, {"--timeout", "2s", "--json", "-"});
  EXPECT_EQ(command.timeout, "2s");
  EXPECT_EQ(command.json, "-");
}

TEST(ParseOwnArguments, AnUnknownOptionOrAForgottenValueIsAUsageError) {
  OwnCommand unknown;
  EXPECT_THROW(parse_own_arguments(unknown.app, {"--bogus"}), UsageError);
  OwnCommand forgotten;
  try {
    parse_own_arguments(forgotten.app, {"--timeout", "--json"});
    FAIL() << "no UsageError";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("--timeout needs a value"), std::string::npos)
        << error.what();
  }
}

TEST(AsksForHelp, HelpOrHAnywhere) {
  EXPECT_TRUE(asks_for_help({"fork", "--help"}));
  EXPECT_TRUE(asks_for_help({"-h"}));
  EXPECT_FALSE(asks_for_help({"fork", "--timeout", "2s"}));
  EXPECT_FALSE(asks_for_help({}));
}

}  // namespace
}  // namespace clonebench
