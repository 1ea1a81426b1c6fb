#include "store/host_identity.hpp"

#include <openssl/evp.h>
#include <sys/random.h>
#include <sys/utsname.h>

#include <array>
#include <cerrno>
#include <fstream>

#include "core/error.hpp"

namespace clonebench {
namespace {

std::string to_hex(const unsigned char* bytes, std::size_t count) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    text += kDigits[bytes[i] >> 4];
    text += kDigits[bytes[i] & 0xf];
  }
  return text;
}

}  // namespace

std::string hash_machine_id(const std::string& machine_id) {
  const std::string keyed = "clonebench:" + machine_id;
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(keyed.data(), keyed.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1) {
    throw RuntimeError("SHA-256 of the machine id failed");
  }
  return to_hex(digest.data(), 16);
}

HostIdentity local_host_identity(const std::string& machine_id_path) {
  HostIdentity identity;
  utsname name{};
  if (::uname(&name) == 0) {
    identity.hostname = name.nodename;
  }
  std::ifstream file(machine_id_path);
  std::string machine_id;
  if (file && std::getline(file, machine_id) && !machine_id.empty()) {
    identity.machine_hash = hash_machine_id(machine_id);
  }
  return identity;
}

std::string new_run_uid() {
  std::array<unsigned char, 16> bytes{};
  std::size_t filled = 0;
  while (filled < bytes.size()) {
    const ssize_t got = ::getrandom(bytes.data() + filled, bytes.size() - filled, 0);
    if (got < 0) {
      if (errno == EINTR) {
        continue;
      }
      throw_errno("getrandom");
    }
    filled += static_cast<std::size_t>(got);
  }
  return to_hex(bytes.data(), bytes.size());
}

}  // namespace clonebench
