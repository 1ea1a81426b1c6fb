#include "kernels/kernel_image.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "sys/descriptor.hpp"
#include "sys/read_to_end.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kHeaderMagicOffset = 0x202;
// A bzImage is a few MiB to a few tens; the boot protocol cannot load more than this anyway.
constexpr std::uint64_t kMaxImageBytes = std::uint64_t{256} << 20;

std::string hex_of(const unsigned char* bytes, unsigned length) {
  std::string hex;
  for (unsigned i = 0; i < length; ++i) {
    hex += fmt::format("{:02x}", bytes[i]);
  }
  return hex;
}

}  // namespace

bool has_boot_header(std::string_view header) {
  return header.size() >= kHeaderMagicOffset + 4 &&
         header.substr(kHeaderMagicOffset, 4) == std::string_view("HdrS", 4);
}

KernelImage check_kernel_image(const std::string& path, const std::string& flag) {
  const std::string shown = printable(path);
  // Only a regular file is an image: opening a FIFO waits for a writer, and a device such as
  // /dev/zero never ends. Checked before opening, and again on what was opened (O_NONBLOCK: a
  // FIFO swapped in between opens at once and is refused).
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0 && !S_ISREG(status.st_mode)) {
    throw UsageError(fmt::format(
        "{} {}: not a regular file (a kernel image is read as a file, not a FIFO, a device or a "
        "directory)",
        flag, shown));
  }
  const Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) {
    throw UsageError(
        fmt::format("{} {}: cannot read the kernel image: {}", flag, shown, std::strerror(errno)));
  }
  if (::fstat(fd.get(), &status) != 0 || !S_ISREG(status.st_mode)) {
    throw UsageError(fmt::format("{} {}: not a regular file", flag, shown));
  }
  if (static_cast<std::uint64_t>(status.st_size) > kMaxImageBytes) {
    throw UsageError(fmt::format("{} {}: {} bytes, more than any kernel image ({} MiB at most)",
                                 flag, shown, status.st_size, kMaxImageBytes >> 20));
  }
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                  &EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1) {
    throw RuntimeError("SHA-256 is not available (OpenSSL)");
  }
  KernelImage image{path, {}, 0};
  std::string header;
  char buffer[65536];
  const int error_number = read_to_end(fd.get(), buffer, [&](std::string_view chunk) {
    if (header.size() < 4096) {
      header.append(chunk.substr(0, 4096));
    }
    image.bytes += chunk.size();
    EVP_DigestUpdate(context.get(), chunk.data(), chunk.size());
    return image.bytes <= kMaxImageBytes;  // a file that grows while read is bounded too
  });
  if (image.bytes > kMaxImageBytes) {
    throw UsageError(fmt::format("{} {}: more than any kernel image ({} MiB at most)", flag, shown,
                                 kMaxImageBytes >> 20));
  }
  if (error_number != 0) {
    throw UsageError(fmt::format("{} {}: cannot read the kernel image: {}", flag, shown,
                                 std::strerror(error_number)));
  }
  if (!has_boot_header(header)) {
    throw UsageError(fmt::format(
        "{} {}: not a kernel image (no x86 boot header \"HdrS\" at offset 0x202; give a bzImage "
        "or vmlinuz, not a vmlinux ELF or a compressed file)",
        flag, shown));
  }
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned length = 0;
  EVP_DigestFinal_ex(context.get(), digest, &length);
  image.sha256 = hex_of(digest, length);
  return image;
}

}  // namespace clonebench
