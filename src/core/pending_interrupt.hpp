#pragma once
// While a run is stored and its output written, SIGINT, SIGTERM and SIGHUP are blocked (a stored
// run is complete or absent); a wait in that time looks here between short slices, so an
// interrupt still ends it.

namespace clonebench {

// Takes a pending SIGINT, SIGTERM or SIGHUP and throws Interrupted for it; nothing when none is
// pending.
void throw_if_interrupt_pending();

}  // namespace clonebench
