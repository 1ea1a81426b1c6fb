// The man pages (man/*.scd, rendered by the build) against the command line they document:
// each renders without a groff warning, every subcommand has one, and every option the CLI
// accepts appears in its command's page. The option list comes from the driver itself
// (`clonebench __cli`), so a new option without documentation fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "e2e/command_process.hpp"

namespace clonebench::testing {
namespace {

nlohmann::json cli_description() {
  const CommandResult result = run_command({CLONEBENCH_BINARY, "__cli"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return nlohmann::json::parse(result.out);
}

std::string page_path(const std::string& command) {
  const std::string page = command.empty() ? "clonebench" : "clonebench-" + command;
  return std::string(CLONEBENCH_MAN_DIR) + "/" + page + ".1";
}

// The rendering of every page source, man/<page>.1.scd (not whatever the build directory holds:
// a page removed from the sources may still lie there).
std::vector<std::string> rendered_pages() {
  std::vector<std::string> pages;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(CLONEBENCH_SOURCE_DIR) + "/man")) {
    if (entry.path().extension() == ".scd") {
      pages.push_back(std::string(CLONEBENCH_MAN_DIR) + "/" + entry.path().stem().string());
    }
  }
  return pages;
}

// The page as a reader sees it, on lines too long to be broken or hyphenated, with groff's
// hyphen and minus glyphs turned back into '-'.
std::string page_text(const std::string& path) {
  const CommandResult result =
      run_command({"groff", "-man", "-Tutf8", "-rLL=1000n", "-rHY=0", "-P-cbou", path});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::string text = result.out;
  for (const std::string glyph : {"\u2010", "\u2212"}) {
    for (std::size_t at = text.find(glyph); at != std::string::npos; at = text.find(glyph, at)) {
      text.replace(at, glyph.size(), "-");
    }
  }
  return text;
}

// The text of section `name`: from its heading to the next heading (a line that starts with a
// capital letter, as groff sets section headings at the left margin).
std::string section(const std::string& text, const std::string& name) {
  const std::size_t begin = text.find("\n" + name + "\n");
  if (begin == std::string::npos) {
    return "";
  }
  std::size_t end = begin + name.size() + 2;
  while (end < text.size() && !std::isupper(static_cast<unsigned char>(text[end]))) {
    end = text.find('\n', end);
    end = end == std::string::npos ? text.size() : end + 1;
  }
  return text.substr(begin, end - begin);
}

// `name` as a whole word: "--fork" is not found inside "--fork-ops".
bool mentions(const std::string& text, const std::string& name) {
  const auto is_word_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-';
  };
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool starts = at == 0 || !is_word_char(text[at - 1]);
    const std::size_t end = at + name.size();
    const bool ends = end == text.size() || !is_word_char(text[end]);
    if (starts && ends) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> option_names(const nlohmann::json& command) {
  std::vector<std::string> names;
  for (const auto& option : command["options"]) {
    for (const auto& name : option["names"]) {
      names.push_back(name.get<std::string>());
    }
  }
  return names;
}

TEST(ManPages, RenderWithoutAnyGroffWarning) {
  const std::vector<std::string> pages = rendered_pages();
  ASSERT_FALSE(pages.empty());
  for (const std::string& page : pages) {
    const CommandResult result = run_command({"groff", "-man", "-Tutf8", "-ww", "-z", page});
    EXPECT_EQ(result.exit_code, 0) << page;
    EXPECT_EQ(result.err, "") << page;
  }
}

TEST(ManPages, ExistForTheToolAndEverySubcommand) {
  const nlohmann::json cli = cli_description();
  const std::vector<std::string> pages = rendered_pages();
  const auto has_page = [&pages](const std::string& command) {
    return std::find(pages.begin(), pages.end(), page_path(command)) != pages.end();
  };
  EXPECT_TRUE(has_page("")) << page_path("");
  for (const auto& command : cli["subcommands"]) {
    const std::string name = command["name"];
    EXPECT_TRUE(has_page(name)) << "clonebench " << name << " has no man page: add man/clonebench-"
                                << name << ".1.scd (docs/packaging.md)";
  }
}

TEST(ManPages, DocumentOnlyCommandsThatExist) {
  std::set<std::string> documented;
  const nlohmann::json cli = cli_description();
  for (const auto& command : cli["subcommands"]) {
    documented.insert(page_path(command["name"]));
  }
  documented.insert(page_path(""));
  for (const std::string& page : rendered_pages()) {
    EXPECT_TRUE(documented.contains(page)) << page << " documents no subcommand of clonebench";
  }
}

TEST(ManPages, DescribeEveryOptionTheCommandAcceptsInOptions) {
  const nlohmann::json cli = cli_description();
  const std::vector<std::string> pages = rendered_pages();
  const std::string tool_page = section(page_text(page_path("")), "OPTIONS");
  for (const std::string& name : option_names(cli)) {
    EXPECT_TRUE(mentions(tool_page, name)) << "clonebench(1) does not describe " << name;
  }
  for (const auto& command : cli["subcommands"]) {
    const std::string path = page_path(command["name"]);
    if (std::find(pages.begin(), pages.end(), path) == pages.end()) {
      continue;  // reported by ExistForTheToolAndEverySubcommand
    }
    const std::string text = section(page_text(path), "OPTIONS");
    for (const std::string& name : option_names(command)) {
      EXPECT_TRUE(mentions(text, name)) << path << " does not describe " << name << " in OPTIONS";
    }
  }
}

TEST(ManPages, HaveTheSectionsAReaderLooksFor) {
  for (const std::string& page : rendered_pages()) {
    const std::string text = page_text(page);
    for (const char* section : {"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS",
                                "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"}) {
      EXPECT_TRUE(text.find("\n" + std::string(section) + "\n") != std::string::npos)
          << page << " has no " << section << " section";
    }
  }
}

TEST(ManPages, AreInstalledGzippedBesideTheirRoffSource) {
  for (const std::string& page : rendered_pages()) {
    const CommandResult result = run_command({"gzip", "-dc", page + ".gz"});
    EXPECT_EQ(result.exit_code, 0) << page;
    EXPECT_EQ(result.out, read_all(page)) << page;
  }
}

// The README's first `man` command must work as typed after its quick start, which builds into
// build/release and installs nothing: "man clonebench-run" said "No manual entry" there.
TEST(ManPages, TheReadmesManCommandWorksAfterTheQuickStart) {
  const std::string readme = read_all(std::string(CLONEBENCH_SOURCE_DIR) + "/README.md");
  const std::size_t start = readme.find("`man ");
  ASSERT_NE(start, std::string::npos) << "the README names no man command";
  const std::string command = readme.substr(start + 1, readme.find('`', start + 1) - start - 1);
  const std::string build_pages = "man -l build/release/man/";
  if (command.rfind(build_pages, 0) == 0) {
    // The quick start's build directory is this build's: the same page, rendered the same way.
    const std::string page =
        std::string(CLONEBENCH_MAN_DIR) + "/" + command.substr(build_pages.size());
    EXPECT_TRUE(std::filesystem::exists(page)) << command;
    EXPECT_NE(page_text(page).find("clonebench-run"), std::string::npos) << command;
  } else {
    const CommandResult found = run_command({"man", "-w", command.substr(4)});
    EXPECT_EQ(found.exit_code, 0) << "`" << command << "` as the README says: " << found.err;
  }
}

}  // namespace
}  // namespace clonebench::testing
