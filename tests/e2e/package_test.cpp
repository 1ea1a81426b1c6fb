// `cpack -G DEB` from this build: the package holds what `cmake --install` installs, under /usr,
// depends on the package of every shared library its programs load, and runs every stressor
// when unpacked (`dpkg -x`) into a throw-away root. Nothing is installed on this machine.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "e2e/command_process.hpp"
#include "support/temp_directory.hpp"

namespace clonebench::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    lines.push_back(line);
  }
  return lines;
}

std::string trimmed(const std::string& text) {
  const std::size_t begin = text.find_first_not_of(" \n");
  const std::size_t end = text.find_last_not_of(" \n");
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

// The package that installed `library`, asked of dpkg under each name the file may be
// registered with: as the loader found it or resolved, with or without the /usr prefix
// (Debian 12 merged /lib into /usr/lib, but packages still register either path).
std::string owning_package(const std::string& library) {
  std::vector<std::string> names;
  for (const std::string& path : {library, fs::canonical(library).string()}) {
    names.push_back(path);
    names.push_back(path.starts_with("/usr/") ? path.substr(4) : "/usr" + path);
  }
  for (const std::string& name : names) {
    const CommandResult owner = run_command({"dpkg-query", "-S", name});
    if (owner.exit_code == 0) {
      return owner.out.substr(0, owner.out.find(':'));
    }
  }
  return "";
}

class DebianPackage : public ::testing::Test {
 protected:
  void SetUp() override {
    if (CLONEBENCH_PACKAGE_TESTS == 0) {
      GTEST_SKIP() << "a sanitized build is not packaged";
    }
    const CommandResult packed = run_command(
        {CLONEBENCH_CPACK, "-G", "DEB", "--config",
         std::string(CLONEBENCH_BUILD_DIR) + "/CPackConfig.cmake", "-B", scratch_.path().string()},
        {}, {}, 240);
    ASSERT_EQ(packed.exit_code, 0) << packed.out << packed.err;
    for (const auto& entry : fs::directory_iterator(scratch_.path().string())) {
      if (entry.path().extension() == ".deb") {
        deb_ = entry.path().string();
      }
    }
    ASSERT_FALSE(deb_.empty()) << packed.out;
  }

  std::string field(const std::string& name) const {
    const CommandResult result = run_command({"dpkg-deb", "--field", deb_, name});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return trimmed(result.out);
  }

  TempDirectory scratch_{"package"};
  std::string deb_;
};

TEST_F(DebianPackage, HoldsTheDriverPrivateProgramsManPagesCompletionAndDocsUnderUsr) {
  const CommandResult listing = run_command({"dpkg-deb", "-c", deb_});
  ASSERT_EQ(listing.exit_code, 0) << listing.err;
  std::set<std::string> paths;
  for (const std::string& line : lines_of(listing.out)) {
    const std::string path = line.substr(line.find("./"));
    EXPECT_TRUE(path == "./" || path.starts_with("./usr/")) << path;
    paths.insert(path.substr(
        1, path.find(" -> ") == std::string::npos ? std::string::npos : path.find(" -> ") - 1));
  }
  std::vector<std::string> expected = {"/usr/bin/clonebench", "/usr/share/man/man1/clonebench.1.gz",
                                       "/usr/share/man/man1/clonebench-run.1.gz",
                                       "/usr/share/bash-completion/completions/clonebench",
                                       "/usr/share/doc/clonebench/README.md"};
  for (const std::string& program : split_list(CLONEBENCH_PRIVATE_PROGRAMS)) {
    expected.push_back("/usr/libexec/clonebench/" + program);
  }
  for (const std::string& path : expected) {
    EXPECT_TRUE(paths.contains(path)) << path << " is not in the package:\n" << listing.out;
  }
}

TEST_F(DebianPackage, DescribesItselfAndDependsOnThePackageOfEveryLibraryItLoads) {
  const CommandResult info = run_command({"dpkg-deb", "-I", deb_});
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_EQ(field("Package"), "clonebench");
  EXPECT_EQ(field("Version"), CLONEBENCH_VERSION);
  EXPECT_EQ(field("Architecture"), trimmed(run_command({"dpkg", "--print-architecture"}).out));
  EXPECT_FALSE(field("Maintainer").empty());
  EXPECT_NE(field("Description").find("process"), std::string::npos);

  const std::string depends = ", " + field("Depends") + ",";
  TempDirectory root("package-root");
  ASSERT_EQ(run_command({"dpkg", "-x", deb_, root.path().string()}).exit_code, 0);
  std::vector<std::string> programs = {root.file("usr/bin/clonebench")};
  for (const std::string& program : split_list(CLONEBENCH_PRIVATE_PROGRAMS)) {
    programs.push_back(root.file("usr/libexec/clonebench/") + program);
  }
  for (const std::string& program : programs) {
    // Only the libraries the program names itself (NEEDED): those of its libraries come with
    // their packages' own Depends (libpq5 brings Kerberos and LDAP), as dpkg-shlibdeps has it.
    std::string needed = " ";
    for (const std::string& line : lines_of(run_command({"readelf", "-d", program}).out)) {
      if (line.find("(NEEDED)") != std::string::npos) {
        needed += line.substr(line.find('[') + 1, line.find(']') - line.find('[') - 1) + " ";
      }
    }
    // "libfmt.so.9 => /lib/x86_64-linux-gnu/libfmt.so.9 (0x...)": the file, then its package.
    for (const std::string& line : lines_of(run_command({"ldd", program}).out)) {
      const std::size_t arrow = line.find(" => /");
      if (arrow == std::string::npos) {
        continue;
      }
      const std::string soname = trimmed(line.substr(0, arrow));
      if (needed.find(" " + soname + " ") == std::string::npos) {
        continue;
      }
      const std::string library = line.substr(arrow + 4, line.find(" (") - arrow - 4);
      const std::string package = owning_package(library);
      ASSERT_FALSE(package.empty()) << "no package owns " << library;
      const std::size_t at = depends.find(", " + package);
      const char after = at == std::string::npos ? '\0' : depends[at + 2 + package.size()];
      EXPECT_TRUE(after == ' ' || after == ',')
          << program << " loads " << library << " of package " << package
          << ", which Depends does not name: " << depends;
    }
  }
}

TEST_F(DebianPackage, RunsEveryStressorWhenUnpackedIntoAThrowAwayRoot) {
  TempDirectory root("package-root");
  const CommandResult unpacked = run_command({"dpkg", "-x", deb_, root.path().string()});
  ASSERT_EQ(unpacked.exit_code, 0) << unpacked.err;
  const std::string driver = root.file("usr/bin/clonebench");
  const CommandResult list =
      run_command({driver, "list", "--json"}, {}, {"CLONEBENCH_LIBEXEC_DIR"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  std::vector<std::string> argv = {driver, "run"};
  for (const auto& stressor : nlohmann::json::parse(list.out)) {
    argv.push_back(stressor["name"]);
  }
  const std::size_t stressors = argv.size() - 2;
  for (const char* option : {"--timeout", "0.2s", "--rss", "0", "--no-store", "--json", "-"}) {
    argv.emplace_back(option);
  }
  const CommandResult run = run_command(argv, {}, {"CLONEBENCH_LIBEXEC_DIR"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json document = nlohmann::json::parse(run.out);
  ASSERT_EQ(document["runs"].size(), stressors);
  for (const auto& record : document["runs"]) {
    EXPECT_GT(record["bogo_ops"].get<std::uint64_t>(), 0U) << record["stressor"];
  }
  const CommandResult version = run_command({driver, "--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind(std::string("clonebench ") + CLONEBENCH_VERSION, 0), 0U);
}

}  // namespace
}  // namespace clonebench::testing
