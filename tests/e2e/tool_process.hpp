#pragma once
// Runs the built clonebench binary for end-to-end tests: captures its output, bounds its time,
// and checks that nothing it started is left behind. The test process makes itself a subreaper,
// so every orphan of the tool is reparented here, where it can be seen and reaped.

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

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

inline std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/clonebench-e2e-" +
         std::to_string(::getpid()) + "-" + name;
}

class ToolProcess {
 public:
  // Starts `clonebench args...` with stdout/stderr redirected to files and no stdin; as the user
  // `as_user` when it is not -1 (the test must be root for that).
  explicit ToolProcess(const std::vector<std::string>& args,
                       const std::vector<std::string>& env = {}, int as_user = -1) {
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
      if (as_user >= 0 &&
          (::setgroups(0, nullptr) != 0 || ::setgid(as_user) != 0 || ::setuid(as_user) != 0)) {
        ::_exit(126);
      }
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(CLONEBENCH_BINARY));
      for (const auto& arg : args) {
        argv.push_back(const_cast<char*>(arg.c_str()));
      }
      argv.push_back(nullptr);
      ::execv(CLONEBENCH_BINARY, argv.data());
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

  // Waits at most `timeout_s`; kills the tool (a test failure) if it takes longer.
  ToolResult wait(double timeout_s = 60) {
    ToolResult result;
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
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
                           const std::vector<std::string>& env = {}, int as_user = -1) {
  ToolProcess tool(args, env, as_user);
  return tool.wait(timeout_s);
}

// Processes whose parent is this test process (orphans of the tool come here), zombies included.
inline std::vector<pid_t> children_of_this_process() {
  std::vector<pid_t> found;
  const pid_t self = ::getpid();
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) {
    return found;
  }
  while (const dirent* entry = ::readdir(proc)) {
    const pid_t pid = static_cast<pid_t>(std::atoi(entry->d_name));
    if (pid <= 0) {
      continue;
    }
    const std::string stat = read_all("/proc/" + std::to_string(pid) + "/stat");
    const std::size_t close = stat.rfind(')');
    if (close == std::string::npos) {
      continue;
    }
    std::istringstream fields(stat.substr(close + 2));
    char state = 0;
    pid_t parent = 0;
    fields >> state >> parent;
    if (parent == self) {
      found.push_back(pid);
    }
  }
  ::closedir(proc);
  return found;
}

// True when, within `timeout_s`, no process started by the tool is left: every orphan that
// reached this subreaper has exited and been reaped here.
inline bool nothing_left_behind(double timeout_s = 10) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  for (;;) {
    while (::waitpid(-1, nullptr, WNOHANG | __WALL) > 0) {
    }
    if (children_of_this_process().empty()) {
      return true;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace clonebench::testing
