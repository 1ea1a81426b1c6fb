#include "perf/perf_script_reader.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <string>

#include "core/error.hpp"
#include "kernel/perf_messages.hpp"

namespace clonebench {
namespace {

constexpr int kScriptDataFd = 3;

// Splits what arrives into lines and hands each one on.
class LineSplitter {
 public:
  explicit LineSplitter(const std::function<void(std::string_view)>& line) : line_(line) {}
  void add(const char* bytes, std::size_t size) {
    pending_.append(bytes, size);
    std::size_t begin = 0;
    for (std::size_t end = pending_.find('\n'); end != std::string::npos;
         end = pending_.find('\n', begin)) {
      line_(std::string_view(pending_).substr(begin, end - begin));
      begin = end + 1;
    }
    pending_.erase(0, begin);
  }
  void finish() {
    if (!pending_.empty()) {
      line_(pending_);
      pending_.clear();
    }
  }

 private:
  const std::function<void(std::string_view)>& line_;
  std::string pending_;
};

}  // namespace

void read_perf_script(const PerfSetup& setup, const UnnamedFile& data,
                      const std::function<void(std::string_view)>& line,
                      const PerfRecording::Poll& poll) {
  int pipe_ends[2] = {-1, -1};
  if (::pipe2(pipe_ends, O_CLOEXEC) != 0) {
    throw_errno("--profile: pipe for perf script");
  }
  const Descriptor output(pipe_ends[0]);
  Descriptor perf_output(pipe_ends[1]);
  UnnamedFile messages("perf script messages");
  TetheredCommand command;
  command.argv = {setup.program, "script",         "-i", fmt::format("/dev/fd/{}", kScriptDataFd),
                  "-F",          kPerfScriptFields};
  command.descriptors = {{data.fd(), kScriptDataFd}};
  command.stdout_fd = perf_output.get();
  command.stderr_fd = messages.fd();
  TetheredProcess script(command);
  perf_output.reset();  // end of file once perf script exits
  const auto failed = [&](const std::string& what) {
    script.kill_and_reap();
    const std::string words = perf_failure_line(messages.read_prefix(4096));
    throw RuntimeError(
        fmt::format("--profile: perf script {}{}", what, words.empty() ? "" : ": " + words));
  };
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(kPerfScriptBoundS);
  LineSplitter splitter(line);
  std::array<char, 65536> buffer{};
  for (;;) {
    pollfd ready{output.get(), POLLIN, 0};
    const int events = ::poll(&ready, 1, 50);
    if (events < 0 && errno != EINTR) {
      throw_errno("--profile: poll on perf script");
    }
    if (events > 0) {
      const ssize_t got = ::read(output.get(), buffer.data(), buffer.size());
      if (got == 0) {
        break;
      }
      if (got > 0) {
        splitter.add(buffer.data(), static_cast<std::size_t>(got));
      }
    }
    if (std::chrono::steady_clock::now() > deadline) {
      failed(fmt::format("did not finish within {:g} s", kPerfScriptBoundS));
    }
    poll();
  }
  splitter.finish();
  // Signal 0 sends nothing: this only waits, bounded, for the exit that follows end of file.
  if (!script.signal_and_wait(0, kPerfSwitchBoundS, poll)) {
    failed("did not exit after its output ended");
  }
  if (script.exit().exit_code != 0) {
    failed(script.exit().signal != 0
               ? fmt::format("was killed by signal {}", script.exit().signal)
               : fmt::format("exited with status {}", script.exit().exit_code));
  }
}

}  // namespace clonebench
