#pragma once
// `perf record` over a window we choose (docs/kernel.md "Profiling"): perf starts with its
// events disabled, and they are switched on and off through its control descriptor, each switch
// acknowledged, so the samples cover exactly the time between enable() returning and stop()
// being called, however long perf itself takes to start (it synthesizes every process first).
// perf runs as a TetheredProcess and writes into an UnnamedFile: nothing of it outlives the tool.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "process/tethered_process.hpp"
#include "sys/descriptor.hpp"
#include "sys/unnamed_file.hpp"

namespace clonebench {

struct PerfSetup {
  std::string program;               // absolute path of perf
  std::string event = "cpu-clock";   // or "cycles" where a hardware PMU exists
  std::uint32_t frequency_hz = 999;  // not 1000: no lock-step with 1 kHz timer ticks
};

// The bounds of every wait on perf, in seconds.
inline constexpr double kPerfStartBoundS = 60;   // start and first acknowledgement
inline constexpr double kPerfSwitchBoundS = 10;  // later acknowledgements
inline constexpr double kPerfStopBoundS = 30;    // SIGINT until it has written its data

class PerfRecording {
 public:
  using Poll = std::function<void()>;  // called while waiting; may throw (e.g. Interrupted)

  // Starts perf and enables its events; returns when perf has acknowledged: the window is open.
  // Throws RuntimeError with perf's own words when it fails or does not answer in time.
  PerfRecording(const PerfSetup& setup, const Poll& poll);
  // Kills perf if it still runs (an error or an interrupt came before stop()).
  ~PerfRecording() = default;
  PerfRecording(const PerfRecording&) = delete;
  PerfRecording& operator=(const PerfRecording&) = delete;

  // Closes the window (disables the events and waits for the acknowledgement), then stops perf
  // with SIGINT and waits, bounded, for it to write its data. Returns the window in seconds.
  double stop(const Poll& poll);
  const UnnamedFile& data() const noexcept { return data_; }

 private:
  void command(const char* word, double bound_s, const Poll& poll);
  [[noreturn]] void fail(const std::string& what);

  PerfSetup setup_;
  UnnamedFile data_{"perf samples"};
  UnnamedFile messages_{"perf messages"};
  Descriptor control_;                   // our end of perf's control socket
  Descriptor ack_;                       // perf writes "ack" here after each command
  std::optional<TetheredProcess> perf_;  // last member: destroyed (killed) first
  std::chrono::steady_clock::time_point opened_at_;
};

}  // namespace clonebench
