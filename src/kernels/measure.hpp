#pragma once
// What a `kernels` experiment measures (--measure): time, as the guest's clock reads it, or
// instructions, when QEMU's icount makes that clock count executed guest instructions (1 ns of
// virtual time per instruction, whatever the host's speed and load). The same worker code then
// measures instructions per operation, and every output names that for what it is.

#include <optional>
#include <string>
#include <string_view>

namespace clonebench {

enum class Measure { kTime, kInstructions };

std::string_view measure_name(Measure measure);  // "time" | "instructions"
std::optional<Measure> parse_measure(std::string_view word);

// QEMU's -icount argument for --measure instructions: 1 ns per instruction (shift=0), idle time
// skipped (sleep=off), no pacing against the host's clock (align=off).
inline constexpr const char* kIcountArgument = "shift=0,sleep=off,align=off";

}  // namespace clonebench
