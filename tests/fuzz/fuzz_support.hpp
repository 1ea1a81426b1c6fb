#pragma once
// What every harness shares: the input as text, and the oracle. A reader may refuse any input
// with UsageError (the user's input: exit 2, named); any other exception, a crash, a leak, a
// hang, a non-finite value or invalid UTF-8 in what it returns is a bug.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "compare/sample_set.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// The input cut at NUL bytes: argument lists, or several texts.
inline std::vector<std::string> parts_of(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> parts(1);
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      parts.emplace_back();
    } else {
      parts.back().push_back(static_cast<char>(data[i]));
    }
  }
  return parts;
}

// Aborts (a finding) unless `condition` holds.
inline void require(bool condition) {
  if (!condition) {
    std::abort();
  }
}

// What a reader returns must be safe to analyse and to print.
inline void require_sound(const SampleSet& set) {
  require(!set.runs.empty());
  for (const RunObservation& run : set.runs) {
    require(is_valid_utf8(run.group));
    for (const auto& [name, value] : run.metrics) {
      require(is_valid_utf8(name));
      require(std::isfinite(value));
    }
  }
}

// Runs a reader: UsageError is a refusal, anything else escapes to libFuzzer.
template <typename Read>
void read_soundly(Read&& read) {
  try {
    require_sound(read());
  } catch (const UsageError& refused) {
    require(is_valid_utf8(printable(refused.what())));
  }
}

}  // namespace clonebench::fuzz
