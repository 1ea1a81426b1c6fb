#pragma once
// Test inputs: files that readers and parsers are given (captured /proc and /sys text, pasted
// benchmark outputs, a database of an old schema), kept under tests/data/<area>/. Expected
// outputs live apart, under tests/golden (support/golden.hpp), so that a golden update can
// never rewrite an input.

#include <string>

namespace clonebench::testing {

// Appends in place: g++ 12 at -O2 warns (-Warray-bounds, a false positive) on
// `std::string(literal) + "/"` when the literal, the checkout's path, has certain lengths.
inline std::string data_path(const std::string& relative) {
  std::string path = CLONEBENCH_DATA_DIR;
  path += '/';
  path += relative;
  return path;
}

}  // namespace clonebench::testing
