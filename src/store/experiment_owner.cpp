#include "store/experiment_owner.hpp"

#include <unistd.h>

#include <optional>
#include <vector>

#include "store/host_identity.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

std::string boot_id() {
  return trim(read_text_file("/proc/sys/kernel/random/boot_id").value_or(""));
}

// Field 22 of /proc/PID/stat, the start time; the fields are counted after the command name,
// which may hold spaces and parentheses and ends at the last ')'.
std::optional<std::string> start_time_of(const std::string& pid) {
  const std::optional<std::string> stat = read_text_file("/proc/" + pid + "/stat");
  if (!stat) {
    return std::nullopt;
  }
  const std::size_t name_end = stat->rfind(')');
  if (name_end == std::string::npos) {
    return std::nullopt;
  }
  std::size_t at = name_end + 1;
  std::string field;
  for (int index = 2; index < 22; ++index) {
    at = stat->find_first_not_of(' ', at);
    const std::size_t end = stat->find(' ', at);
    if (at == std::string::npos) {
      return std::nullopt;
    }
    field = stat->substr(at, end - at);
    at = end;
  }
  return trim(field);
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  for (;;) {
    const std::size_t at = text.find(separator);
    parts.emplace_back(text.substr(0, at));
    if (at == std::string_view::npos) {
      return parts;
    }
    text.remove_prefix(at + 1);
  }
}

}  // namespace

std::string this_process_owner() {
  const std::string pid = std::to_string(::getpid());
  return local_host_identity().machine_hash + "/" + boot_id() + "/" + pid + "/" +
         start_time_of(pid).value_or("");
}

bool owner_is_gone(std::string_view owner) {
  const std::vector<std::string> parts = split(owner, '/');
  if (parts.size() != 4 || parts[1].empty() || parts[2].empty() || parts[3].empty() ||
      parts[2].find_first_not_of("0123456789") != std::string::npos) {
    return false;
  }
  if (parts[1] != boot_id()) {
    // Another boot: this machine's earlier one (its processes are all gone), or another machine.
    return !parts[0].empty() && parts[0] == local_host_identity().machine_hash;
  }
  return start_time_of(parts[2]) != parts[3];
}

}  // namespace clonebench
