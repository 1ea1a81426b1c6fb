#pragma once

#include <string>

namespace clonebench {

// Now as ISO-8601 UTC with seconds, e.g. "2026-11-29T18:06:42Z".
std::string iso8601_utc_now();

// `uname -r`: the default label of a run.
std::string kernel_release();

}  // namespace clonebench
