// `clonebench sweep --folio` on the real kernel (root, multi-size THP): a small folio × VMA
// sweep completes, reports the folio size each point really got, and leaves every THP switch
// as it found it, also when the tool is SIGKILLed in the middle.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "support/machine_lock.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

const std::string kThp = "/sys/kernel/mm/transparent_hugepage";

// The raw text of every per-size `enabled` switch.
std::map<std::string, std::string> thp_switches() {
  std::map<std::string, std::string> switches;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(kThp, error)) {
    const auto path = entry.path() / "enabled";
    if (entry.path().filename().string().rfind("hugepages-", 0) == 0 &&
        std::filesystem::exists(path)) {
      std::ifstream in(path);
      std::stringstream text;
      text << in.rdbuf();
      switches[path.string()] = text.str();
    }
  }
  return switches;
}

bool has_size(const std::string& name) {
  return std::filesystem::exists(kThp + "/" + name + "/enabled");
}

// The THP switches are the machine's: the tests that set them take turns.
class SweepFolio : public ::testing::Test {
 protected:
  MachineLock thp_{"thp-switches"};
  void SetUp() override {
    if (::geteuid() != 0 || !has_size("hugepages-64kB") || !has_size("hugepages-2048kB")) {
      GTEST_SKIP() << "needs root and 64 KiB and 2 MiB anonymous THP sizes";
    }
  }
};

TEST_F(SweepFolio, ASmallSweepRestoresEverySwitchAndReportsTheFolioEachPointGot) {
  const auto before = thp_switches();
  const ToolResult result = run_tool(
      {"sweep", "fork", "--rss", "0,8M", "--folio", "4K,64K,2M", "--vmas", "1,256", "--rounds", "2",
       "--timeout-per-point", "0.05s", "--seed", "4", "--no-store", "--json", "-"},
      120);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(thp_switches(), before);
  EXPECT_TRUE(nothing_left_behind());
  const auto sweep = nlohmann::json::parse(result.out).at("sweep");
  ASSERT_EQ(sweep.at("points").size(), 12u);
  bool some_64k = false;
  for (const auto& point : sweep.at("points")) {
    const auto& folio = point.at("folio");
    if (point.at("rss_bytes") == 0) {
      EXPECT_TRUE(folio.at("materialised").is_null());  // nothing to sample
      continue;
    }
    ASSERT_GT(folio.at("samples").get<std::uint64_t>(), 0u) << point.dump();
    const auto requested = folio.at("requested_bytes").get<std::uint64_t>();
    if (requested == 4096) {
      EXPECT_EQ(folio.at("dominant_bytes"), 4096u);
    }
    // 8 MiB in 256 pieces is 32 KiB a piece: no 64 KiB or 2 MiB folio fits, and it must say so.
    if (point.at("vmas") == 256 && requested > 32768) {
      EXPECT_EQ(folio.at("materialised"), false) << point.dump();
    }
    some_64k |= requested == 65536 && point.at("vmas") == 1 && folio.at("materialised") == true;
  }
  EXPECT_TRUE(some_64k) << "64 KiB folios never materialised in one 8 MiB mapping";
  ASSERT_TRUE(sweep.contains("model"));
  EXPECT_EQ(sweep.at("model").at("phases").size(), 3u);
}

TEST_F(SweepFolio, ASigkillMidSweepLeavesEveryThpSwitchAsItWas) {
  const auto before = thp_switches();
  ToolProcess tool({"sweep", "fork", "--rss", "0,4M", "--folio", "16K,64K", "--rounds", "200",
                    "--timeout-per-point", "0.05s", "--no-store", "--quiet"});
  // Waits (bounded) until the sweep has changed a switch, then kills it without warning.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (thp_switches() == before && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_NE(thp_switches(), before) << "the sweep never set a folio size";
  tool.signal(SIGKILL);
  tool.wait(30);
  // The guardian restores as soon as it sees the tool gone; it and every orphan must end.
  EXPECT_TRUE(orphans_end_by_themselves(20));
  EXPECT_EQ(thp_switches(), before);
}

TEST_F(SweepFolio, RefusesAFolioSizeTheKernelLacksAndABadListNamingTheFlag) {
  for (const char* folio : {"3K", "8K", "4M"}) {
    const ToolResult result =
        run_tool({"sweep", "fork", "--rss", "0,8M", "--folio", folio, "--no-store"}, 30);
    EXPECT_EQ(result.exit_code, 2) << folio;
    EXPECT_NE(result.err.find("--folio"), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty());
  }
}

}  // namespace
}  // namespace clonebench::testing
