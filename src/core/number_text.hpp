#pragma once
// The one rule for how many digits a number shows in text: an estimate with an interval shows as
// many as the interval can vouch for, two significant digits of its half-width (the ± a reader
// takes from it), and the estimate and both bounds share them ("414 ns [208, 619]", not "413.519 ns
// [207.610, 619.4]"; "1.48 [1.36, 1.59]"); a number without an interval shows three significant
// digits, zeros after the point included ("0.00406", "1.00", "12.3", "414": beside each other they
// say how much each is known). Integer digits are never rounded away ("414", not "410"), and
// nothing is written in scientific notation. Text outputs take their numbers from here
// (docs/statistics.md, "How numbers are written").

#include <string>
#include <string_view>

namespace clonebench {

enum class NumberSign {
  kNegativeOnly,  // "2.4", "-1.0"
  kAlways,        // "+2.4", "-1.0", "0.0": a change, whose direction is part of the number
};

// Digits after the point for an interval from `low` to `high`: two significant digits of its
// half-width, 0 when the half-width is 10 or more, at most 9. -1 when the width is 0, negative
// or not finite (no interval to go by).
int interval_decimals(double low, double high);

// `value` with exactly `decimals` digits after the point (0: none), never in scientific notation;
// a value that rounds to zero has no minus sign. Infinities are "inf" / "-inf" ("+inf" with
// kAlways), NaN "nan".
std::string fixed_text(double value, int decimals, NumberSign sign = NumberSign::kNegativeOnly);

// `value` with `significant` significant digits (at least 1), zeros after the point included,
// never in scientific notation, integer digits kept: "0.00406", "1.00", "12.3", "413", "557840".
std::string significant_text(double value, int significant = 3,
                             NumberSign sign = NumberSign::kNegativeOnly);

// The estimate and its interval by the rule: "414 ns [208, 619]", "+2.4 % [-1.0, +5.9]",
// "55 ns/page [42, 108]". An end that is infinite is written "-inf" / "+inf", and the digits then
// follow the estimate (three significant). `unit` follows the estimate after a space.
std::string estimate_text(double estimate, double low, double high, std::string_view unit = "",
                          NumberSign sign = NumberSign::kNegativeOnly);

// `value` with the digits the interval from `low` to `high` gives (three significant digits
// without a finite width): an end or an estimate written apart, as in "48 to 207".
std::string number_in_interval(double value, double low, double high,
                               NumberSign sign = NumberSign::kNegativeOnly);

// "[208, 619]": the interval alone, with the digits estimate_text() gives it.
std::string interval_text_of(double low, double high, NumberSign sign = NumberSign::kNegativeOnly);

}  // namespace clonebench
