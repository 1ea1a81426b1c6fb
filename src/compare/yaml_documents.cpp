#include "compare/yaml_documents.hpp"

namespace clonebench {
namespace {

bool is_marker(std::string_view line, std::string_view marker) {
  if (!line.starts_with(marker)) {
    return false;
  }
  const std::string_view rest = line.substr(marker.size());
  return rest.empty() || rest.front() == ' ' || rest.front() == '\t' || rest.front() == '\r';
}

}  // namespace

std::vector<YamlDocumentText> split_yaml_documents(std::string_view text) {
  std::vector<YamlDocumentText> documents(1);
  std::size_t line_number = 0;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    const std::size_t length = newline == std::string_view::npos ? text.size() : newline + 1;
    const std::string_view line = text.substr(0, length);
    const std::string_view bare = line.substr(0, line.find('\n'));
    if (is_marker(bare, "---") && !documents.back().text.empty()) {
      documents.push_back({{}, line_number});
    }
    documents.back().text.append(line);
    if (is_marker(bare, "...")) {
      documents.push_back({{}, line_number + 1});
    }
    text.remove_prefix(length);
    ++line_number;
  }
  if (documents.back().text.empty()) {
    documents.pop_back();
  }
  return documents;
}

}  // namespace clonebench
