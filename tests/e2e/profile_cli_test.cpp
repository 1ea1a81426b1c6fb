// `--profile` against the real kernel: where fork's kernel time goes, stored with the run,
// compared only like with like; and the refusals when perf cannot be used.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "profile_support.hpp"

namespace clonebench::testing {
namespace {

std::uint64_t own_path_samples(const nlohmann::json& profile, const std::string& name) {
  for (const auto& path : profile.at("paths")) {
    if (path.at("name") == name) {
      return path.at("own_samples").get<std::uint64_t>();
    }
  }
  ADD_FAILURE() << "no path " << name;
  return 0;
}

TEST(ProfileCli, RunForkProfileShowsThePageTableCopyAndTeardown) {
  CLONEBENCH_SKIP_WITHOUT_PERF();
  const ToolResult result = run_tool(
      {"run", "fork", "--profile", "--timeout", "1", "--rss", "32M", "--json", "-", "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  const auto run = nlohmann::json::parse(result.out).at("runs").at(0);
  const auto& profile = run.at("profile");
  EXPECT_GT(profile.at("samples").get<std::uint64_t>(), 0U);
  EXPECT_GT(profile.at("own_samples").get<std::uint64_t>(), 0U);
  EXPECT_GT(profile.at("window_s").get<double>(), 0.9);
  EXPECT_LT(profile.at("window_s").get<double>(), 30.0);
  EXPECT_GT(own_path_samples(profile, "dup_mm"), 0U) << profile.dump(1);
  EXPECT_GT(own_path_samples(profile, "copy_page_range"), 0U) << profile.dump(1);
  EXPECT_GT(own_path_samples(profile, "exit_mmap"), 0U) << profile.dump(1);
  EXPECT_LE(own_path_samples(profile, "copy_page_range"), own_path_samples(profile, "dup_mm"))
      << "copy_page_range is part of dup_mm";
  EXPECT_FALSE(profile.at("top_kernel_symbols").empty());
}

TEST(ProfileCli, TheTablePrintsTheProfileAfterTheRuns) {
  CLONEBENCH_SKIP_WITHOUT_PERF();
  const ToolResult result =
      run_tool({"run", "fork", "--profile", "--timeout", "0.5", "--rss", "8M", "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const char* part : {"kernel profile of fork", "copy_page_range", "exit_mmap",
                           "kernel functions sampled most in clonebench's processes"}) {
    EXPECT_NE(result.out.find(part), std::string::npos) << part << "\n" << result.out;
  }
}

TEST(ProfileCli, AProfiledRunIsStoredAsSuchAndCompareRefusesToMixItWithAnUnprofiledOne) {
  CLONEBENCH_SKIP_WITHOUT_PERF();
  const std::string db = temp_path("profiled.db");
  ASSERT_EQ(run_tool({"run", "fork", "--profile", "--timeout", "0.3", "--label", "p", "--db", db})
                .exit_code,
            0);
  ASSERT_EQ(run_tool({"run", "fork", "--timeout", "0.3", "--label", "u", "--db", db}).exit_code, 0);
  const ToolResult shown = run_tool({"show", "1", "--db", db, "--json", "-"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_TRUE(nlohmann::json::parse(shown.out).at("runs").at(0).contains("profile"));
  const ToolResult shown_text = run_tool({"show", "1", "--db", db});
  EXPECT_NE(shown_text.out.find("kernel profile of run 1"), std::string::npos) << shown_text.out;
  const ToolResult unprofiled = run_tool({"show", "2", "--db", db, "--json", "-"});
  EXPECT_FALSE(nlohmann::json::parse(unprofiled.out).at("runs").at(0).contains("profile"));

  const ToolResult refused = run_tool({"compare", "p", "u", "--db", db});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("--allow-profiled-mix"), std::string::npos) << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  const ToolResult allowed = run_tool({"compare", "p", "u", "--db", db, "--allow-profiled-mix"});
  EXPECT_NE(allowed.exit_code, 2) << allowed.err;
  EXPECT_NE(allowed.err.find("profiled"), std::string::npos) << allowed.err;
  remove_database(db);
}

TEST(ProfileCli, AbAndSweepProfileEveryRunAndPrintOneProfilePerGroup) {
  CLONEBENCH_SKIP_WITHOUT_PERF();
  const ToolResult ab =
      run_tool({"ab", "fork --timeout 0.2", "--a", "--rss 0", "--b", "--rss 8M", "--pairs", "2",
                "--warmup", "0", "--profile", "--no-store", "--json", "-"},
               120);
  ASSERT_EQ(ab.exit_code == 0 || ab.exit_code == 3 || ab.exit_code == 4, true) << ab.err;
  const auto document = nlohmann::json::parse(ab.out);
  EXPECT_GT(document.at("profiles").at("a").at("samples").get<std::uint64_t>(), 0U);
  EXPECT_GT(document.at("profiles").at("b").at("samples").get<std::uint64_t>(), 0U);
  const ToolResult sweep = run_tool({"sweep", "fork", "--rss", "0,8M", "--rounds", "2",
                                     "--timeout-per-point", "0.2", "--profile", "--no-store"},
                                    120);
  ASSERT_EQ(sweep.exit_code, 0) << sweep.err;
  EXPECT_NE(sweep.out.find("kernel profile at each size"), std::string::npos) << sweep.out;
  EXPECT_NE(sweep.out.find("rss 8 MiB"), std::string::npos) << sweep.out;
  EXPECT_TRUE(nothing_left_behind());
}

TEST(ProfileCli, WithoutPerfItExitsTwoSayingWhatToInstallBeforeMeasuring) {
  const ProfileDirectory empty_path("no-perf-path");
  const std::string json = temp_path("no-perf.json");
  const ToolResult result =
      run_tool({"run", "fork", "--profile", "--timeout", "5", "--no-store", "--json", json}, 30,
               {"PATH=" + empty_path.path()});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--profile: perf is not installed"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("linux-perf"), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_FALSE(std::filesystem::exists(json));
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"sweep", "fork", "--rss", "0,4M", "--profile", "--no-store"},
        std::vector<std::string>{"ab", "fork --timeout 0.1", "--profile", "--no-store"}}) {
    const ToolResult other = run_tool(args, 30, {"PATH=" + empty_path.path()});
    EXPECT_EQ(other.exit_code, 2) << args[0] << ": " << other.err;
    EXPECT_NE(other.err.find("linux-perf"), std::string::npos) << other.err;
  }
}

TEST(ProfileCli, AnUnprivilegedUserIsToldWhichSysctlForbidsIt) {
  if (::geteuid() != 0) {
    GTEST_SKIP() << "needs root to run the tool as another user";
  }
  const std::string paranoid = read_all("/proc/sys/kernel/perf_event_paranoid");
  if (paranoid.empty() || std::stoi(paranoid) <= 0) {
    GTEST_SKIP() << "kernel.perf_event_paranoid allows every user here";
  }
  // As nobody, without root's capabilities: the tool must refuse before measuring anything.
  const ToolResult result = run_tool({"run", "fork", "--profile", "--timeout", "5", "--no-store"},
                                     30, {}, as_user(65534));
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("kernel.perf_event_paranoid is"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("sysctl -w kernel.perf_event_paranoid=0"), std::string::npos);
}

TEST(ProfileCli, AProfileFlagInsideAnAbArmIsRefused) {
  const ToolResult result =
      run_tool({"ab", "fork --timeout 0.1 --profile", "--pairs", "2", "--no-store"});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--profile is not an option of an arm"), std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace clonebench::testing
