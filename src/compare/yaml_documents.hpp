#pragma once
// A YAML stream cut into its documents, so each is parsed on its own with YAML::Load: the
// yaml-cpp of Debian 12 (0.7) loops for ever, allocating without bound, in YAML::LoadAll on some
// malformed streams (one starting with ","), where YAML::Load of the same text returns. Fuzzing
// found it (tests/fuzz/corpus/fuzz_stress_ng_yaml/loadall-hang.yaml).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

struct YamlDocumentText {
  std::string text;
  std::size_t first_line = 0;  // 0-based line of the stream where the document starts
};

// Cuts at the document markers, which YAML allows only at the start of a line: a line that is
// "---" (alone or followed by a space) starts a document, a line that is "..." ends one. The
// markers stay in their document; every line of `text` is in exactly one document.
std::vector<YamlDocumentText> split_yaml_documents(std::string_view text);

}  // namespace clonebench
