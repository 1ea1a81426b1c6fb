#pragma once
// For the --profile tests: whether perf can sample this machine (asked of the tool itself, once),
// fake perf programs, and a scratch directory that must stay empty.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {

// "" when `run --profile` works here; else the tool's own reason (printed by skipping tests).
inline const std::string& profiling_unavailable_reason() {
  static const std::string reason = [] {
    const ToolResult probe =
        run_tool({"run", "fork", "--profile", "--timeout", "0.2", "--no-store"});
    if (probe.exit_code == 0) {
      return std::string();
    }
    return "run --profile does not work here (exit " + std::to_string(probe.exit_code) +
           "): " + probe.err;
  }();
  return reason;
}

#define CLONEBENCH_SKIP_WITHOUT_PERF()                                    \
  if (!profiling_unavailable_reason().empty()) {                          \
    std::printf("skipped: %s\n", profiling_unavailable_reason().c_str()); \
    GTEST_SKIP() << profiling_unavailable_reason();                       \
  }

// Waits at most `timeout_s` until `parent` has a child whose command is `name`; false if none
// came.
inline bool wait_for_child_named(pid_t parent, const std::string& name, double timeout_s) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  while (std::chrono::steady_clock::now() < deadline) {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
      const std::string stat = read_all(entry.path().string() + "/stat");
      const std::size_t open = stat.find('('), close = stat.rfind(')');
      if (open == std::string::npos || close == std::string::npos) {
        continue;
      }
      std::istringstream fields(stat.substr(close + 2));
      char state = 0;
      pid_t ppid = 0;
      fields >> state >> ppid;
      if (ppid == parent && stat.substr(open + 1, close - open - 1) == name) {
        return true;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

// A directory of its own (support/temp_directory.hpp), with programs a test puts on PATH.
class ProfileDirectory {
 public:
  explicit ProfileDirectory(const std::string& name) : directory_(name), path_(directory_.path()) {}
  const std::string& path() const { return path_; }
  bool empty() const { return std::filesystem::is_empty(path_); }
  // Writes an executable script named `name` into the directory.
  void add_program(const std::string& name, const std::string& text) const {
    const std::string file = directory_.file(name);
    std::ofstream(file) << text;
    ::chmod(file.c_str(), 0755);
  }

 private:
  TempDirectory directory_;
  std::string path_;
};

}  // namespace clonebench::testing
