// The process handle perf runs under: its own group, killed and reaped with everything it
// started when the handle goes away, signals delivered whatever the parent blocks.
#include "process/tethered_process.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <sstream>
#include <thread>

#include "core/error.hpp"
#include "support/process_table.hpp"
#include "sys/descriptor.hpp"

namespace clonebench {
namespace {

// Processes whose process group is `group` (read from /proc, zombies included).
std::size_t members_of_group(pid_t group) {
  std::size_t members = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) {
      continue;
    }
    // A process that exits while its file is read makes the read fail with ESRCH; an iterator
    // over the stream threw then, so the file is read as the process table reads it.
    const std::string text = testing::read_proc_file((entry.path() / "stat").string());
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos) {
      continue;
    }
    std::istringstream fields(text.substr(close + 2));
    char state = 0;
    pid_t parent = 0, pgrp = 0;
    fields >> state >> parent >> pgrp;
    members += pgrp == group ? 1 : 0;
  }
  return members;
}

TetheredCommand shell(const std::string& script) {
  return TetheredCommand{{"/bin/sh", "-c", script}, {}, -1, -1};
}

TEST(TetheredProcess, LeavingScopeKillsAndReapsTheWholeGroup) {
  pid_t group = 0;
  {
    TetheredProcess process(shell("sleep 100 & sleep 100 & wait"));
    group = process.pid();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_EQ(members_of_group(group), 3U) << "the shell and its two sleeps";
  }
  // The sleeps are reaped by init once their shell is gone; give it a moment.
  for (int i = 0; i < 100 && members_of_group(group) != 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(members_of_group(group), 0U);
  EXPECT_EQ(::kill(group, 0), -1);
  EXPECT_EQ(errno, ESRCH);
}

TEST(TetheredProcess, ASignalThisProcessBlocksStillReachesTheChild) {
  sigset_t blocked, previous;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGINT);
  ::sigprocmask(SIG_BLOCK, &blocked, &previous);
  TetheredProcess process(shell("exec sleep 100"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(process.signal_and_wait(SIGINT, 5, {}));
  EXPECT_EQ(process.exit().signal, SIGINT);
  ::sigprocmask(SIG_SETMASK, &previous, nullptr);
}

TEST(TetheredProcess, AChildThatIgnoresTheSignalOutlastsTheBoundAndIsThenKilled) {
  TetheredProcess process(shell("trap '' INT; while :; do sleep 0.05; done"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  int polls = 0;
  const auto started = std::chrono::steady_clock::now();
  EXPECT_FALSE(process.signal_and_wait(SIGINT, 0.3, [&polls] { ++polls; }));
  EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(300));
  EXPECT_GT(polls, 0);
  EXPECT_FALSE(process.ended());
  process.kill_and_reap();
  EXPECT_TRUE(process.ended());
  EXPECT_EQ(process.exit().signal, SIGKILL);
}

TEST(TetheredProcess, DescriptorsArriveUnderTheirNumbersAndNothingElseLeaks) {
  int pipe_ends[2];
  ASSERT_EQ(::pipe2(pipe_ends, O_CLOEXEC), 0);
  const Descriptor read_end(pipe_ends[0]);
  Descriptor write_end(pipe_ends[1]);
  // fd 6 must be closed in the child even though this process may have one open.
  TetheredCommand command = shell("echo hello >&5; ls /proc/self/fd | wc -l >&5");
  command.descriptors = {{write_end.get(), 5}};
  TetheredProcess process(command);
  write_end.reset();
  std::string text;
  char buffer[64];
  for (ssize_t got; (got = ::read(read_end.get(), buffer, sizeof buffer)) > 0;) {
    text.append(buffer, static_cast<std::size_t>(got));
  }
  EXPECT_TRUE(process.signal_and_wait(0, 5, {}));
  EXPECT_EQ(process.exit().exit_code, 0);
  // stdin, stdout, stderr, fd 5, and the directory ls reads: nothing inherited besides.
  EXPECT_EQ(text, "hello\n5\n");
}

// What the child could not do before the exec reaches the caller with its errno (a missing
// program, descriptors beyond a low `ulimit -n`), not as a bare status 127 to guess from.
TEST(TetheredProcess, AProgramThatCannotBeStartedIsARuntimeErrorSayingWhy) {
  try {
    TetheredProcess process(TetheredCommand{{"/nonexistent/perf"}, {}, -1, -1});
    ADD_FAILURE() << "started a missing program";
  } catch (const RuntimeError& error) {
    EXPECT_STREQ(error.what(),
                 "cannot start /nonexistent/perf: could not execute it: No such file or directory");
  }
}

TEST(TetheredProcess, DescriptorsAreParkedJustAboveTheHighestTargetUnderALowLimit) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const rlimit limit{16, 16};
    ::setrlimit(RLIMIT_NOFILE, &limit);
    try {
      TetheredProcess process(shell("exit 3"));
      ::_exit(process.signal_and_wait(0, 5, {}) && process.exit().exit_code == 3 ? 0 : 1);
    } catch (const std::exception&) {
      ::_exit(2);
    }
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
}

}  // namespace
}  // namespace clonebench
