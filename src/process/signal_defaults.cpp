#include "process/signal_defaults.hpp"

#include <signal.h>

#include "core/error.hpp"

namespace clonebench {

void reset_inherited_signal_state() {
  sigset_t relied_on;
  sigemptyset(&relied_on);
  for (const int signal_number : {SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    if (::sigaction(signal_number, &action, nullptr) != 0) {
      throw_errno("sigaction(SIG_DFL)");
    }
    sigaddset(&relied_on, signal_number);
  }
  if (::sigprocmask(SIG_UNBLOCK, &relied_on, nullptr) != 0) {
    throw_errno("sigprocmask(SIG_UNBLOCK)");
  }
}

}  // namespace clonebench
