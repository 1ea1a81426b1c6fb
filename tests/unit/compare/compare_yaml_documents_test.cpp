// YAML streams are cut into documents before parsing (yaml-cpp 0.7's LoadAll can loop for
// ever): the cut, and the stream fuzzing found, which must be read or refused, not hang.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "compare/input_readers.hpp"
#include "compare/yaml_documents.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

TEST(YamlDocuments, CutsAtStartAndEndMarkersKeepingEveryLine) {
  const auto documents = split_yaml_documents("---\na: 1\n...\n---\nb: 2\n--- # next\nc: 3\n");
  ASSERT_EQ(documents.size(), 3U);
  EXPECT_EQ(documents[0].text, "---\na: 1\n...\n");
  EXPECT_EQ(documents[0].first_line, 0U);
  EXPECT_EQ(documents[1].text, "---\nb: 2\n");
  EXPECT_EQ(documents[1].first_line, 3U);
  EXPECT_EQ(documents[2].text, "--- # next\nc: 3\n");
  EXPECT_EQ(documents[2].first_line, 5U);
}

TEST(YamlDocuments, TextWithoutMarkersIsOneDocumentAndDashesInsideALineAreNotMarkers) {
  const auto documents = split_yaml_documents("a: ---\nb: x---\n----\n");
  ASSERT_EQ(documents.size(), 1U);
  EXPECT_EQ(documents[0].text, "a: ---\nb: x---\n----\n");
  EXPECT_TRUE(split_yaml_documents("").empty());
}

TEST(YamlDocuments, LineNumbersOfErrorsCountFromTheStartOfTheFile) {
  const std::string text =
      "---\nmetrics:\n  - stressor: fork\n    bogo-ops: 1\n...\n---\nmetrics:\n"
      "  - stressor: fork\n    bogo-ops: lots\n";
  try {
    read_stress_ng_yaml("two.yaml", text);
    ADD_FAILURE() << "accepted a non-number";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("two.yaml:9:"), std::string::npos) << error.what();
  }
}

TEST(YamlDocuments, TheStreamThatHungLoadAllIsAnsweredPromptly) {
  std::ifstream file(std::string(CLONEBENCH_SOURCE_DIR) +
                     "/tests/fuzz/corpus/fuzz_stress_ng_yaml/loadall-hang.yaml");
  std::stringstream text;
  text << file.rdbuf();
  ASSERT_FALSE(text.str().empty());
  // In a child, so that a hang fails this test instead of stopping the suite.
  const pid_t child = ::fork();
  if (child == 0) {
    try {
      read_stress_ng_yaml("hang.yaml", text.str());
    } catch (const UsageError&) {
    }
    ::_exit(0);
  }
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (::waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
      FAIL() << "reading the stream did not end";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

}  // namespace
}  // namespace clonebench
