#include "kernels/newc_archive.hpp"

#include <fmt/core.h>

#include <stdexcept>

namespace clonebench {
namespace {

constexpr std::uint32_t kDirectoryMode = 0040000;
constexpr std::uint32_t kFileMode = 0100000;
constexpr std::uint32_t kCharDeviceMode = 0020000;

void pad_to_four(std::string& out) {
  while (out.size() % 4 != 0) {
    out.push_back('\0');
  }
}

void append_entry(std::string& out, std::uint32_t inode, std::uint32_t mode, std::uint32_t links,
                  const std::string& name, const std::string& data, std::uint32_t rdev_major,
                  std::uint32_t rdev_minor) {
  // magic, ino, mode, uid, gid, nlink, mtime, filesize, devmajor, devminor, rdevmajor,
  // rdevminor, namesize (with its NUL), check.
  out += fmt::format(
      "070701{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}", inode,
      mode, 0, 0, links, 0, static_cast<std::uint32_t>(data.size()), 0, 0, rdev_major, rdev_minor,
      static_cast<std::uint32_t>(name.size() + 1), 0);
  out += name;
  out.push_back('\0');
  pad_to_four(out);
  out += data;
  pad_to_four(out);
}

}  // namespace

std::string newc_archive(const std::vector<ArchiveEntry>& entries) {
  std::string out;
  std::uint32_t inode = 1;
  for (const ArchiveEntry& entry : entries) {
    if (entry.path.empty() || entry.path.front() == '/') {
      throw std::invalid_argument("newc_archive: a relative path is needed, not '" + entry.path +
                                  "'");
    }
    if (entry.data.size() > 0xFFFFFFFFu) {
      throw std::invalid_argument("newc_archive: " + entry.path + " is larger than 4 GiB");
    }
    const std::uint32_t permissions = entry.permissions & 07777;
    switch (entry.kind) {
      case ArchiveEntry::Kind::kDirectory:
        append_entry(out, inode++, kDirectoryMode | permissions, 2, entry.path, {}, 0, 0);
        break;
      case ArchiveEntry::Kind::kFile:
        append_entry(out, inode++, kFileMode | permissions, 1, entry.path, entry.data, 0, 0);
        break;
      case ArchiveEntry::Kind::kCharDevice:
        append_entry(out, inode++, kCharDeviceMode | permissions, 1, entry.path, {},
                     entry.device_major, entry.device_minor);
        break;
    }
  }
  append_entry(out, 0, 0, 1, "TRAILER!!!", {}, 0, 0);
  return out;
}

}  // namespace clonebench
