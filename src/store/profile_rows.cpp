#include "store/profile_rows.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "record/profile_json.hpp"

namespace clonebench {

void insert_profile(sqlite::Db& db, std::int64_t run_id, const KernelProfile& profile) {
  sqlite::Statement statement(db, "INSERT INTO profile (run_id, json) VALUES (?1, ?2)");
  statement.bind(1, run_id).bind(2, profile_to_json(profile).dump());
  statement.run();
}

std::optional<KernelProfile> load_profile(sqlite::Db& db, std::int64_t run_id) {
  sqlite::Statement statement(db, "SELECT json FROM profile WHERE run_id = ?1");
  statement.bind(1, run_id);
  if (!statement.step()) {
    return std::nullopt;
  }
  const std::string source = fmt::format("run {} profile", run_id);
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(statement.column_text(0));
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("{}: {}", source, error.what()));
  }
  return profile_from_json(json, source);
}

}  // namespace clonebench
