// The repository's own files: no name that a shell or a tool would take for an option. A file
// named "--help" was once committed by a command whose flag was taken for an output path; it
// turns `ls *`, `grep -r PATTERN *` and `git add *` in the checkout into option parsing.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace clonebench::testing {
namespace {

// Every file and folder under `root` whose name starts with '-', as paths relative to it. A
// build tree (a folder holding CMakeCache.txt) and git's own folder are not the repository's.
std::vector<std::string> dash_named_paths(const std::filesystem::path& root) {
  std::vector<std::string> found;
  auto entry = std::filesystem::recursive_directory_iterator(root);
  for (; entry != std::filesystem::recursive_directory_iterator(); ++entry) {
    const std::filesystem::path& path = entry->path();
    const bool build_tree =
        entry->is_directory() && std::filesystem::exists(path / "CMakeCache.txt");
    if (path.filename() == ".git" || build_tree) {
      entry.disable_recursion_pending();
      continue;
    }
    if (path.filename().string().starts_with('-')) {
      found.push_back(std::filesystem::relative(path, root).string());
    }
  }
  return found;
}

TEST(RepositoryFiles, NoFileNameStartsWithADash) {
  EXPECT_EQ(dash_named_paths(CLONEBENCH_SOURCE_DIR), std::vector<std::string>{});
}

}  // namespace
}  // namespace clonebench::testing
