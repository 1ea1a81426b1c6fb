#pragma once
// The error taxonomy: what went wrong decides the exit code, and main() is the only catch site.

#include <stdexcept>
#include <string>

namespace clonebench {

// Exit codes documented in README.md.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;
// `check`: the machine would disturb a measurement (not a failure of the tool: 1 stays that).
inline constexpr int kExitMachineDisturbing = 5;
// Another process holds what the command needs (the machine-wide settings lock) for longer than
// it was to wait: try again later. 75 is EX_TEMPFAIL of sysexits.h, which says just that.
inline constexpr int kExitBusy = 75;

// A bad flag value, an unknown stressor, a file that cannot be read as what it should be.
// The message names the flag or the file (and line); the tool exits with 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Something failed at run time (a syscall, the database); the tool exits with 1.
class RuntimeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Another process holds what the command needs, past the wait it was allowed; exit 75.
class Busy : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The run was stopped by SIGINT, SIGTERM or SIGHUP; the tool exits with 128 + signal.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal_number)
      : std::runtime_error("interrupted"), signal_number_(signal_number) {}
  int signal_number() const noexcept { return signal_number_; }

 private:
  int signal_number_;
};

// Throws RuntimeError("<what>: <strerror(errno)>").
[[noreturn]] void throw_errno(const std::string& what);
[[noreturn]] void throw_errno(const std::string& what, int error_number);

// "EAGAIN", "ENOMEM", ... for counting failures by name; "E<number>" when unknown.
std::string errno_name(int error_number);

}  // namespace clonebench
