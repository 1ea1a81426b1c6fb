#pragma once
// The text of an HVO static key experiment (ab --preset hvo-key): a pure function of the stored
// summary.

#include <string>

#include "record/hvo_key_summary.hpp"

namespace clonebench {

std::string render_hvo_key_table(const HvoKeySummary& summary);

}  // namespace clonebench
