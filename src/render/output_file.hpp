#pragma once
// Where exporters' bytes go. "-" is stdout. A regular file is replaced atomically (temp file +
// rename in the target's directory, synced, directory synced), so a reader never sees a partial
// file and a failure leaves none behind; it keeps the mode and owner of the file it replaces. A
// symlink is followed: its target is replaced, the link stays. A character device or FIFO
// (/dev/null, a pipe from `>(...)`) is written through, never replaced.

#include <string>
#include <vector>

namespace clonebench {

// Throws UsageError naming `flag` and the path when the path cannot be used (a directory, a
// block device, a missing directory); RuntimeError when writing fails (a full disk).
void write_output(const std::string& path, const std::string& content, const std::string& flag);

// Checks before a run that `path` can be written (its directory exists and takes a new file,
// whose owner can be made the old file's), so a bad --json path fails in a second, not after
// the run. "-" always passes.
void check_output_path(const std::string& path, const std::string& flag);

struct OutputTarget {
  std::string path;  // empty: the flag was not given
  std::string flag;
};

// check_output_path for each target given, then: at most one of them is "-" (stdout carries one
// document), no two name the same file, and none is the run database `database_path` or its
// -wal, -shm or -journal file, compared by device and inode and by resolved path, so symlinks
// and other spellings of the same file are caught. Throws UsageError naming the flags.
void check_output_targets(const std::vector<OutputTarget>& targets,
                          const std::string& database_path);

}  // namespace clonebench
