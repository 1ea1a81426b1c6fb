#include "trace/trace_session.hpp"

#include <fmt/core.h>
#include <signal.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <fstream>
#include <memory>
#include <optional>

#include "core/error.hpp"
#include "core/timestamp.hpp"
#include "process/process_control.hpp"
#include "trace/census_events.hpp"
#include "trace/census_probe.hpp"
#include "trace/traced_command.hpp"

namespace clonebench {
namespace {

constexpr std::int64_t kDrainPeriodNs = 20'000'000;  // docs/trace.md: the ring buffer's drain
constexpr double kGraceS = 2.0;                      // SIGTERM to SIGKILL

std::int64_t monotonic_ns() {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// Blocks the signals the session waits for, for as long as it lives.
class BlockedSignals {
 public:
  BlockedSignals() {
    sigemptyset(&set_);
    for (const int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGCHLD}) {
      sigaddset(&set_, signal_number);
    }
    ::sigprocmask(SIG_BLOCK, &set_, &saved_);
  }
  ~BlockedSignals() { ::sigprocmask(SIG_SETMASK, &saved_, nullptr); }
  BlockedSignals(const BlockedSignals&) = delete;
  BlockedSignals& operator=(const BlockedSignals&) = delete;

  // Waits at most `timeout_ns` for one; returns it, or 0.
  int wait(std::int64_t timeout_ns) const {
    const timespec timeout{timeout_ns / 1'000'000'000, timeout_ns % 1'000'000'000};
    const int signal_number = ::sigtimedwait(&set_, nullptr, &timeout);
    return signal_number > 0 ? signal_number : 0;
  }

 private:
  sigset_t set_{};
  sigset_t saved_{};
};

bool is_interrupt(int signal_number) {
  return signal_number == SIGINT || signal_number == SIGTERM || signal_number == SIGHUP;
}

std::vector<pid_t> live(const std::vector<pid_t>& members) {
  std::vector<pid_t> alive;
  for (const pid_t member : members) {
    if (::kill(member, 0) == 0) {
      alive.push_back(member);
    }
  }
  return alive;
}

// This process's children but `guard`: the command, and orphans of the tree reparented here (a
// member leaves the tree table when it starts to exit, before it can be reaped).
std::vector<pid_t> own_children(pid_t guard) {
  std::ifstream file(fmt::format("/proc/self/task/{}/children", ::getpid()));
  std::vector<pid_t> children;
  for (pid_t child = 0; file >> child;) {
    if (child != guard) {
      children.push_back(child);
    }
  }
  return children;
}

// Stops the tree: SIGTERM, then SIGKILL after the grace period or at a second interrupt, until
// the command, every member left and every orphan reparented here are reaped.
void stop_tree(TracedCommand& command, CensusProbe* probe, pid_t guard,
               const BlockedSignals& signals) {
  auto members = [probe, guard] {
    std::vector<pid_t> all = probe != nullptr ? live(probe->members()) : std::vector<pid_t>{};
    const std::vector<pid_t> children = own_children(guard);
    all.insert(all.end(), children.begin(), children.end());
    return all;
  };
  command.signal_tree(members(), SIGTERM);
  const std::int64_t kill_at = monotonic_ns() + static_cast<std::int64_t>(kGraceS * 1e9);
  bool killed = false;
  for (;;) {
    const bool command_ended = command.reap();
    const std::vector<pid_t> left = members();
    if (command_ended && left.empty()) {
      return;
    }
    if (!killed && monotonic_ns() >= kill_at) {
      command.signal_tree(left, SIGKILL);
      killed = true;
    }
    if (probe != nullptr) {
      probe->drain();
    }
    if (is_interrupt(signals.wait(kDrainPeriodNs)) && !killed) {
      command.signal_tree(members(), SIGKILL);
      killed = true;
    }
  }
}

struct SingleRun {
  TraceRun run;
  int interrupted_by = 0;
  CommandEnd end;
};

// One run; `probe` null: untraced.
SingleRun run_once(const std::vector<std::string>& argv, CensusProbe* probe,
                   const BlockedSignals& signals) {
  SingleRun result;
  result.run.traced = probe != nullptr;
  const struct rusage before = children_usage();
  TracedCommand command(argv);
  std::optional<TreeGuard> guard;
  if (probe != nullptr) {
    probe->add_member(command.pid());
    guard.emplace(probe->tree_fd(), command.pid());
    probe->attach();
  }
  const std::int64_t started_ns = monotonic_ns();
  command.release();
  std::int64_t ended_ns = started_ns;
  while (!command.reap()) {
    const int signal_number = signals.wait(kDrainPeriodNs);
    if (probe != nullptr) {
      probe->drain();
    }
    if (is_interrupt(signal_number)) {
      result.interrupted_by = signal_number;
      stop_tree(command, probe, guard ? guard->pid() : -1, signals);
    }
  }
  ended_ns = monotonic_ns();
  const struct rusage after = children_usage();
  TraceRun& run = result.run;
  run.wall_ns = ended_ns - started_ns;
  run.user_ns = user_time_ns(after) - user_time_ns(before);
  run.sys_ns = system_time_ns(after) - system_time_ns(before);
  run.interrupted = result.interrupted_by != 0;
  // The tree's members still running, and orphans reparented here, are stopped and reaped with
  // the census attached, so that their exits leave the tree table (which the stop reads); what
  // they did after the command ended is not part of its census.
  const pid_t guard_pid = guard ? guard->pid() : -1;
  const std::vector<pid_t> left = probe != nullptr ? live(probe->members()) : std::vector<pid_t>{};
  run.left_running = static_cast<std::uint32_t>(left.size());
  if (!left.empty() || !own_children(guard_pid).empty()) {
    stop_tree(command, probe, guard_pid, signals);
  }
  if (probe != nullptr) {
    probe->drain();
    probe->detach();
    probe->drain();
    run.dropped_events = probe->dropped_events();
    run.dropped_calls = probe->dropped_calls();
    std::vector<census_event> events = probe->take_events();
    std::erase_if(events, [ended_ns](const census_event& event) {
      return static_cast<std::int64_t>(event.start_ns) > ended_ns;
    });
    add_census_events(events, started_ns, static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE)), run);
  }
  result.end = command.end();
  run.exit_code = result.end.exit_code;
  run.exit_signal = result.end.signal;
  return result;
}

TraceCensus census_header(const TraceSettings& settings) {
  TraceCensus census;
  census.command = settings.command;
  census.started_at = iso8601_utc_now();
  struct utsname names {};
  if (::uname(&names) == 0) {
    census.kernel_release = names.release;
    census.host = names.nodename;
  }
  const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
  census.cpus = cpus > 0 ? static_cast<std::uint32_t>(cpus) : 0;
  return census;
}

}  // namespace

TraceOutcome run_trace_session(const TraceSettings& settings,
                               const std::function<void(const TraceRun&)>& on_run) {
  if (const std::string reason = census_unavailable_reason(); !reason.empty()) {
    throw UsageError(reason);
  }
  TraceOutcome outcome;
  outcome.census = census_header(settings);
  const BlockedSignals signals;
  for (std::uint32_t round = 0; round < settings.repeat && outcome.interrupted_by == 0; ++round) {
    // Alternate which comes first, so that neither is always the one with a warm cache.
    std::vector<bool> order{true};
    if (settings.interleave_untraced) {
      order = round % 2 == 0 ? std::vector<bool>{false, true} : std::vector<bool>{true, false};
    }
    for (const bool traced : order) {
      std::unique_ptr<CensusProbe> probe = traced ? std::make_unique<CensusProbe>() : nullptr;
      SingleRun single = run_once(settings.command, probe.get(), signals);
      outcome.command_status = single.end.status();
      outcome.command_signal = single.end.signal;
      outcome.interrupted_by = single.interrupted_by;
      outcome.census.runs.push_back(std::move(single.run));
      on_run(outcome.census.runs.back());
      if (outcome.interrupted_by != 0) {
        break;
      }
    }
  }
  return outcome;
}

}  // namespace clonebench
