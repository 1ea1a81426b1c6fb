#pragma once
// The schema of the run database and its history, once for both backends: an ordered list of
// migrations, migration i taking a database from version i to i + 1. Each step says what
// changes (a table, an index, a column) in terms both dialects share; store/sql_dialect.hpp
// turns a migration into SQLite's or PostgreSQL's DDL. Never edit a released migration; append
// a new one.

#include <cstdint>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace clonebench {

enum class ColumnType {
  kRowKey,             // the table's integer key, assigned on insert
  kRowKeyNeverReused,  // the same, never handed out again after a delete (run ids)
  kInteger,            // signed 64-bit
  kReal,               // double
  kText,
};

struct Column {
  constexpr Column(std::string_view column_name, ColumnType column_type,
                   std::string_view column_constraints = {}, bool is_unique_document = false)
      : name(column_name),
        type(column_type),
        constraints(column_constraints),
        unique_document(is_unique_document) {}
  std::string_view name;
  ColumnType type = ColumnType::kText;
  // Written after the type alike in both dialects: "NOT NULL", "DEFAULT '{}'", REFERENCES,
  // CHECK, PRIMARY KEY.
  std::string_view constraints;
  // Unique by its whole text, which may be long (a JSON document): PostgreSQL's index rows
  // cannot hold it, so there the key is a hash of it.
  bool unique_document = false;
};

struct CreateTable {
  CreateTable(std::string_view table_name, std::vector<Column> table_columns,
              std::string_view key = {}, bool is_clustered = false)
      : name(table_name),
        columns(std::move(table_columns)),
        primary_key(key),
        clustered(is_clustered) {}
  std::string_view name;
  std::vector<Column> columns;
  std::string_view primary_key;  // over several columns, e.g. "run_id, phase"; "" for none
  // Stored in the order of its primary key, without a separate row id (SQLite's WITHOUT
  // ROWID); PostgreSQL has no such choice.
  bool clustered = false;
};

struct CreateIndex {
  constexpr CreateIndex(std::string_view index_name, std::string_view table_name,
                        std::string_view index_columns, bool is_unique = false)
      : name(index_name), table(table_name), columns(index_columns), unique(is_unique) {}
  std::string_view name, table, columns;
  bool unique = false;
};

struct AddColumn {
  std::string_view table;
  Column column;
};

// A text column of random 32-hex-digit ids, one for every row already there (and NOT NULL where
// the dialect can say so of an added column), then a unique index on it. `key` is the table's
// key column, which some dialects mix in to tell rows apart.
struct AddRandomIdColumn {
  std::string_view table, column, index, key;
};

using SchemaStep = std::variant<CreateTable, CreateIndex, AddColumn, AddRandomIdColumn>;

struct Migration {
  std::vector<SchemaStep> steps;
};

// Every migration in order; the schema version is its size.
const std::vector<Migration>& schema_history();
std::int64_t latest_schema_version();

}  // namespace clonebench
