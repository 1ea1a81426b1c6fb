// Output files: written whole or not at all, and bad paths refused with the flag and the path.
#include "render/output_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

class OutputFile : public testing::TempDirectoryTest {
 protected:
  // Some tests take the permissions away; TempDirectory needs them back to remove the directory.
  void TearDown() override { ::chmod(directory_.c_str(), 0700); }
  std::size_t entries() const {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(directory_), fs::directory_iterator()));
  }
  static std::string read(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
  }
  const fs::path directory_ = scratch_.path();
};

// The message must name both the flag and the path.
template <typename Function>
void expect_usage_error(Function&& function, const std::string& flag, const std::string& path) {
  try {
    function();
    ADD_FAILURE() << "no error for " << path;
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(flag), std::string::npos) << message;
    EXPECT_NE(message.find(path), std::string::npos) << message;
  }
}

TEST_F(OutputFile, WritesTheContentAndLeavesNoTemporaryFile) {
  const fs::path target = directory_ / "out.json";
  write_output(target.string(), "{\"a\": 1}\n", "--json");
  EXPECT_EQ(read(target), "{\"a\": 1}\n");
  EXPECT_EQ(entries(), 1U);
}

TEST_F(OutputFile, ReplacesAnExistingFileWhole) {
  const fs::path target = directory_ / "out.csv";
  write_output(target.string(), std::string(100000, 'x'), "--csv");
  write_output(target.string(), "short\n", "--csv");
  EXPECT_EQ(read(target), "short\n");
  EXPECT_EQ(entries(), 1U);
}

TEST_F(OutputFile, GivesTheFileTheUsualPermissions) {
  const fs::path target = directory_ / "out.yaml";
  const mode_t old_mask = ::umask(022);
  write_output(target.string(), "---\n...\n", "--yaml");
  ::umask(old_mask);
  struct stat status {};
  ASSERT_EQ(::stat(target.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0644U);
}

TEST_F(OutputFile, RefusesAPathUnderAMissingDirectoryAndCreatesNothing) {
  const std::string target = (directory_ / "missing" / "out.json").string();
  expect_usage_error([&] { write_output(target, "x", "--json"); }, "--json", target);
  expect_usage_error([&] { check_output_path(target, "--json"); }, "--json", target);
  EXPECT_EQ(entries(), 0U);
}

TEST_F(OutputFile, RefusesAPathWhereNoFileCanBeCreated) {
  // /proc accepts no new files, even from root (for whom access(W_OK) says yes).
  expect_usage_error([] { check_output_path("/proc/clonebench.json", "--json"); }, "--json",
                     "/proc/clonebench.json");
  expect_usage_error([] { write_output("/proc/clonebench.json", "x", "--json"); }, "--json",
                     "/proc/clonebench.json");
  EXPECT_FALSE(fs::exists("/proc/clonebench.json"));
}

TEST_F(OutputFile, RefusesADirectoryAsTheTargetAndLeavesNoTemporaryFile) {
  fs::create_directory(directory_ / "sub");
  const std::string target = (directory_ / "sub").string();
  expect_usage_error([&] { check_output_path(target, "--csv"); }, "--csv", target);
  expect_usage_error([&] { write_output(target, "x", "--csv"); }, "--csv", target);
  EXPECT_EQ(entries(), 1U);  // only "sub"
}

TEST_F(OutputFile, RefusesAPathBelowARegularFile) {
  write_output((directory_ / "file").string(), "x", "--json");
  const std::string target = (directory_ / "file" / "out.json").string();
  expect_usage_error([&] { check_output_path(target, "--json"); }, "--json", target);
}

TEST_F(OutputFile, AcceptsAWritableDirectoryAndStdoutWithoutCreatingAFile) {
  EXPECT_NO_THROW(check_output_path((directory_ / "out.json").string(), "--json"));
  EXPECT_NO_THROW(check_output_path("-", "--json"));
  EXPECT_EQ(entries(), 0U);
}

TEST_F(OutputFile, RefusesAnEmptyPath) {
  EXPECT_THROW(check_output_path("", "--yaml"), UsageError);
  EXPECT_THROW(write_output("", "x", "--yaml"), UsageError);
}

TEST_F(OutputFile, WritesDashToStandardOutput) {
  ::testing::internal::CaptureStdout();
  write_output("-", "to stdout\n", "--json");
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "to stdout\n");
}

TEST_F(OutputFile, KeepsTheModeAndOwnerOfTheFileItReplaces) {
  const fs::path target = directory_ / "kept.json";
  write_output(target.string(), "old\n", "--json");
  ASSERT_EQ(::chmod(target.c_str(), 0604), 0);
  const bool root = ::geteuid() == 0;
  if (root) {
    ASSERT_EQ(::chown(target.c_str(), 65534, 65534), 0);
  }
  write_output(target.string(), "new\n", "--json");
  struct stat status {};
  ASSERT_EQ(::stat(target.c_str(), &status), 0);
  EXPECT_EQ(read(target), "new\n");
  EXPECT_EQ(status.st_mode & 07777, 0604U);
  if (root) {
    EXPECT_EQ(status.st_uid, 65534U);
    EXPECT_EQ(status.st_gid, 65534U);
  }
}

TEST_F(OutputFile, WritesThroughASymlinkToItsTargetAndKeepsTheLink) {
  const fs::path target = directory_ / "target.yaml";
  const fs::path link = directory_ / "link.yaml";
  fs::create_symlink("target.yaml", link);           // relative, as users make them
  write_output(link.string(), "first\n", "--yaml");  // a dangling link: the target is created
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read(target), "first\n");
  write_output(link.string(), "second\n", "--yaml");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read(target), "second\n");
  EXPECT_EQ(entries(), 2U);
}

TEST_F(OutputFile, RefusesTheDatabaseAndItsCompanionFilesByAnyName) {
  const std::string db = (directory_ / "runs.db").string();
  write_output(db, "a database\n", "--json");
  fs::create_symlink("runs.db", directory_ / "alias.json");
  for (const std::string& target :
       {db, (directory_ / "." / "runs.db").string(), (directory_ / "alias.json").string(),
        db + "-wal", db + "-shm"}) {
    expect_usage_error([&] { check_output_targets({{target, "--json"}}, db); }, "--json", target);
  }
  EXPECT_NO_THROW(check_output_targets({{(directory_ / "other.json").string(), "--json"}}, db));
  EXPECT_EQ(read(db), "a database\n");
}

TEST_F(OutputFile, RefusesTwoOutputsOnStdoutOrOnTheSameFile) {
  EXPECT_THROW(check_output_targets({{"-", "--json"}, {"-", "--yaml"}}, ""), UsageError);
  const std::string file = (directory_ / "out").string();
  EXPECT_THROW(
      check_output_targets({{file, "--json"}, {(directory_ / "." / "out").string(), "--csv"}}, ""),
      UsageError);
  EXPECT_NO_THROW(check_output_targets({{"-", "--json"}, {file, "--csv"}, {"", "--yaml"}}, ""));
}

}  // namespace
}  // namespace clonebench
