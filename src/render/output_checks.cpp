// The checks made before a run, so a bad output path fails in a second, not after the run, and
// an output can never overwrite the run database.
#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"
#include "render/output_file.hpp"
#include "render/output_path.hpp"

namespace clonebench {
namespace {

[[noreturn]] void fail(const std::string& flag, const std::string& path, const std::string& why,
                       int error_number) {
  throw UsageError(fmt::format("{} {}: {}: {}", flag, path, why, std::strerror(error_number)));
}

// Try it: access(W_OK) says yes to root even where no file can be created (/proc, /sys). The
// probe also tries to give the new file the old file's owner, as write_output will.
void probe_directory(const std::string& directory, const ResolvedPath& resolved,
                     const std::string& path, const std::string& flag) {
  struct stat status {};
  if (::stat(directory.c_str(), &status) != 0) {
    fail(flag, path, "directory " + directory, errno);
  }
  if (!S_ISDIR(status.st_mode)) {
    throw UsageError(fmt::format("{} {}: {} is not a directory", flag, path, directory));
  }
  std::string probe = directory + "/.clonebench-check.XXXXXX";
  const int fd = ::mkostemp(probe.data(), O_CLOEXEC);
  if (fd < 0) {
    fail(flag, path, "cannot create a file in " + directory, errno);
  }
  const auto& old = resolved.status;
  const bool owner_kept = !old || (old->st_uid == ::geteuid() && old->st_gid == ::getegid()) ||
                          ::fchown(fd, old->st_uid, old->st_gid) == 0;
  const int error = errno;
  ::close(fd);
  ::unlink(probe.c_str());
  if (!owner_kept) {
    fail(flag, path, fmt::format("cannot keep its owner {}:{}", old->st_uid, old->st_gid), error);
  }
}

// The database file and the files SQLite keeps beside it, named from the path as given and
// from the file it resolves to (SQLite follows a symlinked database to its target).
std::vector<std::pair<std::string, ResolvedPath>> database_files(const std::string& database) {
  std::vector<std::pair<std::string, ResolvedPath>> files;
  if (database.empty() || database == ":memory:") {
    return files;
  }
  std::vector<std::string> bases = {database};
  try {
    bases.push_back(resolve_output_path(database, "--db").target);
  } catch (const UsageError&) {
    // An unusable database path is reported when the store opens it.
  }
  for (const std::string& base : bases) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
      try {
        files.emplace_back(database + suffix, resolve_output_path(base + suffix, "--db"));
      } catch (const UsageError&) {
      }
    }
  }
  return files;
}

}  // namespace

void check_output_path(const std::string& path, const std::string& flag) {
  if (path == "-") {
    return;
  }
  const OutputDestination destination = output_destination(path, flag);
  const ResolvedPath& resolved = destination.resolved;
  if (destination.kind == OutputKind::kStream) {
    if (::access(resolved.target.c_str(), W_OK) != 0) {
      fail(flag, path, "cannot write", errno);
    }
    return;
  }
  const std::string parent = std::filesystem::path(resolved.target).parent_path().string();
  probe_directory(parent.empty() ? "." : parent, resolved, path, flag);
}

void check_output_targets(const std::vector<OutputTarget>& targets,
                          const std::string& database_path) {
  const OutputTarget* to_stdout = nullptr;
  std::vector<std::pair<const OutputTarget*, ResolvedPath>> files;
  for (const OutputTarget& target : targets) {
    if (target.path.empty()) {
      continue;
    }
    if (target.path == "-") {
      if (to_stdout != nullptr) {
        throw UsageError(fmt::format("{} - and {} -: only one output can go to stdout",
                                     to_stdout->flag, target.flag));
      }
      to_stdout = &target;
      continue;
    }
    check_output_path(target.path, target.flag);
    ResolvedPath resolved = resolve_output_path(target.path, target.flag);
    for (const auto& [earlier, earlier_resolved] : files) {
      if (same_file(earlier_resolved, resolved)) {
        throw UsageError(fmt::format("{} {} and {} {}: the same file; give each output its own",
                                     earlier->flag, earlier->path, target.flag, target.path));
      }
    }
    files.emplace_back(&target, std::move(resolved));
  }
  const auto database = database_files(database_path);
  for (const auto& [target, resolved] : files) {
    for (const auto& [name, database_file] : database) {
      if (same_file(resolved, database_file)) {
        throw UsageError(fmt::format(
            "{} {}: is the run database ({}); refusing to overwrite it, give another file",
            target->flag, target->path, name));
      }
    }
  }
}

}  // namespace clonebench
