// Output is written with interrupts held back (a stored run and its files are whole), so no wait
// while writing may be unbounded: a FIFO nobody reads ends the run with an error after a bound,
// and SIGTERM ends it at once.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <thread>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

bool fifo_error_mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class FifoWithoutReader : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(::mkfifo(fifo_.c_str(), 0600), 0); }
  TempDirectory directory_{"fifo-out"};
  const std::string fifo_ = directory_.file("out.json");
};

// The tool's own bound is 10 s; a hang is what the test's 60 s bound catches.
TEST_F(FifoWithoutReader, RunEndsWithAnErrorNamingTheFlagInsteadOfHanging) {
  const ToolResult result =
      run_tool({"run", "fork", "--timeout", "0.1", "--no-store", "--json", fifo_}, 60);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(fifo_error_mentions(result.err, "--json " + fifo_)) << result.err;
  EXPECT_TRUE(fifo_error_mentions(result.err, "no process opened this FIFO")) << result.err;
  EXPECT_TRUE(nothing_left_behind());
}

TEST_F(FifoWithoutReader, SigtermEndsTheWait) {
  ToolProcess tool({"run", "fork", "--timeout", "0.1", "--no-store", "--json", fifo_});
  // Long enough for the run to be measured and the tool to wait on the FIFO; the signal is
  // taken whenever it comes.
  std::this_thread::sleep_for(std::chrono::seconds(3));
  tool.signal(SIGTERM);
  const ToolResult result = tool.wait(60);
  EXPECT_EQ(result.exit_code, 128 + SIGTERM) << result.err;
  EXPECT_TRUE(nothing_left_behind());
}

}  // namespace
}  // namespace clonebench::testing
