#pragma once
// Sizes as people read them. Apart from units.hpp because the lean worker (no {fmt}) prints sizes
// in its messages too.

#include <cstdint>
#include <string>

namespace clonebench {

// "128 MiB", "4 KiB", "0 B": the largest binary unit that divides evenly, else one decimal.
std::string format_size(std::uint64_t bytes);

}  // namespace clonebench
