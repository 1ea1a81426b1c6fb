#pragma once
// Parsing and printing of durations and sizes as users type them ("60", "2m", "128M", "0:512M:8").

#include <cstdint>
#include <string>
#include <string_view>

#include "core/size_text.hpp"

namespace clonebench {

// "60" and "60s" are seconds; suffixes ms, s, m, h, d, y as stress-ng's --timeout (y = 365 days).
// Compound forms such as "1m30s" are accepted. Throws UsageError naming `flag` on bad input.
double parse_duration_s(std::string_view text, std::string_view flag);

// "0", "4096", "64K", "128M", "1G", "2GiB", "512MB": binary multiples (K = 1024), as stress-ng.
// Throws UsageError naming `flag` on bad input or overflow.
std::uint64_t parse_size_bytes(std::string_view text, std::string_view flag);

// A whole number in [min, max]; throws UsageError naming `flag` otherwise.
// A seed as the tool prints it: decimal, or hexadecimal with "0x" (stderr shows ab's seed so),
// from 0 to 2^63 − 1 (the store keeps seeds as signed 64-bit integers). Throws UsageError
// naming `flag` otherwise.
std::uint64_t parse_seed(std::string_view text, std::string_view flag);

std::int64_t parse_integer(std::string_view text, std::string_view flag, std::int64_t min,
                           std::int64_t max);

// A finite decimal number in [min, max] ("0.05", "1e-3"); NaN, infinity and anything else
// throw UsageError naming `flag`.
double parse_real(std::string_view text, std::string_view flag, double min, double max);

// "1.5 s", "250 ms", "3.2 µs": three significant figures in the largest fitting unit.
std::string format_duration_ns(double nanoseconds);

}  // namespace clonebench
