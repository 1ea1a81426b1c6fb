#pragma once
// The initramfs of a `clonebench kernels` guest, written as a "newc" cpio archive (the format the
// kernel unpacks into its root file system; see the kernel's
// Documentation/driver-api/early-userspace/buffer-format.rst) by our own code, so no cpio tool
// is needed at run time. Pure: entries in, bytes out.

#include <cstdint>
#include <string>
#include <vector>

namespace clonebench {

struct ArchiveEntry {
  enum class Kind { kDirectory, kFile, kCharDevice };
  Kind kind = Kind::kFile;
  std::string path;  // relative, no leading '/': "init", "dev/console"
  std::uint32_t permissions = 0644;
  std::string data;                                  // kFile only
  std::uint32_t device_major = 0, device_minor = 0;  // kCharDevice only
};

// The archive with a TRAILER!!! entry; every entry owned by root, mtime 0. Throws
// std::invalid_argument on an empty or absolute path, or a file above 4 GiB.
std::string newc_archive(const std::vector<ArchiveEntry>& entries);

}  // namespace clonebench
