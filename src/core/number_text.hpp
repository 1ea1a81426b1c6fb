#pragma once
// The one rule for how many digits a number shows in text: an estimate with an interval shows as
// many as the interval can vouch for, two significant digits of its half-width (the ± a reader
// takes from it), and the estimate and both bounds share them ("1.48 [1.36, 1.59]", not "1.4812
// [1.3604, 1.5911]"; "56 ns/page [42, 108]"), integer digits included: digits the interval does not
// vouch for are zeros ("3900 [1700, 6200]", not "3930 [1669, 6191]"). A number without an interval
// shows three significant digits, zeros after the point included ("0.00406", "1.00", "12.3": beside
// each other they say how much each is known), and keeps its integer digits ("557840": with no
// interval, zeros in their place would read as measured). Nothing is written in scientific
// notation. Text outputs take their numbers from here
// (docs/statistics.md, "How numbers are written").

#include <optional>
#include <string>
#include <string_view>

namespace clonebench {

enum class NumberSign {
  kNegativeOnly,  // "2.4", "-1.0"
  kAlways,        // "+2.4", "-1.0", "0.0": a change, whose direction is part of the number
};

// Digits after the point for an interval from `low` to `high`: two significant digits of its
// half-width, at most 9; negative when they end left of the point (-2 for a half-width of 2261:
// hundreds). nullopt when the width is 0, negative or not finite (no interval to go by).
std::optional<int> interval_decimals(double low, double high);

// `value` with exactly `decimals` digits after the point (0: none; -2: rounded to hundreds,
// "3900"), never in scientific notation; a value that rounds to zero has no minus sign.
// Infinities are "inf" / "-inf" ("+inf" with kAlways), NaN "nan".
std::string fixed_text(double value, int decimals, NumberSign sign = NumberSign::kNegativeOnly);

// `value` with `significant` significant digits (at least 1), zeros after the point included,
// never in scientific notation, integer digits kept: "0.00406", "1.00", "12.3", "413", "557840".
std::string significant_text(double value, int significant = 3,
                             NumberSign sign = NumberSign::kNegativeOnly);

// The estimate and its interval by the rule: "410 ns [210, 620]", "+2.4 % [-1.0, +5.9]",
// "55 ns/page [42, 108]". An end that is infinite is written "-inf" / "+inf", and the digits then
// follow the estimate (three significant). `unit` follows the estimate after a space.
std::string estimate_text(double estimate, double low, double high, std::string_view unit = "",
                          NumberSign sign = NumberSign::kNegativeOnly);

// `value` with the digits the interval from `low` to `high` gives (three significant digits
// without a finite width): an end or an estimate written apart, as in "48 to 207".
std::string number_in_interval(double value, double low, double high,
                               NumberSign sign = NumberSign::kNegativeOnly);

// "[210, 620]": the interval alone, with the digits estimate_text() gives it.
std::string interval_text_of(double low, double high, NumberSign sign = NumberSign::kNegativeOnly);

}  // namespace clonebench
