// `clonebench model` as a user runs it, each run bounded by its own timeout: a short run printing
// JSON, the newest stored sweep of the real kernel put beside the model, and bad options
// rejected with exit code 2 and a message naming the flag.

#include <gtest/gtest.h>

#include <array>
#include <nlohmann/json.hpp>
#include <string>

#include "store/store.hpp"
#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr double kModelTimeoutS = 120;

ToolResult run_model(std::vector<std::string> args,
                     const std::string& db = "/nonexistent/clonebench-model-test.db") {
  args.insert(args.begin(), "model");
  args.insert(args.end(), {"--db", db});
  return run_tool(args, kModelTimeoutS);
}

TEST(ModelCli, PrintsEveryVariantWithIntervalsAsJson) {
  const ToolResult result = run_model({"--rounds", "3", "--json", "-"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto document = nlohmann::json::parse(result.out);
  const auto& variants = document.at("model").at("variants");
  ASSERT_EQ(variants.size(), 26u);
  for (const auto& variant : variants) {
    const double low = variant.at("copy_ns_per_pte").at("ci").at(0);
    const double high = variant.at("copy_ns_per_pte").at("ci").at(1);
    EXPECT_GT(low, 0) << variant.at("name");
    EXPECT_LE(low, high) << variant.at("name");
    EXPECT_GT(variant.at("zap_ns_per_pte").at("estimate").get<double>(), 0);
  }
  EXPECT_TRUE(document.at("mitigations").is_object());
  EXPECT_FALSE(document.contains("kernel")) << "no database, so no stored sweep";
  // Which era this kernel is in, decided as `clonebench kernel` decides it.
  const std::string world = document.at("running_kernel_world").at("world");
  EXPECT_TRUE(world == "pre-c0bff412" || world == "c0bff412" || world == "ef5f379" ||
              world == "fake-head-free" || world == "no-hvo" || world == "unknown")
      << world;
  EXPECT_FALSE(document.at("running_kernel_world").at("basis").get<std::string>().empty());
}

TEST(ModelCli, PrintsATableWithTheMitigationState) {
  const ToolResult result =
      run_model({"--rounds", "3", "--region", "8M", "--mem", "256M", "--variants", "post-keyoff"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("post-outline-keyoff-srso"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("spec_rstack_overflow"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("out-of-line vs always-inline"), std::string::npos) << result.out;
}

// A stored summary is checked against the sweep's schema on read: a fit has both estimates.
nlohmann::json sweep_summary(double create_ns, double low, double high) {
  return {{"fits",
           {{{"phase", "create"},
             {"per_page_ns", {{"estimate", create_ns}, {"ci", {low, high}}}},
             {"fixed_us", {{"estimate", 60.0}, {"ci", {58.0, 62.0}}}}}}}};
}

TEST(ModelCli, PutsTheNewestStoredSweepBesideTheModel) {
  const TempDirectory scratch;
  const std::string db = scratch.file("runs.db");
  {
    Store store(db);
    std::vector<RunRecord> none;
    store.save_experiment({"sweep-old", "sweep", "2026-11-29T10:00:00Z", sweep_summary(50, 45, 55)},
                          none, {});
    store.save_experiment({"sweep-new", "sweep", "2026-11-30T10:00:00Z", sweep_summary(80, 75, 85)},
                          none, {});
    store.save_experiment({"ab-newest", "ab", "2026-12-01T10:00:00Z", sweep_summary(99, 98, 100)},
                          none, {});
  }
  // Both return paths: the call overhead is taken from this machine's own (the SRSO thunk where
  // the kernel uses "Safe RET", a plain ret elsewhere), so a ret-only model had none on such CPUs.
  const ToolResult result = run_model({"--rounds", "3", "--region", "8M", "--mem", "256M",
                                       "--variants", "post-keyoff", "--json", "-"},
                                      db);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto kernel = nlohmann::json::parse(result.out).at("kernel");
  EXPECT_EQ(kernel.at("experiment"), "sweep-new");
  EXPECT_EQ(kernel.at("created_at"), "2026-11-30T10:00:00Z");
  ASSERT_EQ(kernel.at("fits").size(), 1u);
  EXPECT_EQ(kernel.at("fits")[0].at("phase"), "create");
  EXPECT_EQ(kernel.at("fits")[0].at("per_page_ns").at("estimate"), 80.0);
  EXPECT_EQ(kernel.at("fits")[0].at("per_page_ns").at("ci"), nlohmann::json({75.0, 85.0}));
  EXPECT_TRUE(kernel.contains("model_call_overhead_ns")) << kernel.dump();
  const ToolResult table = run_model(
      {"--rounds", "3", "--region", "8M", "--mem", "256M", "--variants", "post-keyoff"}, db);
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("stored sweep sweep-new, 2026-11-30T10:00:00Z"), std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("create       80.0 ns/page [75.0, 85.0]"), std::string::npos)
      << table.out;
}

TEST(ModelCli, RejectsBadOptionsNamingTheFlag) {
  const std::array<std::pair<std::vector<std::string>, const char*>, 8> cases{{
      {{"--mem", "3M"}, "--mem"},
      {{"--mem", "lots"}, "--mem"},
      {{"--region", "1G", "--mem", "1G"}, "--region"},
      {{"--region", "5000"}, "--region"},
      {{"--layout", "spiral"}, "--layout"},
      {{"--thp", "101"}, "--thp"},
      {{"--rounds", "0"}, "--rounds"},
      {{"--variants", "post-outlined"}, "--variants"},
  }};
  for (const auto& [arguments, flag] : cases) {
    const ToolResult result = run_model(arguments);
    EXPECT_EQ(result.exit_code, 2) << flag << ": " << result.err;
    EXPECT_NE(result.err.find(flag), std::string::npos) << flag << ": " << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
}

}  // namespace
}  // namespace clonebench::testing
