// `clonebench model` as a user runs it: a short run printing JSON, and bad options rejected
// with exit code 2 and a message naming the flag.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace {

struct Outcome {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

Outcome run(const std::string& arguments) {
  const std::string command = std::string(CLONEBENCH_BINARY) + " model " + arguments +
                              " --db /nonexistent/clonebench-model-test.db 2>&1";
  Outcome outcome;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    return outcome;
  }
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) {
    outcome.output += buffer.data();
  }
  const int status = pclose(pipe);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return outcome;
}

TEST(ModelCli, PrintsEveryVariantWithIntervalsAsJson) {
  const Outcome outcome = run("--rounds 3 --json -");
  ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
  const auto document = nlohmann::json::parse(outcome.output);
  const auto& variants = document.at("model").at("variants");
  ASSERT_EQ(variants.size(), 24u);
  for (const auto& variant : variants) {
    const double low = variant.at("copy_ns_per_pte").at("ci").at(0);
    const double high = variant.at("copy_ns_per_pte").at("ci").at(1);
    EXPECT_GT(low, 0) << variant.at("name");
    EXPECT_LE(low, high) << variant.at("name");
    EXPECT_GT(variant.at("zap_ns_per_pte").at("estimate").get<double>(), 0);
  }
  EXPECT_TRUE(document.at("mitigations").is_object());
}

TEST(ModelCli, PrintsATableWithTheMitigationState) {
  const Outcome outcome = run("--rounds 3 --region 8M --mem 256M --variants post-keyoff");
  ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
  EXPECT_NE(outcome.output.find("post-outline-keyoff-srso"), std::string::npos);
  EXPECT_NE(outcome.output.find("spec_rstack_overflow"), std::string::npos);
  EXPECT_NE(outcome.output.find("out-of-line vs always-inline"), std::string::npos);
}

TEST(ModelCli, RejectsBadOptionsNamingTheFlag) {
  const std::array<std::pair<const char*, const char*>, 8> cases{{
      {"--mem 3M", "--mem"},
      {"--mem lots", "--mem"},
      {"--region 1G --mem 1G", "--region"},
      {"--region 5000", "--region"},
      {"--layout spiral", "--layout"},
      {"--thp 101", "--thp"},
      {"--rounds 0", "--rounds"},
      {"--variants post-outlined", "--variants"},
  }};
  for (const auto& [arguments, flag] : cases) {
    const Outcome outcome = run(arguments);
    EXPECT_EQ(outcome.exit_code, 2) << arguments << ": " << outcome.output;
    EXPECT_NE(outcome.output.find(flag), std::string::npos) << arguments << ": " << outcome.output;
  }
}

}  // namespace
