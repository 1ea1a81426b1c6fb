#pragma once
// Test inputs: files that readers and parsers are given (captured /proc and /sys text, pasted
// benchmark outputs, a database of an old schema), kept under tests/data/<area>/. Expected
// outputs live apart, under tests/golden (support/golden.hpp), so that a golden update can
// never rewrite an input.

#include <string>

namespace clonebench::testing {

inline std::string data_path(const std::string& relative) {
  return std::string(CLONEBENCH_DATA_DIR) + "/" + relative;
}

}  // namespace clonebench::testing
