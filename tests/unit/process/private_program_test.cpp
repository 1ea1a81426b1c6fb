// Finding clonebench's private programs: the override directory first, then beside the driver,
// then an installed tree's libexec/clonebench/.
#include "process/private_program.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

class LibexecDirectory : public testing::TempDirectoryTest {
 protected:
  void SetUp() override { ::setenv("CLONEBENCH_LIBEXEC_DIR", dir_.c_str(), 1); }
  void TearDown() override { ::unsetenv("CLONEBENCH_LIBEXEC_DIR"); }
  const std::string dir_ = scratch_.path().string();
};

TEST_F(LibexecDirectory, AnExecutableInTheOverrideDirectoryIsFoundFirst) {
  const std::string path = dir_ + "/clonebench-test-program";
  std::ofstream(path) << "#!/bin/sh\n";
  ASSERT_EQ(::chmod(path.c_str(), 0755), 0);
  EXPECT_EQ(find_private_program("clonebench-test-program"), path);
}

TEST_F(LibexecDirectory, AFileThatIsNotExecutableIsPassedOver) {
  const std::string path = dir_ + "/clonebench-test-program";
  std::ofstream(path) << "#!/bin/sh\n";
  ASSERT_EQ(::chmod(path.c_str(), 0644), 0);
  EXPECT_THROW(find_private_program("clonebench-test-program"), RuntimeError);
}

TEST_F(LibexecDirectory, AMissingProgramIsARuntimeErrorNamingEveryPlaceLookedAt) {
  try {
    find_private_program("clonebench-no-such-program");
    FAIL() << "no exception";
  } catch (const RuntimeError& error) {
    const std::string message = error.what();
    for (const std::string& candidate : private_program_candidates("clonebench-no-such-program")) {
      EXPECT_NE(message.find(candidate), std::string::npos) << message;
    }
    EXPECT_NE(message.find("/../libexec/clonebench/clonebench-no-such-program"), std::string::npos);
  }
}

TEST(PrivateProgram, WithoutTheOverrideTheBuildTreeComesBeforeTheInstalledTree) {
  ::unsetenv("CLONEBENCH_LIBEXEC_DIR");
  const auto candidates = private_program_candidates("x");
  ASSERT_EQ(candidates.size(), 2u);
  EXPECT_EQ(candidates[0].substr(candidates[0].size() - 2), "/x");
  EXPECT_NE(candidates[1].find("/../libexec/clonebench/x"), std::string::npos);
}

}  // namespace
}  // namespace clonebench
