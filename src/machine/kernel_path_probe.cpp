#include "machine/kernel_path_probe.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <string>

#include "sys/capabilities.hpp"
#include "sys/proc_text.hpp"
#include "sys/read_to_end.hpp"
#include "sys/text_file.hpp"

namespace clonebench {

std::string scan_kallsyms_file(const std::filesystem::path& path, KallsymsScanner& scanner) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return std::strerror(errno);
  }
  std::array<char, 65536> buffer{};
  std::string pending;
  const int read_error = read_to_end(fd, buffer, [&](std::string_view chunk) {
    pending.append(chunk);
    std::size_t begin = 0;
    for (std::size_t end = pending.find('\n'); end != std::string::npos;
         end = pending.find('\n', begin)) {
      scanner.add_line(std::string_view(pending).substr(begin, end - begin));
      begin = end + 1;
    }
    pending.erase(0, begin);
    return true;
  });
  ::close(fd);
  if (read_error != 0) {
    return std::strerror(read_error);
  }
  if (!pending.empty()) {
    scanner.add_line(pending);
  }
  return "";
}

KernelPathFacts probe_kernel_path() {
  KernelPathObservation observation;
  KallsymsScanner scanner(watched_function_names(), watched_data_symbol_names());
  observation.kallsyms_error = scan_kallsyms_file("/proc/kallsyms", scanner);
  if (observation.kallsyms_error.empty()) {
    observation.kallsyms = scanner.result();
  }
  const auto restrict_text = read_text_file("/proc/sys/kernel/kptr_restrict");
  observation.kptr_restrict = restrict_text ? parse_integer_text(*restrict_text) : std::nullopt;
  observation.privileged = ::geteuid() == 0 || has_effective_capability(kCapSyslog);
  const auto files = read_directory_files("/sys/devices/system/cpu/vulnerabilities");
  if (files) {
    observation.vulnerabilities = parse_vulnerabilities(*files);
  }
  return derive_kernel_path_facts(observation);
}

}  // namespace clonebench
