#pragma once
// Runs the built clonebench binary for end-to-end tests: captures its output, bounds its time,
// and checks that nothing it started is left behind. The test process makes itself a subreaper,
// so every orphan of the tool is reparented here, where it can be seen and reaped.
#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/process_table.hpp"

namespace clonebench::testing {

struct ToolResult {
  int exit_code = -1;  // 128 + signal when killed
  std::string out, err;
};

inline std::string read_all(const std::string& path) {
  std::ifstream file(path);
  std::stringstream buffer;
  buffer << file.rdbuf();
  return buffer.str();
}

// The binary under test: the one built with the tests, or $CLONEBENCH_E2E_BINARY (to see a new
// test fail against an older build).
inline const char* tool_binary() {
  const char* other = std::getenv("CLONEBENCH_E2E_BINARY");
  return other != nullptr && *other != '\0' ? other : CLONEBENCH_BINARY;
}

inline std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/clonebench-e2e-" +
         std::to_string(::getpid()) + "-" + name;
}

// Kills and reaps every child of this process: what a tool killed for a timeout, or found
// leaking, left here, so that the next test in this process starts clean.
inline void kill_and_reap_children_of_this_process() {
  for (const ProcessEntry& entry : children_of(::getpid())) {
    ::kill(entry.pid, SIGKILL);
    ::waitpid(entry.pid, nullptr, __WALL);
  }
}

// Removes a test's SQLite database and the -wal/-shm files beside it: a read-only connection
// (history, show, compare) is often the last to close, and it cannot delete them.
inline void remove_database(const std::string& path) {
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::remove((path + suffix).c_str());
  }
}

// For `in_child`: become user and group `uid`, without supplementary groups (the test must be
// root); a child that cannot is ended with 126.
inline std::function<void()> as_user(int uid) {
  return [uid] {
    if (::setgroups(0, nullptr) != 0 || ::setgid(uid) != 0 || ::setuid(uid) != 0) {
      ::_exit(126);
    }
  };
}

class ToolProcess {
 public:
  // Starts `clonebench args...` with stdout/stderr redirected to files and no stdin.
  // `in_child` runs in the child just before exec (ignore a signal, lower a limit, join a
  // cgroup, drop to another user): what the tool inherits from whoever starts it.
  explicit ToolProcess(const std::vector<std::string>& args,
                       const std::vector<std::string>& env = {},
                       const std::function<void()>& in_child = {}) {
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    static int counter = 0;
    const std::string tag = std::to_string(counter++);
    out_path_ = temp_path("out" + tag);
    err_path_ = temp_path("err" + tag);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setpgid(0, 0);
      const int null_fd = ::open("/dev/null", O_RDONLY);
      const int out_fd = ::open(out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      const int err_fd = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      ::dup2(null_fd, 0);
      ::dup2(out_fd, 1);
      ::dup2(err_fd, 2);
      for (const auto& assignment : env) {
        ::putenv(const_cast<char*>(assignment.c_str()));
      }
      if (in_child) {
        in_child();
      }
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(tool_binary()));
      for (const auto& arg : args) {
        argv.push_back(const_cast<char*>(arg.c_str()));
      }
      argv.push_back(nullptr);
      ::execv(tool_binary(), argv.data());
      ::_exit(127);
    }
  }
  ~ToolProcess() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    std::remove(out_path_.c_str());
    std::remove(err_path_.c_str());
  }
  ToolProcess(const ToolProcess&) = delete;
  ToolProcess& operator=(const ToolProcess&) = delete;

  pid_t pid() const { return pid_; }
  void signal(int signal_number) const { ::kill(pid_, signal_number); }
  // What the tool has written to stderr so far (it is still running).
  std::string err_so_far() const { return read_all(err_path_); }

  // Waits at most `timeout_s`; kills the tool (a test failure) if it takes longer.
  ToolResult wait(double timeout_s = 60) {
    ToolResult result;
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(-pid_, SIGKILL);  // the tool's process group (it was started in its own)
        ::waitpid(pid_, &status, 0);
        kill_and_reap_children_of_this_process();
        result.err = "timed out after " + std::to_string(timeout_s) + " s\n";
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    reaped_ = true;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = read_all(out_path_);
    result.err += read_all(err_path_);
    return result;
  }

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  std::string out_path_, err_path_;
};

inline ToolResult run_tool(const std::vector<std::string>& args, double timeout_s = 60,
                           const std::vector<std::string>& env = {},
                           const std::function<void()>& in_child = {}) {
  ToolProcess tool(args, env, in_child);
  return tool.wait(timeout_s);
}

// What the tool left behind, looked at before anything is reaped: reaping first would hide a
// zombie the tool failed to reap, or an orphan that exits quickly. With this process a
// subreaper, every process the tool started and did not reap is now a child of this process,
// alive or zombie; a tool that ended properly leaves none. Whatever is found is then killed
// and reaped, so that the next test starts clean.
inline ::testing::AssertionResult nothing_left_behind() {
  const std::vector<ProcessEntry> left = children_of(::getpid());
  if (left.empty()) {
    return ::testing::AssertionSuccess();
  }
  kill_and_reap_children_of_this_process();
  return ::testing::AssertionFailure() << "the tool left behind: " << describe(left);
}

// After a SIGKILL the tool cannot clean up: its processes are orphaned to this subreaper and
// must all end by themselves within `timeout_s` (their zombies are then reaped here).
inline ::testing::AssertionResult orphans_end_by_themselves(double timeout_s = 10) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  std::vector<ProcessEntry> alive;
  do {
    alive.clear();
    for (const ProcessEntry& entry : children_of(::getpid())) {
      if (entry.state != 'Z' && entry.state != 'X') {
        alive.push_back(entry);
      }
    }
    if (alive.empty()) {
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } while (std::chrono::steady_clock::now() < deadline);
  kill_and_reap_children_of_this_process();
  if (alive.empty()) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "still alive " << timeout_s << " s after the tool was killed: " << describe(alive);
}

// Evidence that the tool is creating children: process or thread ids that appear below it and
// vanish again (the stressor's children; the tool's own processes stay until the end). Watches
// /proc until `wanted` such ids were seen or `timeout_s` passed; returns how many were seen.
// It returns as soon as they are seen (well under a second here); the long limit is for a
// sanitized tool starting on a loaded machine.
inline std::size_t children_seen_coming_and_going(pid_t tool, std::size_t wanted,
                                                  double timeout_s = 30) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  std::set<pid_t> seen, gone;
  while (gone.size() < wanted && std::chrono::steady_clock::now() < deadline) {
    const std::set<pid_t> now = descendant_tasks_of(tool);
    for (const pid_t id : seen) {
      if (!now.contains(id)) {
        gone.insert(id);
      }
    }
    seen.insert(now.begin(), now.end());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return gone.size();
}

}  // namespace clonebench::testing
