#pragma once
// Runs the built clonebench for the PostgreSQL tests, bounded in time. Not tests/e2e's
// ToolProcess: that one kills every child of the test process when a tool run ends, and here
// the test cluster's server is such a child.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/temp_directory.hpp"

namespace clonebench::testing {

struct ToolRun {
  int exit_code = -1;  // 128 + signal when killed
  std::string out, err;
};

class StartedTool {
 public:
  // clonebench with `args`.
  explicit StartedTool(const std::vector<std::string>& args)
      : StartedTool(CLONEBENCH_BINARY, args, {}) {}
  // Any program (found in $PATH) with `args`, and `environment` ("NAME=value") added.
  StartedTool(const std::string& program, const std::vector<std::string>& args,
              const std::vector<std::string>& environment) {
    const std::string out = files_.file("out");
    const std::string err = files_.file("err");
    pid_ = ::fork();
    if (pid_ == 0) {
      for (const std::string& setting : environment) {
        ::putenv(const_cast<char*>(setting.c_str()));
      }
      std::vector<char*> argv = {const_cast<char*>(program.c_str())};
      for (const std::string& arg : args) {
        argv.push_back(const_cast<char*>(arg.c_str()));
      }
      argv.push_back(nullptr);
      if (std::freopen("/dev/null", "r", stdin) == nullptr ||
          std::freopen(out.c_str(), "w", stdout) == nullptr ||
          std::freopen(err.c_str(), "w", stderr) == nullptr) {
        ::_exit(127);
      }
      ::execvp(argv[0], argv.data());
      ::_exit(127);
    }
  }
  ~StartedTool() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  StartedTool(const StartedTool&) = delete;
  StartedTool& operator=(const StartedTool&) = delete;

  pid_t pid() const { return pid_; }

  // Waits at most `bound` (then SIGKILL) and collects the output.
  ToolRun finish(std::chrono::seconds bound = std::chrono::seconds(60)) {
    const auto deadline = std::chrono::steady_clock::now() + bound;
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    pid_ = -1;
    ToolRun run;
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.out = read(files_.file("out"));
    run.err = read(files_.file("err"));
    return run;
  }

 private:
  static std::string read(const std::string& path) {
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
  }

  TempDirectory files_;
  pid_t pid_ = -1;
};

inline ToolRun run_tool(const std::vector<std::string>& args) {
  StartedTool tool(args);
  return tool.finish();
}

}  // namespace clonebench::testing
