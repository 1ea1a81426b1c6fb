#pragma once
// A fresh, private directory under $TMPDIR (or /tmp) for one test, removed with everything in it
// when the test ends; and a fixture that gives every test of a suite its own.

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace clonebench::testing {

class TempDirectory {
 public:
  // `name` starts the directory's name, so a leftover says which test made it.
  explicit TempDirectory(const std::string& name = "test") {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base != nullptr && *base != '\0' ? base : "/tmp") +
                          "/clonebench-" + name + "-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error("mkdtemp " + pattern + " failed");
    }
    path_ = pattern;
  }
  ~TempDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDirectory(const TempDirectory&) = delete;
  TempDirectory& operator=(const TempDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // The path of `name` inside the directory (not created).
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // Names of the entries in the directory, for "nothing was left here" checks.
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(path_)) {
      names.push_back(entry.path().filename().string());
    }
    return names;
  }

 private:
  std::filesystem::path path_;
};

// Fixture: `scratch_` is a new empty directory for each test.
class TempDirectoryTest : public ::testing::Test {
 protected:
  TempDirectory scratch_;
};

}  // namespace clonebench::testing
