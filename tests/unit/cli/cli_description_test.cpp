// The command line as data (src/cli/cli_description.hpp), which man page tests and the bash
// completion are built from.
#include "cli/cli_description.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <stdexcept>
#include <string>

#include "record/parent.hpp"

namespace clonebench {
namespace {

TEST(CliDescription, ListsOptionsFlagsAndPositionalsOfEachSubcommand) {
  CLI::App app{"test"};
  std::string format, stressor;
  bool quiet = false;
  CLI::App* sub = app.add_subcommand("sub", "a subcommand");
  sub->add_option("STRESSOR", stressor, "one stressor")->required();
  sub->add_option("-f,--format", format, "how")->check(CLI::IsMember({"table", "json"}));
  sub->add_flag("--quiet", quiet, "say less");
  const auto cli = describe_cli(app);
  ASSERT_EQ(cli["subcommands"].size(), 1U);
  const auto& described = cli["subcommands"][0];
  EXPECT_EQ(described["name"], "sub");
  EXPECT_EQ(described["positionals"][0]["name"], "STRESSOR");
  EXPECT_TRUE(described["positionals"][0]["required"]);
  EXPECT_EQ(described["positionals"][0]["values"].size(), 7U);  // the stressors
  const auto& options = described["options"];
  ASSERT_EQ(options.size(), 3U);  // --help, --format, --quiet
  EXPECT_EQ(options[1]["names"], (std::vector<std::string>{"-f", "--format"}));
  EXPECT_TRUE(options[1]["takes_value"]);
  EXPECT_EQ(options[1]["values"], (std::vector<std::string>{"table", "json"}));
  EXPECT_FALSE(options[2]["takes_value"]);
}

TEST(CliDescription, LeavesOutHiddenSubcommands) {
  CLI::App app{"test"};
  app.add_subcommand("shown", "for users");
  app.add_subcommand("__hidden", "for the build")->group("");
  const auto cli = describe_cli(app);
  ASSERT_EQ(cli["subcommands"].size(), 1U);
  EXPECT_EQ(cli["subcommands"][0]["name"], "shown");
}

TEST(CliDescription, RefusesASubcommandThatParsesItsOwnArgumentsUnknownToIt) {
  CLI::App app{"test"};
  app.add_subcommand("newcomer", "parses its own arguments")->prefix_command();
  EXPECT_THROW(describe_cli(app), std::logic_error);
}

TEST(CliDescription, TakesRunsOptionsFromItsOwnDefinition) {
  CLI::App app{"test"};
  app.add_subcommand("run", "measure")->prefix_command();
  const auto cli = describe_cli(app);
  bool found_rss_kind = false;
  for (const auto& option : cli["subcommands"][0]["options"]) {
    if (option["names"].back() == "--rss-kind") {
      found_rss_kind = true;
      ASSERT_FALSE(option["values"].empty());
      for (const auto& kind : option["values"]) {
        EXPECT_TRUE(parent_kind_from_name(kind.get<std::string>()).has_value()) << kind;
      }
    }
    if (option["names"].back() == "--json") {
      EXPECT_EQ(option["complete"], "files");
    }
  }
  EXPECT_TRUE(found_rss_kind);
}

}  // namespace
}  // namespace clonebench
