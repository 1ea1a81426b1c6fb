// The schema is described once (store/schema_description.hpp) and each dialect writes its DDL
// from it: the whole ladder of each dialect is a golden file, reviewed by hand against the SQL
// each backend ran before the description existed.
#include "store/schema_description.hpp"

#include <gtest/gtest.h>

#include <string>

#include "store/sql_dialect.hpp"
#include "support/golden.hpp"

namespace clonebench {
namespace {

std::string ladder(const SqlDialect& dialect) {
  std::string sql;
  int version = 0;
  for (const Migration& migration : schema_history()) {
    sql += "-- version " + std::to_string(++version) + "\n" + migration_sql(dialect, migration);
  }
  return sql;
}

TEST(SchemaDescription, WritesTheSqliteLadderAsTheGoldenFileHasIt) {
  testing::expect_golden_file(testing::golden_path("store/schema-sqlite.sql"),
                              ladder(kSqliteDialect));
}

TEST(SchemaDescription, WritesThePostgresqlLadderAsTheGoldenFileHasIt) {
  testing::expect_golden_file(testing::golden_path("store/schema-postgresql.sql"),
                              ladder(kPostgresDialect));
}

TEST(SchemaDescription, HasOneMigrationPerVersion) {
  EXPECT_EQ(latest_schema_version(), static_cast<std::int64_t>(schema_history().size()));
  for (const Migration& migration : schema_history()) {
    EXPECT_FALSE(migration.steps.empty());
  }
}

TEST(SqlDialect, WritesSqlitePlaceholdersWithAQuestionMark) {
  EXPECT_EQ(in_dialect(kSqliteDialect, "UPDATE t SET a = $2 WHERE b = $1 AND c = '$'"),
            "UPDATE t SET a = ?2 WHERE b = ?1 AND c = '$'");
  EXPECT_EQ(in_dialect(kPostgresDialect, "SELECT $1"), "SELECT $1");
}

TEST(SqlDialect, KeysALongDocumentByItsHashOnlyInPostgresql) {
  EXPECT_EQ(document_key(kSqliteDialect, "json"), "json");
  EXPECT_EQ(document_key(kPostgresDialect, "json"), "md5(json)");
}

TEST(SqlDialect, MapsEachColumnTypeToTheDialectsType) {
  const Migration migration{{AddColumn{"t", {"a", ColumnType::kReal, "NOT NULL"}},
                             AddColumn{"t", {"b", ColumnType::kInteger}}}};
  EXPECT_EQ(migration_sql(kSqliteDialect, migration),
            "ALTER TABLE t ADD COLUMN a REAL NOT NULL;\nALTER TABLE t ADD COLUMN b INTEGER;\n");
  EXPECT_EQ(migration_sql(kPostgresDialect, migration),
            "ALTER TABLE t ADD COLUMN a DOUBLE PRECISION NOT NULL;\n"
            "ALTER TABLE t ADD COLUMN b BIGINT;\n");
}

}  // namespace
}  // namespace clonebench
