// `clonebench kernels` end to end, booting two real, different Debian kernels under TCG
// (scripts/fetch_test_kernels.sh fetches them into a cache outside the tree; ./scripts/test.sh
// runs it first). Every test keeps its runs short (300 ms) and its boots few: each TCG boot takes
// 5–20 s on a loaded 2-core machine. Timings are never asserted.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "e2e/command_process.hpp"
#include "e2e/tool_process.hpp"

namespace clonebench::testing {
namespace {

struct TestKernels {
  std::string a, b;
};

// The two images, fetched (or found in the cache) once for all tests.
const TestKernels& test_kernels() {
  static const TestKernels kernels = [] {
    const CommandResult fetched = run_command(
        {std::string(CLONEBENCH_SOURCE_DIR) + "/scripts/fetch_test_kernels.sh"}, {}, {}, 600);
    TestKernels found;
    std::istringstream lines(fetched.out);
    std::getline(lines, found.a);
    std::getline(lines, found.b);
    return found;
  }();
  return kernels;
}

class KernelsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (test_kernels().b.empty()) {
      FAIL() << "scripts/fetch_test_kernels.sh gave no kernel images";
    }
    remove_database(db_);
  }
  void TearDown() override {
    remove_database(db_);
    EXPECT_TRUE(nothing_left_behind());
  }

  ToolResult kernels(const std::string& a, const std::string& b, std::vector<std::string> extra,
                     double timeout_s = 240) {
    std::vector<std::string> args = {
        "kernels", "--a",    a,   "--b",    b,   "fork --timeout 300ms", "--accel", "tcg", "--db",
        db_,       "--json", "-", "--seed", "7", "--warmup-runs",        "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_tool(args, timeout_s);
  }

  std::string db_ = temp_path("kernels.db");
};
// Boots that take most of a minute: left out of the sanitizer pass (tests/CMakeLists.txt).
using KernelsCliBoots = KernelsCli;

// The release a Debian image's file name carries: vmlinuz-6.1.0-57-cloud-amd64.
std::string release_of(const std::string& image) {
  return std::filesystem::path(image).filename().string().substr(std::string("vmlinuz-").size());
}

TEST_F(KernelsCliBoots, ComparesTwoDebianKernelsWithBootsAsTheUnitsAndStoresEveryBoot) {
  const TestKernels& images = test_kernels();
  const ToolResult result = kernels(images.a, images.b, {"--boots", "2", "--runs-per-boot", "2"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["accelerator"], "tcg");
  EXPECT_TRUE(json["emulated"].get<bool>());
  EXPECT_NE(json["notice"].get<std::string>().find("do not represent"), std::string::npos);
  ASSERT_EQ(json["boots"].size(), 4u);
  EXPECT_EQ(json["failed_boots"], 0) << json["boots"].dump(1);
  for (const auto& boot : json["boots"]) {
    const std::string image = boot["image"] == "a" ? images.a : images.b;
    EXPECT_EQ(boot["kernel_release"], release_of(image));
    EXPECT_EQ(boot["runs"], 2);
  }
  EXPECT_EQ(json["a"]["kernel_release"], release_of(images.a));
  EXPECT_EQ(json["b"]["kernel_release"], release_of(images.b));
  const auto& metric = json["comparison"]["metrics"][0];
  EXPECT_EQ(metric["boots"]["design"], "boot-level");
  EXPECT_EQ(metric["boots"]["a"]["boots"], 2);
  EXPECT_EQ(metric["boots"]["b"]["runs"], 4);
  // The stored runs: each with its guest's kernel release, boot id and image.
  for (const char* id : {"1", "8"}) {
    const ToolResult shown = run_tool({"show", id, "--db", db_, "--json", "-"});
    ASSERT_EQ(shown.exit_code, 0) << shown.err;
    const nlohmann::json environment = nlohmann::json::parse(shown.out)["environment"];
    EXPECT_TRUE(environment["kernel_release"] == release_of(images.a) ||
                environment["kernel_release"] == release_of(images.b));
    EXPECT_NE(environment["boot_id"].get<std::string>().find("/boot-"), std::string::npos);
    EXPECT_EQ(environment["guest"]["guest_boot_id"].get<std::string>().size(), 36u);
    EXPECT_EQ(environment["virtualization"]["accelerator"], "tcg");
    EXPECT_EQ(environment["guest"]["image_sha256"].get<std::string>().size(), 64u);
  }
}

TEST_F(KernelsCliBoots, DoesNotCallOneKernelAgainstItselfFasterOrSlower) {
  const std::string image = test_kernels().a;
  const ToolResult result = kernels(image, image, {"--boots", "2", "--runs-per-boot", "2"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  const std::string verdict = json["comparison"]["metrics"][0]["effect"]["verdict"];
  EXPECT_NE(verdict, "faster");
  EXPECT_NE(verdict, "slower");
}

TEST_F(KernelsCli, CountsAnImageThatDoesNotBootAndAGuestThatPanicsAsFailedBoots) {
  // Not a kernel, but with the boot header's magic, so it passes the check; its boot protocol
  // version (0x0100 at 0x206) is too old for an initramfs, so QEMU refuses to load it.
  const std::string bogus = temp_path("bogus-vmlinuz");
  {
    std::string bytes(1 << 16, '\x5a');
    bytes.replace(0x202, 4, "HdrS");
    bytes.replace(0x206, 2, std::string("\x00\x01", 2));
    std::ofstream(bogus, std::ios::binary) << bytes;
  }
  // B's guest is told to fail: its init exits, so the kernel panics.
  const ToolResult result =
      kernels(bogus, test_kernels().b,
              {"--boots", "1", "--runs-per-boot", "1", "--append", "clonebench.fail=exit"});
  // With --bisect, a commit whose kernel never booted is skipped, never judged good.
  const ToolResult bisect =
      kernels(bogus, bogus, {"--boots", "1", "--runs-per-boot", "1", "--bisect", "--no-store"});
  std::remove(bogus.c_str());
  EXPECT_EQ(bisect.exit_code, 125) << bisect.err;
  ASSERT_EQ(result.exit_code, 1) << "no comparison is a failure: " << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["failed_boots"], 2);
  EXPECT_TRUE(json["comparison"].is_null());
  for (const auto& boot : json["boots"]) {
    EXPECT_FALSE(boot["ok"].get<bool>());
    if (boot["image"] == "a") {
      EXPECT_NE(boot["failure"].get<std::string>().find("QEMU:"), std::string::npos) << boot;
    } else {
      EXPECT_EQ(boot["failure"], "the guest kernel panicked");
      EXPECT_NE(boot["last_console_lines"].dump().find("Kernel panic"), std::string::npos);
    }
  }
}

TEST_F(KernelsCli, LeavesNoQemuBehindWhenKilled) {
  const TestKernels& images = test_kernels();
  ToolProcess tool({"kernels", "--a", images.a, "--b", images.b, "fork --timeout 300ms", "--accel",
                    "tcg", "--db", db_, "--boots", "2"});
  // Wait for QEMU to start under the tool (its child, or a grandchild through whatever
  // $CLONEBENCH_QEMU is), then kill the tool outright.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool qemu_seen = false;
  while (!qemu_seen && std::chrono::steady_clock::now() < deadline) {
    for (const ProcessEntry& child : children_of(tool.pid())) {
      qemu_seen = qemu_seen || child.name.starts_with("qemu-system");
      for (const ProcessEntry& grandchild : children_of(child.pid)) {
        qemu_seen = qemu_seen || grandchild.name.starts_with("qemu-system");
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(qemu_seen) << tool.wait(1).err;
  tool.signal(SIGKILL);
  EXPECT_EQ(tool.wait(10).exit_code, 128 + SIGKILL);
  // A QEMU that outlived the tool would be reparented to this test (a subreaper) and is
  // killed by pid there; the test fails either way.
  EXPECT_TRUE(orphans_end_by_themselves(10));
}

TEST_F(KernelsCli, RefusesBadInputNamingTheFlagOrFile) {
  const std::string image = test_kernels().a;
  const std::string text = temp_path("not-a-kernel");
  std::ofstream(text) << "just text\n";
  struct Case {
    std::vector<std::string> args;
    std::vector<std::string> env;
    std::string named;
  };
  const std::vector<Case> cases = {
      {{"kernels", "--a", "/nonexistent/vmlinuz", "--b", image, "fork"},
       {},
       "--a /nonexistent/vmlinuz"},
      {{"kernels", "--a", image, "--b", text, "fork"}, {}, "not a kernel image"},
      {{"kernels", "--a", image, "--b", image, "fork", "--boots", "0"}, {}, "--boots"},
      {{"kernels", "--a", image, "--b", image, "nosuchstressor"}, {}, "SPEC"},
      {{"kernels", "--a", image, "--b", image, "fork"},
       {"CLONEBENCH_QEMU=/nonexistent/qemu"},
       "CLONEBENCH_QEMU"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--db", db_});
    const ToolResult result = run_tool(args, 30, c.env);
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find(c.named), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  std::remove(text.c_str());
}

}  // namespace
}  // namespace clonebench::testing
