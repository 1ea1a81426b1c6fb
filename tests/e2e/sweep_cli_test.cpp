// `clonebench sweep` end to end on the real kernel, kept under ~20 s: a small anon fork sweep
// must find a positive per-page cost whose interval excludes zero; refusals must be clear;
// nothing may be left behind (no child, no temporary file, no stored run with --no-store).

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace {

struct Outcome {
  int exit_code = -1;
  std::string out;
};

// Runs the binary through the shell with stderr folded into stdout when asked.
Outcome run(const std::string& arguments, bool with_stderr) {
  const std::string command =
      std::string(CLONEBENCH_BINARY) + " " + arguments + (with_stderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = ::popen(command.c_str(), "r");
  Outcome outcome;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) {
    outcome.out += buffer.data();
  }
  const int status = ::pclose(pipe);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return outcome;
}

// Processes whose parent is this test process: every clonebench run must have been reaped.
int children_of_this_process() {
  int count = 0;
  DIR* proc = ::opendir("/proc");
  while (dirent* entry = ::readdir(proc)) {
    const std::string stat_path = std::string("/proc/") + entry->d_name + "/stat";
    FILE* stat = std::fopen(stat_path.c_str(), "r");
    if (stat == nullptr) {
      continue;
    }
    int pid = 0, parent = 0;
    char state = 0;
    if (std::fscanf(stat, "%d %*s %c %d", &pid, &state, &parent) == 3 && parent == ::getpid()) {
      ++count;
    }
    std::fclose(stat);
  }
  ::closedir(proc);
  return count;
}

TEST(SweepCli, FindsAPositivePerPageCostForAnonMemory) {
  const Outcome outcome =
      run("sweep fork --rss 0,16M,32M,64M --rounds 3 --timeout-per-point 0.4s --seed 1 --no-store "
          "--json -",
          false);
  ASSERT_EQ(outcome.exit_code, 0) << outcome.out;
  const auto document = nlohmann::json::parse(outcome.out);
  const auto& sweep = document.at("sweep");
  EXPECT_EQ(sweep.at("points").size(), 4u);
  ASSERT_EQ(sweep.at("fits").size(), 3u);
  for (const auto& fit : sweep.at("fits")) {
    const std::string phase = fit.at("phase");
    const auto& slope = fit.at("per_page_ns");
    EXPECT_LE(slope.at("ci")[0].get<double>(), slope.at("estimate").get<double>()) << phase;
    EXPECT_GE(slope.at("ci")[1].get<double>(), slope.at("estimate").get<double>()) << phase;
    EXPECT_TRUE(fit.contains("fixed_us") && fit.contains("r2")) << phase;
    if (phase == "create" || phase == "total") {
      // Fork copies every written anon entry: the cost per page must be real, and physical
      // (well under 10 µs per 4 KiB entry).
      EXPECT_GT(slope.at("ci")[0].get<double>(), 0.0) << phase;
      EXPECT_LT(slope.at("estimate").get<double>(), 10000.0) << phase;
    }
  }
  // 16 MiB of anon memory is 4096 entries; the region must have been really populated.
  const auto& point = sweep.at("points")[1];
  EXPECT_EQ(point.at("rss_bytes").get<std::uint64_t>(), 16u << 20);
  EXPECT_NEAR(point.at("pages").get<double>(), 4096.0, 1.0);
  EXPECT_EQ(children_of_this_process(), 0);
}

TEST(SweepCli, RefusesASizeThatDoesNotFitBeforeRunning) {
  const Outcome outcome = run("sweep fork --rss 0,1024G --no-store", true);
  EXPECT_EQ(outcome.exit_code, 2) << outcome.out;
  EXPECT_NE(outcome.out.find("--rss"), std::string::npos) << outcome.out;
  EXPECT_NE(outcome.out.find("MemAvailable"), std::string::npos) << outcome.out;
}

TEST(SweepCli, ExplainsHowToReserveHugePages) {
  const Outcome outcome = run("sweep fork --rss 0,4M --rss-kind hugetlb --no-store", true);
  if (outcome.exit_code == 0) {
    GTEST_SKIP() << "huge pages are reserved on this machine";
  }
  EXPECT_EQ(outcome.exit_code, 2) << outcome.out;
  EXPECT_NE(outcome.out.find("sysctl vm.nr_hugepages="), std::string::npos) << outcome.out;
}

TEST(SweepCli, RejectsBadArgumentsNamingTheFlag) {
  for (const auto& [arguments, flag] :
       {std::pair{"sweep fork --rss 0:64M", "--rss"}, std::pair{"sweep fork --rss 16M", "--rss"},
        std::pair{"sweep fork --rss 0,16M --rss-kind heap", "--rss-kind"},
        std::pair{"sweep fork --rss 0,16M --rounds 1", "--rounds"},
        std::pair{"sweep fork --rss 0,16M --timeout-per-point x", "--timeout-per-point"}}) {
    const Outcome outcome = run(std::string(arguments) + " --no-store", true);
    EXPECT_EQ(outcome.exit_code, 2) << arguments << ": " << outcome.out;
    EXPECT_NE(outcome.out.find(flag), std::string::npos) << arguments << ": " << outcome.out;
  }
}

}  // namespace
