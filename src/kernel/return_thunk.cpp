#include "kernel/return_thunk.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace clonebench {
namespace {

constexpr const char* kSrso = "spec_rstack_overflow";
constexpr const char* kRetbleed = "retbleed";
constexpr const char* kIts = "indirect_target_selection";

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

bool contains(const std::string& text, const char* part) {
  return text.find(part) != std::string::npos;
}

ReturnThunk make(ReturnPath path, const char* kind, const char* description) {
  return ReturnThunk{path, kind, description, {}};
}

// "Mitigation: Safe RET" and "Vulnerable: Safe RET, no microcode" both patch in the thunk;
// "Vulnerable: Microcode, no safe RET" does not.
bool srso_safe_return(const std::string& srso) {
  return contains(srso, "safe ret") && !contains(srso, "no safe ret");
}

ReturnThunk classify(const std::string& srso, const std::string& retbleed, const std::string& its) {
  if (srso_safe_return(srso)) {
    return make(ReturnPath::kSrsoSafeReturn, "srso-safe-ret",
                "every kernel return goes through the SRSO safe-RET thunk and mispredicts");
  }
  if (contains(retbleed, "untrained return thunk")) {
    return make(ReturnPath::kUntrainedReturn, "untrained-return-thunk",
                "every kernel return goes through the retbleed untrained return thunk");
  }
  if (contains(retbleed, "stuffing")) {
    return make(ReturnPath::kCallDepthTracking, "call-depth-tracking",
                "every kernel call is counted and the return stack refilled on underflow");
  }
  if (contains(its, "return thunks")) {
    return make(ReturnPath::kAlignedThunks, "its-aligned-thunks",
                "returns go through the ITS return thunk in the upper half of a cache line");
  }
  return make(ReturnPath::kPlainReturn, "plain-ret",
              "kernel returns are plain `ret` instructions (no return thunk in force)");
}

}  // namespace

ReturnThunk classify_return_thunk(const std::map<std::string, std::string>& vulnerabilities) {
  const auto text = [&vulnerabilities](const char* name) {
    const auto found = vulnerabilities.find(name);
    return found == vulnerabilities.end() ? std::string() : lowercase(found->second);
  };
  ReturnThunk thunk;
  if (!vulnerabilities.contains(kSrso) && !vulnerabilities.contains(kRetbleed)) {
    thunk = make(ReturnPath::kUnknown, "unknown",
                 "the SRSO and retbleed vulnerability files could not be read");
  } else {
    thunk = classify(text(kSrso), text(kRetbleed), text(kIts));
  }
  for (const char* name : {kSrso, kRetbleed, kIts}) {
    if (const auto found = vulnerabilities.find(name); found != vulnerabilities.end()) {
      thunk.evidence.emplace(name, found->second);
    }
  }
  return thunk;
}

ReturnPath return_path_of_kind(std::string_view kind) noexcept {
  constexpr std::pair<std::string_view, ReturnPath> kKinds[] = {
      {"plain-ret", ReturnPath::kPlainReturn},
      {"srso-safe-ret", ReturnPath::kSrsoSafeReturn},
      {"untrained-return-thunk", ReturnPath::kUntrainedReturn},
      {"call-depth-tracking", ReturnPath::kCallDepthTracking},
      {"its-aligned-thunks", ReturnPath::kAlignedThunks}};
  for (const auto& [name, path] : kKinds) {
    if (name == kind) {
      return path;
    }
  }
  return ReturnPath::kUnknown;
}

bool makes_calls_expensive(ReturnPath path) noexcept {
  return path == ReturnPath::kSrsoSafeReturn || path == ReturnPath::kUntrainedReturn ||
         path == ReturnPath::kCallDepthTracking;
}

}  // namespace clonebench
