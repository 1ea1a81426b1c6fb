#include "kernels/kernel_image.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <openssl/evp.h>
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
  const Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) {
    throw UsageError(
        fmt::format("{} {}: cannot read the kernel image: {}", flag, shown, std::strerror(errno)));
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
    return true;
  });
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
