// `clonebench kernel` on this machine, checked against /proc/kallsyms read by the test itself.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

// "out-of-line" when /proc/kallsyms lists a text symbol _compound_head, "inline" when it lists
// symbols but not that one, "unknown" when it lists none.
std::string compound_head_per_kallsyms() {
  std::ifstream file("/proc/kallsyms");
  std::string line;
  bool any = false;
  while (std::getline(file, line)) {
    std::istringstream fields(line);
    std::string address, type, name;
    if (!(fields >> address >> type >> name)) {
      continue;
    }
    any = true;
    if ((type == "t" || type == "T") && name == "_compound_head") {
      return "out-of-line";
    }
  }
  return any ? "inline" : "unknown";
}

TEST(KernelCli, SaysWhetherThisKernelHasAnOutOfLineCompoundHead) {
  const ToolResult result = run_tool({"kernel"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string expected = compound_head_per_kallsyms();
  EXPECT_NE(result.out.find("_compound_head: " + expected), std::string::npos) << result.out;
  for (const char* part : {"copy_present_ptes", "folio_try_dup_anon_rmap_ptes", "zap_present_ptes",
                           "HVO static key:", "CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP:",
                           "return thunk:", "spec_rstack_overflow", "`clonebench model`"}) {
    EXPECT_NE(result.out.find(part), std::string::npos) << part << "\n" << result.out;
  }
  EXPECT_TRUE(result.err.empty()) << result.err;
}

TEST(KernelCli, JsonCarriesTheSameFactsAsTheEnvironmentOfEveryRun) {
  const ToolResult kernel = run_tool({"kernel", "--json", "-"});
  ASSERT_EQ(kernel.exit_code, 0) << kernel.err;
  const auto facts = nlohmann::json::parse(kernel.out);
  EXPECT_EQ(facts.at("schema"), "clonebench-kernel/1");
  EXPECT_EQ(facts.at("kernel_path").at("compound_head"), compound_head_per_kallsyms());
  EXPECT_FALSE(facts.at("meaning").get<std::string>().empty());
  const ToolResult env = run_tool({"env", "--json", "-"});
  ASSERT_EQ(env.exit_code, 0) << env.err;
  const auto environment = nlohmann::json::parse(env.out);
  EXPECT_EQ(environment.at("kernel_path"), facts.at("kernel_path"));
  EXPECT_EQ(environment.at("hvo").at("key_on"), facts.at("hvo_key_on"));
}

// Whether /proc/kallsyms lists `name` as a data symbol.
bool data_symbol_listed(const std::string& wanted) {
  std::ifstream file("/proc/kallsyms");
  std::string line;
  while (std::getline(file, line)) {
    std::istringstream fields(line);
    std::string address, type, name;
    if ((fields >> address >> type >> name) && name == wanted &&
        std::string("dDbBrR").find(type) != std::string::npos) {
      return true;
    }
  }
  return false;
}

TEST(KernelCli, SaysWhichCompoundHeadWorldThisKernelIsInAndHowSure) {
  const ToolResult result = run_tool({"kernel", "--json", "-"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto world = nlohmann::json::parse(result.out).at("compound_head_world");
  const std::string name = world.at("world");
  const std::string certainty = world.at("certainty");
  EXPECT_EQ(world.at("basis").get<std::string>().rfind(certainty + ": ", 0), 0u) << world;
  if (data_symbol_listed("hugetlb_optimize_vmemmap_key")) {
    EXPECT_TRUE(name == "pre-c0bff412" || name == "c0bff412" || name == "ef5f379") << world;
    EXPECT_EQ(certainty, "certain");
  } else if (!data_symbol_listed("init_task") && name != "no-hvo") {
    EXPECT_NE(certainty, "certain") << "no data symbols are listed, so the key's absence "
                                       "cannot make it certain: "
                                    << world;
  }
  const ToolResult text = run_tool({"kernel"});
  EXPECT_NE(text.out.find("compound_head() world: " + name), std::string::npos) << text.out;
}

TEST(KernelCli, WritesJsonToAFileAndStillPrintsTheText) {
  const std::string path = temp_path("kernel.json");
  const ToolResult result = run_tool({"kernel", "--json", path});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("_compound_head:"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(read_all(path)).at("schema"), "clonebench-kernel/1");
  std::remove(path.c_str());
}

TEST(KernelCli, BadFlagsExitWithTwoAndOneLine) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"kernel", "--bogus"},
        std::vector<std::string>{"kernel", "--json", "/nonexistent-dir/kernel.json"},
        std::vector<std::string>{"kernel", "extra"}}) {
    const ToolResult result = run_tool(args);
    EXPECT_EQ(result.exit_code, 2) << args.back() << ": " << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
}

}  // namespace
}  // namespace clonebench::testing
