#include <signal.h>

#include "core/error.hpp"
#include "runner/runner.hpp"

namespace clonebench {
namespace {

sigset_t interrupt_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  return set;
}

sigset_t saved_mask;  // the mask before the outermost scope; restored when it ends
int scope_depth = 0;

}  // namespace

SignalScope::SignalScope() {
  if (scope_depth++ > 0) {
    return;
  }
  sigset_t blocked = interrupt_signals();
  sigaddset(&blocked, SIGCHLD);
  ::sigprocmask(SIG_BLOCK, &blocked, &saved_mask);
}

SignalScope::~SignalScope() {
  if (--scope_depth > 0) {
    return;
  }
  ::sigprocmask(SIG_SETMASK, &saved_mask, nullptr);
}

void SignalScope::throw_if_interrupted() {
  const sigset_t set = interrupt_signals();
  const timespec no_wait{0, 0};
  const int signal_number = ::sigtimedwait(&set, nullptr, &no_wait);
  if (signal_number > 0) {
    throw Interrupted(signal_number);
  }
}

}  // namespace clonebench
