#pragma once
// The profile table (schema version 2): a run's --profile result, kept apart from the run row
// so that an unprofiled run costs nothing and the run columns stay as they are.

#include <cstdint>
#include <optional>

#include "core/kernel_profile.hpp"
#include "store/sqlite.hpp"

namespace clonebench {

void insert_profile(sqlite::Db& db, std::int64_t run_id, const KernelProfile& profile);
// nullopt for a run that was not profiled. Throws UsageError on a row that does not parse.
std::optional<KernelProfile> load_profile(sqlite::Db& db, std::int64_t run_id);

}  // namespace clonebench
