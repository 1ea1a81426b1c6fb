// The golden-file rule every format test relies on: only CLONEBENCH_UPDATE_GOLDEN=1 rewrites a
// golden file, and a rewrite fails the test so that it is never mistaken for a pass.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "support/golden.hpp"
#include "support/temp_directory.hpp"

namespace clonebench::testing {
namespace {

std::string contents_of(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// Sets CLONEBENCH_UPDATE_GOLDEN (or unsets it for nullopt) for one scope.
class UpdateVariable {
 public:
  explicit UpdateVariable(std::optional<std::string> value) {
    if (const char* old = std::getenv(kName)) {
      saved_ = old;
    }
    if (value) {
      ::setenv(kName, value->c_str(), 1);
    } else {
      ::unsetenv(kName);
    }
  }
  ~UpdateVariable() {
    if (saved_) {
      ::setenv(kName, saved_->c_str(), 1);
    } else {
      ::unsetenv(kName);
    }
  }
  UpdateVariable(const UpdateVariable&) = delete;
  UpdateVariable& operator=(const UpdateVariable&) = delete;

 private:
  static constexpr const char* kName = "CLONEBENCH_UPDATE_GOLDEN";
  std::optional<std::string> saved_;
};

class GoldenHelper : public TempDirectoryTest {
 protected:
  void SetUp() override { std::ofstream(golden_) << "expected\n"; }
  const std::string golden_ = scratch_.file("output.golden");
};

TEST_F(GoldenHelper, PassesWhenTheOutputMatchesByteForByte) {
  const UpdateVariable unset(std::nullopt);
  expect_golden_file(golden_, "expected\n");
}

TEST_F(GoldenHelper, FailsOnADifferenceAndLeavesTheFileAlone) {
  const UpdateVariable unset(std::nullopt);
  EXPECT_NONFATAL_FAILURE(expect_golden_file(golden_, "actual\n"), "differs from golden file");
  EXPECT_EQ(contents_of(golden_), "expected\n");
}

TEST_F(GoldenHelper, IgnoresAnUpdateVariableThatIsNotExactlyOne) {
  for (const char* value : {"0", "", "yes", "true", "10"}) {
    const UpdateVariable set(std::string{value});
    EXPECT_NONFATAL_FAILURE(expect_golden_file(golden_, "actual\n"), "differs from golden file");
    EXPECT_EQ(contents_of(golden_), "expected\n") << "CLONEBENCH_UPDATE_GOLDEN=" << value;
  }
}

TEST_F(GoldenHelper, RewritesOnlyForOneAndStillFailsSoTheUpdateIsSeen) {
  const UpdateVariable set(std::string{"1"});
  EXPECT_NONFATAL_FAILURE(expect_golden_file(golden_, "actual\n"), "rewrote golden file");
  EXPECT_EQ(contents_of(golden_), "actual\n");
}

TEST_F(GoldenHelper, FailsForAMissingFileWithoutCreatingIt) {
  const UpdateVariable unset(std::nullopt);
  const std::string missing = scratch_.file("missing.golden");
  EXPECT_NONFATAL_FAILURE(expect_golden_file(missing, "x"), "missing golden file");
  EXPECT_FALSE(std::ifstream(missing).good());
}

}  // namespace
}  // namespace clonebench::testing
