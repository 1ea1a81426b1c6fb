#pragma once
// Where clonebench finds its private programs (clonebench-helper, clonebench-worker): they are
// not commands of their own, so an installed tool keeps them under libexec/clonebench/ and a
// build tree keeps them beside the driver. The lookup is relative to the running executable, so
// a relocated install works without configuration.

#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

// The places searched for `name`, in order: $CLONEBENCH_LIBEXEC_DIR/<name> when that variable is
// set (tests, unusual layouts), <dir of the executable>/<name> (a build tree), then
// <dir of the executable>/../libexec/clonebench/<name> (an installed tree).
std::vector<std::string> private_program_candidates(std::string_view name);

// The first executable candidate. Throws RuntimeError naming every path it looked at when none
// is executable: a missing private program is a broken installation, not a usage error.
std::string find_private_program(std::string_view name);

}  // namespace clonebench
