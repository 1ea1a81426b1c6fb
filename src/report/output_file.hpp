#pragma once
// Where exporters' bytes go: "-" is stdout; a path is written atomically (temp file + rename),
// so a reader never sees a partial file and a failure leaves none behind.

#include <string>

namespace clonebench {

// Throws UsageError naming `flag` and the path when the file cannot be written.
void write_output(const std::string& path, const std::string& content, const std::string& flag);

// Checks before a run that `path` can be created (its directory exists and is writable),
// so a bad --json path fails in a second, not after the run. "-" always passes.
void check_output_path(const std::string& path, const std::string& flag);

}  // namespace clonebench
