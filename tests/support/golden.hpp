#pragma once
// Golden files: the expected bytes of an output format, kept under tests/golden and compared
// byte for byte. One rule for every test: CLONEBENCH_UPDATE_GOLDEN=1 (exactly "1"; any other
// value is ignored) rewrites the file with the actual output and fails the test, so an update is
// never silent. Review `git diff tests/golden`, then run again without the variable.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace clonebench::testing {

inline std::string golden_path(const std::string& relative) {
  std::string path = CLONEBENCH_GOLDEN_DIR;  // appended in place: see test_data.hpp
  path += '/';
  path += relative;
  return path;
}

inline bool golden_update_requested() {
  const char* value = std::getenv("CLONEBENCH_UPDATE_GOLDEN");
  return value != nullptr && std::string_view(value) == "1";
}

// Compares `actual` with the file at `path` (an absolute path, see golden_path()).
inline void expect_golden_file(const std::string& path, const std::string& actual) {
  if (golden_update_requested()) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << actual;
    ADD_FAILURE() << "rewrote golden file " << path
                  << ": review the diff, then run again without CLONEBENCH_UPDATE_GOLDEN";
    return;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    ADD_FAILURE() << "missing golden file " << path << " (CLONEBENCH_UPDATE_GOLDEN=1 writes it)";
    return;
  }
  std::stringstream expected;
  expected << file.rdbuf();
  EXPECT_EQ(actual, expected.str())
      << "differs from golden file " << path << " (CLONEBENCH_UPDATE_GOLDEN=1 rewrites it)";
}

}  // namespace clonebench::testing
