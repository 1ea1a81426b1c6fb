#include "core/pending_interrupt.hpp"

#include <signal.h>

#include "core/error.hpp"

namespace clonebench {

void throw_if_interrupt_pending() {
  sigset_t pending;
  if (::sigpending(&pending) != 0) {
    return;
  }
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
    if (sigismember(&pending, signal_number) == 1) {
      sigset_t one;
      sigemptyset(&one);
      sigaddset(&one, signal_number);
      const timespec no_wait{0, 0};
      ::sigtimedwait(&one, nullptr, &no_wait);
      throw Interrupted(signal_number);
    }
  }
}

}  // namespace clonebench
