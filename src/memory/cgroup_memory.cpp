#include "memory/cgroup_memory.hpp"

#include <fmt/core.h>

#include <charconv>
#include <filesystem>

#include "core/error.hpp"
#include "core/units.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

// The parent and its children, the supervisor and the driver share the cgroup: leave a fifth.
constexpr double kCgroupRoomShare = 0.8;

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) {
      return parts;
    }
    start = end + 1;
  }
}

struct Mount {
  std::string root, point;
};

// The mount of a cgroup2 file system (v2) or of the v1 hierarchy holding "memory".
std::optional<Mount> find_mount(std::string_view mountinfo, bool v2) {
  for (std::string_view line : split(mountinfo, '\n')) {
    const std::vector<std::string_view> fields = split(line, ' ');
    std::size_t dash = 0;
    while (dash < fields.size() && fields[dash] != "-") {
      ++dash;
    }
    if (dash < 6 || dash + 1 >= fields.size()) {
      continue;  // id, parent, device, root, mount point, options, "-", type
    }
    const std::string_view type = fields[dash + 1];
    bool memory = false;
    if (dash + 3 < fields.size()) {
      for (std::string_view option : split(fields[dash + 3], ',')) {
        memory = memory || option == "memory";
      }
    }
    if ((v2 && type == "cgroup2") || (!v2 && type == "cgroup" && memory)) {
      return Mount{std::string(fields[3]), std::string(fields[4])};
    }
  }
  return std::nullopt;
}

// The cgroup path of the v2 line ("0::/path") or of the v1 line naming "memory".
std::optional<std::string> cgroup_path(std::string_view proc_self_cgroup, bool v2) {
  for (std::string_view line : split(proc_self_cgroup, '\n')) {
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string_view::npos ? first : line.find(':', first + 1);
    if (second == std::string_view::npos) {
      continue;
    }
    const std::string_view controllers = line.substr(first + 1, second - first - 1);
    bool memory = false;
    for (std::string_view controller : split(controllers, ',')) {
      memory = memory || controller == "memory";
    }
    if ((v2 && line.substr(0, first) == "0" && controllers.empty()) || (!v2 && memory)) {
      return std::string(line.substr(second + 1));
    }
  }
  return std::nullopt;
}

std::optional<std::uint64_t> read_bytes(const std::string& path) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text) {
    return std::nullopt;
  }
  const std::string value = trim(*text);
  std::uint64_t bytes = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), bytes);
  if (error != std::errc() || end != value.data() + value.size()) {
    return std::nullopt;  // "max": no limit at this level
  }
  return bytes;
}

}  // namespace

std::vector<std::string> memory_cgroup_directories(std::string_view proc_self_cgroup,
                                                   std::string_view mountinfo, bool v2) {
  const std::optional<Mount> mount = find_mount(mountinfo, v2);
  const std::optional<std::string> path = cgroup_path(proc_self_cgroup, v2);
  std::vector<std::string> directories;
  if (!mount || !path || !path->starts_with("/") || !path->starts_with(mount->root)) {
    return directories;
  }
  // Inside a cgroup namespace the path is relative to the mount's root.
  std::filesystem::path relative =
      std::filesystem::path(path->substr(mount->root.size())).relative_path();
  for (;;) {
    const std::filesystem::path directory = std::filesystem::path(mount->point) / relative;
    directories.push_back(directory.lexically_normal().string());
    if (relative.empty()) {
      if (directories.back().size() > 1 && directories.back().ends_with('/')) {
        directories.back().pop_back();
      }
      return directories;
    }
    relative = relative.parent_path();
  }
}

std::optional<CgroupMemoryRoom> cgroup_memory_room() {
  const std::string cgroup = read_text_file("/proc/self/cgroup").value_or("");
  const std::string mountinfo = read_text_file("/proc/self/mountinfo").value_or("");
  std::optional<CgroupMemoryRoom> tightest;
  // Both versions: a hybrid system may mount cgroup2 without its memory controller.
  for (const bool v2 : {true, false}) {
    const char* limit_file = v2 ? "/memory.max" : "/memory.limit_in_bytes";
    const char* usage_file = v2 ? "/memory.current" : "/memory.usage_in_bytes";
    for (const std::string& directory : memory_cgroup_directories(cgroup, mountinfo, v2)) {
      const auto limit = read_bytes(directory + limit_file);
      const auto usage = read_bytes(directory + usage_file);
      // v1 writes "no limit" as a huge number rounded to pages: anything beyond 2^62 is none.
      if (!limit || !usage || *limit >= (std::uint64_t{1} << 62)) {
        continue;
      }
      const CgroupMemoryRoom room{directory, *limit, *usage};
      if (!tightest || room.room_bytes() < tightest->room_bytes()) {
        tightest = room;
      }
    }
  }
  return tightest;
}

void check_cgroup_memory_fits(std::uint64_t bytes, std::uint64_t copies) {
  const std::optional<CgroupMemoryRoom> room = cgroup_memory_room();
  if (!room) {
    return;
  }
  const auto usable =
      static_cast<std::uint64_t>(kCgroupRoomShare * static_cast<double>(room->room_bytes()));
  if (bytes > usable / copies) {
    throw UsageError(fmt::format(
        "--rss: {} × {} instance(s) does not fit in the memory cgroup {}: its limit is {} with "
        "{} in use, and a run may take at most {:.0f} % of the rest ({}); the kernel's OOM "
        "killer would end the run",
        format_size(bytes), copies, room->directory, format_size(room->limit_bytes),
        format_size(room->usage_bytes), kCgroupRoomShare * 100, format_size(usable)));
  }
}

}  // namespace clonebench
