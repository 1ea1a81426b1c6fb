#pragma once
// A kernel image given with --a or --b: checked before anything boots (it exists, can be read,
// and is an x86 boot image: "HdrS" at offset 0x202 of the setup header, as every bzImage and
// Debian's vmlinuz carry), and identified by its SHA-256 for the stored runs.

#include <cstdint>
#include <string>
#include <string_view>

namespace clonebench {

struct KernelImage {
  std::string path;    // as given
  std::string sha256;  // hex
  std::uintmax_t bytes = 0;
};

// Throws UsageError naming `flag` and the file when it is missing, unreadable, not a regular file
// (a FIFO or a device is refused before it is read: never waited on), above 256 MiB or not a
// kernel.
KernelImage check_kernel_image(const std::string& path, const std::string& flag);

// True when `header` (the image's first bytes) carries the x86 boot protocol's "HdrS" at 0x202.
bool has_boot_header(std::string_view header);

}  // namespace clonebench
