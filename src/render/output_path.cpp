#include "render/output_path.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxSymlinkHops = 40;  // the kernel's own limit (MAXSYMLINKS)

[[noreturn]] void unusable(const std::string& flag, const std::string& path,
                           const std::string& why) {
  throw UsageError(fmt::format("{} {}: {}", flag, path, why));
}

// A path that does not exist yet, or a dangling symlink: follow links by hand to where the file
// would be created.
std::string creation_target(const std::string& path, const std::string& flag) {
  fs::path current = fs::absolute(path);
  for (int hop = 0; hop < kMaxSymlinkHops; ++hop) {
    std::error_code error;
    const fs::path parent = fs::weakly_canonical(current.parent_path(), error);
    if (error) {
      unusable(flag, path, error.message());
    }
    current = parent / current.filename();
    struct stat link {};
    if (::lstat(current.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) {
      return current.lexically_normal().string();
    }
    const fs::path pointee = fs::read_symlink(current, error);
    if (error) {
      unusable(flag, path, error.message());
    }
    current = pointee.is_absolute() ? pointee : parent / pointee;
  }
  unusable(flag, path, std::strerror(ELOOP));
}

}  // namespace

ResolvedPath resolve_output_path(const std::string& path, const std::string& flag) {
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0) {
    ResolvedPath resolved{path, status};
    // Devices and pipes are written through the path as given: /dev/stdout is a magic link
    // whose text ("pipe:[1234]") is no path.
    if (S_ISREG(status.st_mode) || S_ISDIR(status.st_mode)) {
      std::error_code error;
      const fs::path canonical = fs::canonical(path, error);
      resolved.target = error ? fs::absolute(path).lexically_normal().string() : canonical.string();
    }
    return resolved;
  }
  if (errno != ENOENT) {
    unusable(flag, path, std::strerror(errno));
  }
  return ResolvedPath{creation_target(path, flag), std::nullopt};
}

bool same_file(const ResolvedPath& a, const ResolvedPath& b) {
  if (a.status && b.status) {
    return a.status->st_dev == b.status->st_dev && a.status->st_ino == b.status->st_ino;
  }
  return a.target == b.target;
}

OutputDestination output_destination(const std::string& path, const std::string& flag) {
  if (path.empty()) {
    throw UsageError(fmt::format("{}: empty file name", flag));
  }
  OutputDestination destination{OutputKind::kFile, resolve_output_path(path, flag)};
  if (!destination.resolved.status) {
    return destination;
  }
  const mode_t mode = destination.resolved.status->st_mode;
  if (S_ISDIR(mode)) {
    throw UsageError(fmt::format("{} {}: is a directory", flag, path));
  }
  if (S_ISCHR(mode) || S_ISFIFO(mode)) {
    destination.kind = OutputKind::kStream;
  } else if (!S_ISREG(mode)) {
    const char* kind = S_ISBLK(mode)    ? "a block device"
                       : S_ISSOCK(mode) ? "a socket"
                                        : "not a regular file";
    throw UsageError(fmt::format("{} {}: is {}; refusing to write there", flag, path, kind));
  }
  return destination;
}

}  // namespace clonebench
