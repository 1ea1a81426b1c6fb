#pragma once
// What SQLite's and PostgreSQL's SQL say differently, in one place per backend: column types,
// the DDL of a schema step (store/schema_description.hpp), query placeholders ($1 or ?1), how a
// long document is made a unique key, and the order rows were written in. Queries both backends
// run are written once, in PostgreSQL's placeholders, and passed through in_dialect().

#include <string>
#include <string_view>

#include "store/schema_description.hpp"

namespace clonebench {

struct SqlDialect {
  std::string_view name;  // "sqlite" | "postgresql"
  // Column types: ColumnType's kRowKey, kRowKeyNeverReused, kInteger, kReal, kText.
  std::string_view row_key, row_key_never_reused, integer, real, text;
  std::string_view clustered_suffix;  // after a CreateTable with `clustered`
  // An expression of 32 random hex digits, one per row; {key} is the table's key column.
  std::string_view random_id;
  bool sets_added_column_not_null = false;  // ALTER TABLE ... ALTER COLUMN ... SET NOT NULL
  bool hashes_unique_documents = false;     // a unique document is keyed by md5(column)
  char placeholder = '$';                   // '$' for $1, '?' for ?1
  // The hidden column that orders rows as they were written, for ties.
  std::string_view write_order;
};

extern const SqlDialect kSqliteDialect;
extern const SqlDialect kPostgresDialect;

// The DDL of one migration, statements separated by ";\n".
std::string migration_sql(const SqlDialect& dialect, const Migration& migration);

// `sql` written with $1, $2 ... placeholders, in this dialect's.
std::string in_dialect(const SqlDialect& dialect, std::string_view sql);

// The expression a unique document column is keyed by: the column, or its md5.
std::string document_key(const SqlDialect& dialect, std::string_view expression);

}  // namespace clonebench
