#pragma once
// Which return path the running kernel's functions take, read from the SRSO and retbleed lines of
// /sys/devices/system/cpu/vulnerabilities (docs/kernel.md "Return thunks"). Every kernel `ret` is
// compiled as a jump to a return thunk; at boot the kernel patches it back to a plain `ret` unless
// a mitigation needs the thunk. An out-of-line call per page-table entry costs little with a plain
// `ret` and a lot when every return mispredicts.

#include <map>
#include <string>
#include <string_view>

namespace clonebench {

enum class ReturnPath {
  kPlainReturn,        // no return mitigation patches the returns
  kSrsoSafeReturn,     // SRSO "Safe RET": every return mispredicts
  kUntrainedReturn,    // retbleed "untrained return thunk" (AMD Zen 1/2)
  kCallDepthTracking,  // retbleed "Stuffing": call accounting, RSB refill on underflow
  kAlignedThunks,      // indirect_target_selection "Aligned branch/return thunks"
  kUnknown,            // the vulnerability files could not be read
};

struct ReturnThunk {
  ReturnPath path = ReturnPath::kUnknown;
  std::string kind;         // stable name for JSON and compare: "plain-ret", "srso-safe-ret", ...
  std::string description;  // one sentence for people
  std::map<std::string, std::string> evidence;  // the vulnerability lines it was read from
  bool operator==(const ReturnThunk&) const = default;
};

// `vulnerabilities`: file name -> text, as parse_vulnerabilities() gives them. SRSO wins over
// retbleed, which wins over ITS, because that is the order in which they replace the return thunk.
ReturnThunk classify_return_thunk(const std::map<std::string, std::string>& vulnerabilities);

// The path a stable kind names ("srso-safe-ret" -> kSrsoSafeReturn); kUnknown for any other text.
ReturnPath return_path_of_kind(std::string_view kind) noexcept;

// Whether each call and return costs far more than on an unmitigated CPU.
bool makes_calls_expensive(ReturnPath path) noexcept;

}  // namespace clonebench
