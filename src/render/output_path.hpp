#pragma once
// What an output path really names: the file a write would change, after following symlinks
// (including /proc's magic links such as /dev/stdout), whether or not it exists yet.

#include <sys/stat.h>

#include <optional>
#include <string>

namespace clonebench {

struct ResolvedPath {
  std::string target;                 // absolute path of the file the write changes
  std::optional<struct stat> status;  // the target's, when it exists
};

// Throws UsageError naming `flag` and `path` when the path cannot be resolved (a symlink loop, a
// component that is not a directory, no permission to look).
ResolvedPath resolve_output_path(const std::string& path, const std::string& flag);

// True when `a` and `b` are the same file: the same device and inode when both exist, else the
// same resolved path.
bool same_file(const ResolvedPath& a, const ResolvedPath& b);

// Where an output named by a file path goes: a stream (an existing character device or FIFO,
// written through as it is) or a file (an existing regular file, or none yet, replaced whole).
enum class OutputKind { kStream, kFile };
struct OutputDestination {
  OutputKind kind = OutputKind::kFile;
  ResolvedPath resolved;
};
// Throws UsageError naming `flag` and `path` for an empty name, a directory, any other kind of
// file (a socket, a block device) and a path that cannot be resolved. `path` is not "-".
OutputDestination output_destination(const std::string& path, const std::string& flag);

}  // namespace clonebench
