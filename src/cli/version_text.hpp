#pragma once
// What `clonebench --version` prints: enough to tell which build produced a result.

#include <string>
#include <string_view>

namespace clonebench {

// The version, `commit` (the source it was built from, or "unknown"), the compiler, and the
// version of every format clonebench writes (JSON documents, the run database).
std::string version_text(std::string_view commit);

// The commit the running executable was built from: a git hash with "-dirty" when the tree had
// uncommitted changes, or "unknown" outside git. Defined in a file written at build time
// (cmake/BuildCommit.cmake) and linked into the clonebench executable only, so that a new commit
// relinks the driver and nothing else.
std::string_view build_commit();

}  // namespace clonebench
