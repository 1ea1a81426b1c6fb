#include "stressors/stress_ng_maps.hpp"

#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <cstring>

namespace clonebench {
namespace {

constexpr std::size_t kReadBytes = 4096;
constexpr std::uint64_t kLargestRangeBytes = 0x80000000ULL;  // stress-ng skips ranges over 2 GiB
constexpr std::uintptr_t kHighestAddress = std::uintptr_t{1} << 63;

std::size_t page_bytes() noexcept {
  return static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

// Calls on_line for every line of the file, reading 4 KiB at a time like fgets over stdio.
template <typename OnLine>
void for_each_line(const char* path, OnLine&& on_line) noexcept {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return;
  }
  std::array<char, 2 * kReadBytes> buffer;
  std::size_t used = 0;
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data() + used, kReadBytes);
    if (got <= 0) {
      break;
    }
    used += static_cast<std::size_t>(got);
    std::size_t begin = 0;
    for (std::size_t i = 0; i < used; ++i) {
      if (buffer[i] == '\n') {
        on_line(std::string_view(buffer.data() + begin, i - begin));
        begin = i + 1;
      }
    }
    std::memmove(buffer.data(), buffer.data() + begin, used - begin);
    used -= begin;
    if (used > kReadBytes) {
      used = 0;  // a line longer than any maps line: not one
    }
  }
  if (used > 0) {
    on_line(std::string_view(buffer.data(), used));
  }
  ::close(fd);
}

bool read_hex(std::string_view& text, std::uint64_t& value) noexcept {
  std::size_t i = 0;
  value = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) {
      break;
    }
    value = value * 16 + static_cast<std::uint64_t>(digit);
  }
  text.remove_prefix(i);
  return i > 0;
}

std::string_view next_field(std::string_view& text) noexcept {
  while (!text.empty() && text.front() == ' ') {
    text.remove_prefix(1);
  }
  const std::size_t end = std::min(text.find(' '), text.size());
  const std::string_view field = text.substr(0, end);
  text.remove_prefix(end);
  return field;
}

void touch_pages(const MapsLine& line, bool write_back) noexcept {
  const std::size_t page = page_bytes();
  for (std::uintptr_t address = line.start; address < line.end; address += page) {
    auto* byte = reinterpret_cast<volatile std::uint8_t*>(address);
    const std::uint8_t value = *byte;
    if (write_back) {
      *byte = value;
    }
  }
}

void proc_maps_path(pid_t pid, std::array<char, 32>& path) noexcept {
  std::array<char, 16> digits{};
  std::size_t count = 0;
  for (auto value = static_cast<unsigned>(pid); count == 0 || value != 0; value /= 10) {
    digits[count++] = static_cast<char>('0' + value % 10);
  }
  std::size_t at = 0;
  for (const char c : std::string_view("/proc/")) {
    path[at++] = c;
  }
  while (count > 0) {
    path[at++] = digits[--count];
  }
  for (const char c : std::string_view("/maps")) {
    path[at++] = c;
  }
  path[at] = '\0';
}

sigjmp_buf page_in_escape;
void leave_page_in(int /*signal_number*/) {
  ::siglongjmp(page_in_escape, 1);
}

void unmap_resident_runs(const MapsLine& line) noexcept {
  const std::size_t page = page_bytes();
  std::array<unsigned char, 1> resident{};
  std::uintptr_t run_start = 0;
  for (std::uintptr_t address = line.start; address <= line.end; address += page) {
    const bool in_core = address < line.end &&
                         ::mincore(reinterpret_cast<void*>(address), page, resident.data()) == 0 &&
                         (resident[0] & 1) != 0;
    if (in_core && run_start == 0) {
      run_start = address;
    } else if (!in_core && run_start != 0) {
      (void)::munmap(reinterpret_cast<void*>(run_start), address - run_start);
      run_start = 0;
    }
  }
}

}  // namespace

bool parse_maps_line(std::string_view line, MapsLine& out) noexcept {
  out = MapsLine{};
  std::uint64_t start = 0, end = 0;
  if (!read_hex(line, start) || line.empty() || line.front() != '-') {
    return false;
  }
  line.remove_prefix(1);
  if (!read_hex(line, end)) {
    return false;
  }
  const std::string_view protection = next_field(line);
  if (protection.size() != 4) {
    return false;
  }
  std::memcpy(out.protection, protection.data(), 4);
  std::string_view offset = next_field(line);
  if (!read_hex(offset, out.offset) || next_field(line).empty() || next_field(line).empty()) {
    return false;
  }
  while (!line.empty() && line.front() == ' ') {
    line.remove_prefix(1);
  }
  out.start = static_cast<std::uintptr_t>(start);
  out.end = static_cast<std::uintptr_t>(end);
  out.path = line;
  return true;
}

bool is_stress_ng_library(std::string_view path) noexcept {
  static constexpr std::array<std::string_view, 23> kLibraries = {
      "libacl.so",      "libapparmor.so",
      "libbsd.so",      "libcrypt.so",
      "libdrm.so",      "libEGL.so",
      "libgbm.so",      "libGLdispatch.so",
      "libGLESv2.so",   "libgmp.so",
      "libIPSec_MB.so", "libjpeg.so",
      "libJudy.so",     "libmd.so",
      "libmpfr.so",     "libpthread.so",
      "libsctp.so",     "libxxhash.so",
      "libz.so",        "libkmod.so",
      "liblzma.so",     "libwayland-server.so",
      "libzstd.so"};
  for (const std::string_view library : kLibraries) {
    if (path.find(library) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

void stress_ng_madvise_all_pages(int advice) noexcept {
  std::array<char, 32> path{};
  proc_maps_path(::getpid(), path);
  char last_path_start = '/';  // stress-ng's path buffer starts as "/proc/<pid>/maps"
  for_each_line(path.data(), [&](std::string_view text) {
    MapsLine line;
    if (!parse_maps_line(text, line) || line.start >= line.end) {
      return;
    }
    if (!line.path.empty()) {
      last_path_start = line.path.front();
    }
    (void)::madvise(reinterpret_cast<void*>(line.start), line.end - line.start, advice);
    if (line.protection[0] == 'r' && last_path_start != '[') {
      touch_pages(line, false);
    }
  });
}

void stress_ng_page_in_self() noexcept {
  struct sigaction escape {};
  escape.sa_handler = leave_page_in;
  struct sigaction old_bus {
  }, old_segv{};
  (void)::sigaction(SIGBUS, &escape, &old_bus);
  (void)::sigaction(SIGSEGV, &escape, &old_segv);
  if (sigsetjmp(page_in_escape, 1) == 0) {
    for_each_line("/proc/self/maps", [](std::string_view text) {
      MapsLine line;
      if (!parse_maps_line(text, line) || line.path.empty() || line.path.starts_with("[v") ||
          line.protection[0] != 'r' || line.start >= line.end || line.start == 0 ||
          line.end - line.start > kLargestRangeBytes) {
        return;
      }
      touch_pages(line, line.protection[1] == 'w');
    });
  }
  (void)::sigaction(SIGBUS, &old_bus, nullptr);
  (void)::sigaction(SIGSEGV, &old_segv, nullptr);
}

void stress_ng_reduce_maps(const MapsReduction& reduction) noexcept {
  const std::size_t page = page_bytes();
  for_each_line("/proc/self/maps", [&](std::string_view text) {
    MapsLine line;
    if (!parse_maps_line(text, line) || line.path.empty() || line.path.starts_with("[v") ||
        (line.protection[2] != 'x' && line.protection[1] != 'w') || line.start >= line.end ||
        line.start == 0 || line.end >= kHighestAddress) {
      return;
    }
    const std::uint64_t length = line.end - line.start;
    if (length < page || length > kLargestRangeBytes) {
      return;
    }
    if (reduction.pageout) {
      (void)::madvise(reinterpret_cast<void*>(line.start), length, MADV_PAGEOUT);
    }
    if (!is_stress_ng_library(line.path)) {
      return;
    }
    if (reduction.drop_libraries) {
      (void)::madvise(reinterpret_cast<void*>(line.start), length, MADV_DONTNEED);
    } else if (reduction.unmap_libraries) {
      unmap_resident_runs(line);
    }
  });
}

}  // namespace clonebench
