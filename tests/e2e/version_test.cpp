// `clonebench --version` says which build produced a result: version, commit, compiler and the
// formats it writes; and the build names "unknown" for a tree that is not a git work tree.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "e2e/command_process.hpp"
#include "store/schema.hpp"
#include "support/temp_directory.hpp"

namespace clonebench::testing {
namespace {

std::string version_output() {
  const CommandResult result = run_command({CLONEBENCH_BINARY, "--version"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return result.out;
}

// What cmake/write_build_commit.cmake writes for a tree at `source_dir`.
std::string commit_written_for(const std::string& source_dir) {
  TempDirectory dir("build-commit");
  const std::string output = dir.file("build_commit.cpp");
  const CommandResult result =
      run_command({CLONEBENCH_CMAKE, "-DSOURCE_DIR=" + source_dir, "-DOUTPUT=" + output, "-P",
                   std::string(CLONEBENCH_SOURCE_DIR) + "/cmake/write_build_commit.cmake"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const std::string text = read_all(output);
  const std::size_t open = text.find("return \"");
  return open == std::string::npos ? ""
                                   : text.substr(open + 8, text.find('"', open + 8) - open - 8);
}

TEST(Version, NamesTheVersionTheCompilerAndEveryFormatWritten) {
  const std::string text = version_output();
  EXPECT_EQ(text.rfind(std::string("clonebench ") + CLONEBENCH_VERSION + "\n", 0), 0U) << text;
  EXPECT_TRUE(text.find("\ncompiler: gcc ") != std::string::npos ||
              text.find("\ncompiler: clang ") != std::string::npos)
      << text;
  EXPECT_NE(text.find("clonebench/1 (run JSON)"), std::string::npos) << text;
  EXPECT_NE(text.find("clonebench-compare/1 (compare JSON)"), std::string::npos) << text;
  EXPECT_NE(text.find("run database schema " + std::to_string(latest_schema_version()) + "\n"),
            std::string::npos)
      << text;
}

TEST(Version, NamesTheCommitTheSourceIsAt) {
  const CommandResult head = run_command({"git", "-C", CLONEBENCH_SOURCE_DIR, "rev-parse", "HEAD"});
  const std::string text = version_output();
  if (head.exit_code != 0) {
    EXPECT_NE(text.find("\ncommit:   unknown\n"), std::string::npos) << text;
    return;
  }
  const std::string hash = head.out.substr(0, head.out.find('\n'));
  ASSERT_EQ(hash.size(), 40U) << head.out;
  EXPECT_NE(text.find("\ncommit:   " + hash), std::string::npos) << text;
  EXPECT_EQ(commit_written_for(CLONEBENCH_SOURCE_DIR).substr(0, 40), hash);
}

TEST(Version, SaysUnknownForATreeOutsideGit) {
  TempDirectory tree("unpacked-tarball");
  EXPECT_EQ(commit_written_for(tree.path().string()), "unknown");
}

TEST(Version, SaysUnknownForATarballUnpackedInsideAnotherRepository) {
  // docs/ lies inside clonebench's own work tree but is not its top: not "the source's commit".
  EXPECT_EQ(commit_written_for(std::string(CLONEBENCH_SOURCE_DIR) + "/docs"), "unknown");
}

}  // namespace
}  // namespace clonebench::testing
