#include "perf/perf_recording.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include "core/error.hpp"
#include "kernel/perf_messages.hpp"

namespace clonebench {
namespace {

// The numbers perf sees its descriptors under.
constexpr int kControlFd = 3;
constexpr int kAckFd = 4;
constexpr int kDataFd = 5;

std::vector<std::string> record_arguments(const PerfSetup& setup) {
  return {setup.program,
          "record",
          "-e",
          setup.event,
          "-F",
          fmt::format("{}", setup.frequency_hz),
          "-a",
          "-g",
          "--kernel-callchains",  // only kernel stacks: user frames are not needed
          "-D",
          "-1",  // start with the events disabled
          "--control",
          fmt::format("fd:{},{}", kControlFd, kAckFd),
          "--no-buildid",
          "--no-buildid-cache",
          "-o",
          fmt::format("/dev/fd/{}", kDataFd)};
}

}  // namespace

PerfRecording::PerfRecording(const PerfSetup& setup, const Poll& poll) : setup_(setup) {
  int sockets[2] = {-1, -1};
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
    throw_errno("--profile: socketpair for perf's control");
  }
  control_ = Descriptor(sockets[0]);
  const Descriptor perf_control(sockets[1]);
  int pipe_ends[2] = {-1, -1};
  if (::pipe2(pipe_ends, O_CLOEXEC) != 0) {
    throw_errno("--profile: pipe for perf's acknowledgements");
  }
  ack_ = Descriptor(pipe_ends[0]);
  Descriptor perf_ack(pipe_ends[1]);
  TetheredCommand perf_command;
  perf_command.argv = record_arguments(setup_);
  perf_command.descriptors = {
      {perf_control.get(), kControlFd}, {perf_ack.get(), kAckFd}, {data_.fd(), kDataFd}};
  perf_command.stderr_fd = messages_.fd();
  perf_.emplace(perf_command);
  perf_ack.reset();  // perf holds the only writing end: its exit ends our reads
  command("enable", kPerfStartBoundS, poll);
  opened_at_ = std::chrono::steady_clock::now();
}

void PerfRecording::fail(const std::string& what) {
  perf_->kill_and_reap();
  const std::string words = messages_.read_prefix(4096);
  const std::string line = perf_failure_line(words);
  if (perf_lacks_option(words)) {
    throw UsageError(fmt::format(
        "--profile: {} is too old for --control and -D -1 ({}); install linux-perf 5.10 or newer",
        setup_.program, line));
  }
  throw RuntimeError(fmt::format("--profile: perf {}{}", what, line.empty() ? "" : ": " + line));
}

void PerfRecording::command(const char* word, double bound_s, const Poll& poll) {
  const std::string text = std::string(word) + "\n";
  if (::send(control_.get(), text.data(), text.size(), MSG_NOSIGNAL) !=
      static_cast<ssize_t>(text.size())) {
    fail(fmt::format("did not take the '{}' command", word));
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(bound_s);
  std::string answer;
  while (answer.find("ack") == std::string::npos) {
    pollfd ready{ack_.get(), POLLIN, 0};
    const int events = ::poll(&ready, 1, 20);
    if (events < 0 && errno != EINTR) {
      throw_errno("--profile: poll on perf's acknowledgements");
    }
    if (events > 0) {
      char buffer[64];
      const ssize_t got = ::read(ack_.get(), buffer, sizeof buffer);
      if (got == 0) {
        fail(fmt::format("exited before acknowledging '{}'", word));
      }
      if (got > 0) {
        answer.append(buffer, static_cast<std::size_t>(got));
      }
    }
    if (std::chrono::steady_clock::now() > deadline) {
      fail(fmt::format("did not acknowledge '{}' within {:g} s", word, bound_s));
    }
    poll();
  }
}

double PerfRecording::stop(const Poll& poll) {
  command("disable", kPerfSwitchBoundS, poll);
  const double window_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - opened_at_).count();
  if (!perf_->signal_and_wait(SIGINT, kPerfStopBoundS, poll)) {
    fail(fmt::format("did not stop within {:g} s of SIGINT", kPerfStopBoundS));
  }
  const TetheredExit& exit = perf_->exit();
  // perf ends a SIGINT-stopped recording by re-raising SIGINT after writing its data.
  if (!(exit.exit_code == 0 || exit.signal == SIGINT) || data_.size_bytes() == 0) {
    fail(exit.signal != 0 ? fmt::format("was killed by signal {}", exit.signal)
                          : fmt::format("exited with status {}", exit.exit_code));
  }
  return window_s;
}

}  // namespace clonebench
