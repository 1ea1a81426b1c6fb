#pragma once
// SRU text is pasted into Launchpad, which shows it as typed: a line wider than 72 columns runs
// off or wraps mid-word. fit_sru_width() fits a text made for a wide terminal into a width: a
// prose line is wrapped at words, its continuation indented two more columns; an aligned table
// wider than the width (lines whose cells are separated by two spaces or more) is folded into
// narrower tables, each repeating the first column, cut only where every line of the table has
// a gap of two spaces, so no cell is split. Columns are counted in characters (µ is one). A
// command to paste (a `clonebench` or `sudo clonebench` line indented four columns or more) is
// kept whole, however wide: wrapped, it would not paste as one command.

#include <cstddef>
#include <string>
#include <string_view>

namespace clonebench {

inline constexpr std::size_t kSruWidth = 72;

std::string fit_sru_width(std::string_view text, std::size_t width = kSruWidth);

}  // namespace clonebench
