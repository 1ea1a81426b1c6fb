#pragma once
// What a process inherits about signals survives exec: a shell or daemon may start us with
// SIGCHLD ignored (then the kernel reaps our children itself and waiting for them never ends),
// SIGTERM or SIGINT ignored, or any of them blocked. The tool's stop and cleanup logic relies on
// the defaults, so they are put back before anything else runs.

namespace clonebench {

// Sets SIGCHLD, SIGINT, SIGTERM, SIGHUP and SIGPIPE to their default action and unblocks them.
// Throws RuntimeError if the kernel refuses.
void reset_inherited_signal_state();

}  // namespace clonebench
