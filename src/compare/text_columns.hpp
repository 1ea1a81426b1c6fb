#pragma once
// Aligned text columns that count characters, not bytes (µ, Δ, ±, │ are multi-byte in UTF-8).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

std::size_t display_width(std::string_view text);
std::string pad_right(std::string_view text, std::size_t width);
std::string pad_left(std::string_view text, std::size_t width);
std::string centre(std::string_view text, std::size_t width);

// Each row padded column by column; right_aligned[i] says how column i aligns (missing = left).
// Trailing spaces are trimmed from every line.
std::string render_columns(const std::vector<std::vector<std::string>>& rows,
                           const std::vector<bool>& right_aligned, std::string_view separator);

}  // namespace clonebench
