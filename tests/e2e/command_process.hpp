#pragma once
// Runs any program for end-to-end tests of the installed tool and its package (cmake --install,
// cpack, dpkg-deb, bash, an installed clonebench): captures its output, bounds its time, and
// builds the throw-away directories those tests work in.

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "e2e/tool_process.hpp"

namespace clonebench::testing {

struct CommandResult {
  int exit_code = -1;  // 128 + signal when killed
  std::string out, err;
};

// Runs argv[0] (looked up in PATH) with `env` added to this process's environment and
// `unset` removed from it. Killed (and reported as timed out in `err`) after `timeout_s`.
inline CommandResult run_command(const std::vector<std::string>& argv,
                                 const std::vector<std::string>& env = {},
                                 const std::vector<std::string>& unset = {},
                                 double timeout_s = 120) {
  static int counter = 0;
  const std::string tag = "cmd" + std::to_string(counter++);
  const std::string out_path = temp_path(tag + "-out"), err_path = temp_path(tag + "-err");
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    const int null_fd = ::open("/dev/null", O_RDONLY);
    ::dup2(null_fd, 0);
    ::dup2(::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), 1);
    ::dup2(::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), 2);
    for (const std::string& name : unset) {
      ::unsetenv(name.c_str());
    }
    for (const std::string& assignment : env) {
      ::putenv(const_cast<char*>(assignment.c_str()));
    }
    std::vector<char*> args;
    for (const std::string& arg : argv) {
      args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  CommandResult result;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      result.err = "timed out after " + std::to_string(timeout_s) + " s\n";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = read_all(out_path);
  result.err += read_all(err_path);
  std::filesystem::remove(out_path);
  std::filesystem::remove(err_path);
  return result;
}

// "a,b,c" (how CMake lists reach the tests) as {"a", "b", "c"}.
inline std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t comma = std::min(text.find(',', begin), text.size());
    items.push_back(text.substr(begin, comma - begin));
    begin = comma + 1;
  }
  return items;
}

}  // namespace clonebench::testing
