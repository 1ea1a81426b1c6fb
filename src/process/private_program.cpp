#include "process/private_program.hpp"

#include <unistd.h>

#include <cstdlib>

#include "core/error.hpp"
#include "process/process_limits.hpp"

namespace clonebench {

std::vector<std::string> private_program_candidates(std::string_view name) {
  std::vector<std::string> candidates;
  if (const char* dir = std::getenv("CLONEBENCH_LIBEXEC_DIR"); dir != nullptr && *dir != '\0') {
    candidates.push_back(std::string(dir) + "/" + std::string(name));
  }
  const std::string own_dir = executable_directory();
  candidates.push_back(own_dir + "/" + std::string(name));
  candidates.push_back(own_dir + "/../libexec/clonebench/" + std::string(name));
  return candidates;
}

std::string find_private_program(std::string_view name) {
  const std::vector<std::string> candidates = private_program_candidates(name);
  std::string looked;
  for (const std::string& path : candidates) {
    if (::access(path.c_str(), X_OK) == 0) {
      return path;
    }
    looked += (looked.empty() ? "" : ", ") + path;
  }
  throw RuntimeError("cannot find clonebench's private program " + std::string(name) +
                     " (looked for " + looked + "); rebuild or reinstall clonebench");
}

}  // namespace clonebench
