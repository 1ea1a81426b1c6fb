#pragma once
// Profiles for people: where the window's samples went, the fork/exit page-table path, and the
// kernel functions sampled most. Pure, like every exporter.

#include <string>
#include <utility>
#include <vector>

#include "core/kernel_profile.hpp"

namespace clonebench {

// How many kernel symbols the text shows.
inline constexpr std::size_t kShownTopSymbols = 15;

// `title` names what was profiled ("fork, run 1"); `compound_head` is the environment's
// kernel_path.compound_head ("out-of-line" | "inline" | "unknown"), to say why it has no samples.
std::string render_profile(const std::string& title, const KernelProfile& profile,
                           const std::string& compound_head);

// One row per labelled profile (the arms of ab, the sizes of sweep): the path shares side by side.
std::string render_profile_rows(const std::vector<std::pair<std::string, KernelProfile>>& rows);

}  // namespace clonebench
