// `clonebench kernels --measure instructions` end to end, booting a real Debian kernel under TCG
// with QEMU's icount (scripts/fetch_test_kernels.sh fetches it into a cache outside the tree):
// an A/A is exact enough to be equivalent at ±1 % with 4 boots a side, each side's own command
// line reaches its guests, boots run two at once and none outlives the tool, and the same seed
// counts the same instructions whatever --jobs is. Runs are 0.1 s of the guest's clock (10^8
// instructions), so a boot costs seconds of TCG whatever the host's load does to the counts.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "e2e/command_process.hpp"
#include "e2e/tool_process.hpp"

namespace clonebench::testing {
namespace {

// The first image scripts/fetch_test_kernels.sh gives, fetched once for all tests.
const std::string& test_kernel() {
  static const std::string image = [] {
    const CommandResult fetched = run_command(
        {std::string(CLONEBENCH_SOURCE_DIR) + "/scripts/fetch_test_kernels.sh"}, {}, {}, 600);
    return fetched.out.substr(0, fetched.out.find('\n'));
  }();
  return image;
}

// QEMU processes under the tool (its children, or grandchildren through $CLONEBENCH_QEMU).
std::size_t qemu_count(pid_t tool) {
  std::size_t count = 0;
  for (const ProcessEntry& child : children_of(tool)) {
    count += child.name.starts_with("qemu-system") ? 1 : 0;
    for (const ProcessEntry& grandchild : children_of(child.pid)) {
      count += grandchild.name.starts_with("qemu-system") ? 1 : 0;
    }
  }
  return count;
}

// True until `tool` has ended (it stays unreaped for ToolProcess::wait).
bool still_running(pid_t tool) {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(tool), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == 0;
}

class KernelsInstructions : public ::testing::Test {
 protected:
  void SetUp() override {
    if (test_kernel().empty()) {
      FAIL() << "scripts/fetch_test_kernels.sh gave no kernel image";
    }
    remove_database(db_);
  }
  void TearDown() override {
    remove_database(db_);
    EXPECT_TRUE(nothing_left_behind());
  }

  std::vector<std::string> counted(std::vector<std::string> extra) const {
    std::vector<std::string> args = {
        "kernels",   "--a",          test_kernel(), "--b", test_kernel(), "fork --timeout 0.1s",
        "--measure", "instructions", "--db",        db_,   "--seed",      "11"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }

  std::string db_ = temp_path("kernels-instructions.db");
};
// Eight boots: left out of the sanitizer pass (tests/CMakeLists.txt).
using KernelsInstructionsBoots = KernelsInstructions;

TEST_F(KernelsInstructionsBoots,
       AnAaWithFourBootsASideFindsNoDifferenceAndItsAppendsReachTheGuests) {
  ToolProcess tool(
      counted({"--boots", "4", "--runs-per-boot", "1", "--jobs", "2", "--a-append",
               "clonebench.side=a", "--b-append", "clonebench.side=b", "--json", "-"}));
  std::size_t most_at_once = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(400);
  while (still_running(tool.pid()) && std::chrono::steady_clock::now() < deadline) {
    most_at_once = std::max(most_at_once, qemu_count(tool.pid()));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const ToolResult result = tool.wait(5);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(most_at_once, 2u) << "--jobs 2 boots two guests at once";
  const nlohmann::json json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["measure"], "instructions");
  EXPECT_EQ(json["failed_boots"], 0) << json["boots"].dump(1);
  const nlohmann::json& metric = json["comparison"]["metrics"][0];
  EXPECT_EQ(metric["name"], "guest_instructions_per_op");
  EXPECT_EQ(metric["unit"], "instructions");
  // One image against itself: no difference. Four boots of one short run each do not always
  // resolve ±1 % (one boot of the test kernel may count a few % more), so "equivalent" or
  // "inconclusive", never "more" or "fewer".
  EXPECT_NE(metric["effect"]["verdict"], "more") << metric.dump(1);
  EXPECT_NE(metric["effect"]["verdict"], "fewer") << metric.dump(1);
  for (const char* side : {"a", "b"}) {
    EXPECT_EQ(metric["boots"][side]["boots"], 4);
  }
  // Every stored run's guest saw its side's own word on its command line, and its boot is the
  // experiment's, not the guest kernel's id.
  for (const char* id : {"1", "4", "8"}) {
    const ToolResult shown = run_tool({"show", id, "--db", db_, "--json", "-"});
    ASSERT_EQ(shown.exit_code, 0) << shown.err;
    const nlohmann::json run = nlohmann::json::parse(shown.out);
    const nlohmann::json& environment = run["environment"];
    const std::string label = run["runs"][0]["label"];
    const std::string side = label.substr(label.size() - 1);
    EXPECT_NE(environment["cmdline"].get<std::string>().find("clonebench.side=" + side),
              std::string::npos)
        << environment["cmdline"];
    EXPECT_NE(environment["cmdline"].get<std::string>().find("clonebench.boot_seed="),
              std::string::npos);
    EXPECT_EQ(environment["guest"]["measure"], "instructions");
    EXPECT_NE(environment["boot_id"].get<std::string>().find("/boot-"), std::string::npos);
  }
}

TEST_F(KernelsInstructions, CountsTheSameInstructionsForTheSameSeedWhateverJobsIs) {
  std::vector<nlohmann::json> boots;
  for (const char* jobs : {"1", "2"}) {
    const ToolResult result =
        run_tool(counted({"--boots", "1", "--runs-per-boot", "1", "--warmup-runs", "0", "--jobs",
                          jobs, "--no-store", "--json", "-"}),
                 300);
    // One boot a side: a comparison, inconclusive, so the exit is 0.
    ASSERT_EQ(result.exit_code, 0) << result.err;
    boots.push_back(nlohmann::json::parse(result.out)["boots"]);
  }
  ASSERT_EQ(boots[0].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    ASSERT_TRUE(boots[0][i]["ok"].get<bool>() && boots[1][i]["ok"].get<bool>());
    const double one = boots[0][i]["values"][0]["runs"][0];
    const double two = boots[1][i]["values"][0]["runs"][0];
    EXPECT_NEAR(two / one, 1, 0.0005) << "boot " << i + 1 << ": " << one << " vs " << two;
    EXPECT_EQ(boots[0][i]["boot_seed"], boots[1][i]["boot_seed"]);
  }
}

TEST_F(KernelsInstructions, LeavesNoQemuBehindWhenKilledWithTwoBootsRunning) {
  ToolProcess tool(counted({"--boots", "2", "--jobs", "2"}));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (qemu_count(tool.pid()) < 2 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(qemu_count(tool.pid()), 2u) << tool.wait(1).err;
  tool.signal(SIGKILL);
  EXPECT_EQ(tool.wait(10).exit_code, 128 + SIGKILL);
  // A QEMU that outlived the tool would be reparented to this test (a subreaper) and is
  // killed by pid there; the test fails either way.
  EXPECT_TRUE(orphans_end_by_themselves(10));
}

TEST_F(KernelsInstructions, RefusesBadInputNamingTheFlag) {
  const std::string image = test_kernel();
  const std::string fifo = temp_path("fifo.img");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // A copy of the image whose configuration beside it has no HVO.
  const std::string directory = temp_path("no-hvo");
  std::filesystem::create_directories(directory);
  const std::string no_hvo = directory + "/vmlinuz-6.1.0-0-test";
  std::filesystem::copy_file(image, no_hvo);
  std::ofstream(directory + "/config-6.1.0-0-test") << "CONFIG_HUGETLBFS=y\n";
  struct Case {
    std::vector<std::string> args;
    std::string named;
  };
  const std::vector<Case> cases = {
      {{"kernels", "--a", image, "--b", image, "fork", "--measure", "cycles"}, "--measure"},
      {{"kernels", "--a", image, "--b", image, "fork", "--measure", "instructions", "--jobs", "0"},
       "--jobs"},
      {{"kernels", "--a", image, "--b", image, "fork", "--jobs", "2"}, "--jobs"},
      {{"kernels", "--a", image, "--b", image, "fork", "--b-append", "quiet\x1b[2J"}, "--b-append"},
      {{"kernels", "--a", image, "--b", image, "fork", "--measure", "instructions", "--accel",
        "kvm"},
       "--accel kvm"},
      {{"kernels", "--a", image, "--b", image, "fork", "--measure", "instructions", "--cpus", "2"},
       "--cpus"},
      {{"kernels", "--a", fifo, "--b", image, "fork"}, "--a " + fifo},
      {{"kernels", "--a", image, "--b", "/dev/zero", "fork"}, "--b /dev/zero"},
      {{"kernels", "--a", image, "fork"}, "--b"},
      {{"kernels", "--preset", "hvo-key", "--a", no_hvo}, "CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP"},
      {{"kernels", "--preset", "hvo-key", "--a", image, "--b", image}, "--b"},
      {{"kernels", "--preset", "hvo-key", "--a", image, "fork --rss 512K"}, "--rss"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--db", db_});
    const ToolResult result = run_tool(args, 30);
    EXPECT_EQ(result.exit_code, 2) << c.named << ": " << result.err;
    EXPECT_NE(result.err.find(c.named), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  std::remove(fifo.c_str());
  std::filesystem::remove_all(directory);
}

}  // namespace
}  // namespace clonebench::testing
