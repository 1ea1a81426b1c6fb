#include "store/sql_dialect.hpp"

#include <fmt/core.h>

#include <cctype>
#include <variant>

namespace clonebench {

const SqlDialect kSqliteDialect = {
    .name = "sqlite",
    .row_key = "INTEGER PRIMARY KEY",
    .row_key_never_reused = "INTEGER PRIMARY KEY AUTOINCREMENT",
    .integer = "INTEGER",
    .real = "REAL",
    .text = "TEXT",
    .clustered_suffix = " WITHOUT ROWID",
    .random_id = "lower(hex(randomblob(16)))",
    .sets_added_column_not_null = false,  // SQLite cannot alter a column
    .hashes_unique_documents = false,
    .placeholder = '?',
    .write_order = "rowid",
};

// A unique index on a whole environment document would exceed PostgreSQL's index row size, so
// it is on its md5. ctid stands in for SQLite's rowid as the tie-break: the row written last.
const SqlDialect kPostgresDialect = {
    .name = "postgresql",
    .row_key = "BIGSERIAL PRIMARY KEY",
    .row_key_never_reused = "BIGSERIAL PRIMARY KEY",
    .integer = "BIGINT",
    .real = "DOUBLE PRECISION",
    .text = "TEXT",
    .clustered_suffix = "",
    .random_id = "md5(random()::text || clock_timestamp()::text || {key}::text)",
    .sets_added_column_not_null = true,
    .hashes_unique_documents = true,
    .placeholder = '$',
    .write_order = "ctid",
};

namespace {

std::string_view type_name(const SqlDialect& dialect, ColumnType type) {
  switch (type) {
    case ColumnType::kRowKey:
      return dialect.row_key;
    case ColumnType::kRowKeyNeverReused:
      return dialect.row_key_never_reused;
    case ColumnType::kInteger:
      return dialect.integer;
    case ColumnType::kReal:
      return dialect.real;
    case ColumnType::kText:
      break;
  }
  return dialect.text;
}

std::string column_sql(const SqlDialect& dialect, const Column& column) {
  std::string sql = fmt::format("{} {}", column.name, type_name(dialect, column.type));
  if (!column.constraints.empty()) {
    sql += fmt::format(" {}", column.constraints);
  }
  if (column.unique_document && !dialect.hashes_unique_documents) {
    sql += " UNIQUE";
  }
  return sql;
}

std::string step_sql(const SqlDialect& dialect, const CreateTable& table) {
  std::string sql = fmt::format("CREATE TABLE {} (", table.name);
  const char* separator = "\n  ";
  for (const Column& column : table.columns) {
    sql += separator + column_sql(dialect, column);
    separator = ",\n  ";
  }
  if (!table.primary_key.empty()) {
    sql += fmt::format("{}PRIMARY KEY ({})", separator, table.primary_key);
  }
  sql += "\n)";
  if (table.clustered) {
    sql += dialect.clustered_suffix;
  }
  sql += ";\n";
  for (const Column& column : table.columns) {
    if (column.unique_document && dialect.hashes_unique_documents) {
      sql += fmt::format("CREATE UNIQUE INDEX {}_{} ON {}({});\n", table.name, column.name,
                         table.name, document_key(dialect, column.name));
    }
  }
  return sql;
}

std::string step_sql(const SqlDialect& /*dialect*/, const CreateIndex& index) {
  return fmt::format("CREATE {}INDEX {} ON {}({});\n", index.unique ? "UNIQUE " : "", index.name,
                     index.table, index.columns);
}

std::string step_sql(const SqlDialect& dialect, const AddColumn& add) {
  return fmt::format("ALTER TABLE {} ADD COLUMN {};\n", add.table, column_sql(dialect, add.column));
}

std::string step_sql(const SqlDialect& dialect, const AddRandomIdColumn& add) {
  std::string sql =
      fmt::format("ALTER TABLE {} ADD COLUMN {} {};\n", add.table, add.column, dialect.text);
  sql += fmt::format("UPDATE {} SET {} = {};\n", add.table, add.column,
                     fmt::format(fmt::runtime(dialect.random_id), fmt::arg("key", add.key)));
  if (dialect.sets_added_column_not_null) {
    sql += fmt::format("ALTER TABLE {} ALTER COLUMN {} SET NOT NULL;\n", add.table, add.column);
  }
  return sql + step_sql(dialect, CreateIndex{add.index, add.table, add.column, true});
}

}  // namespace

std::string migration_sql(const SqlDialect& dialect, const Migration& migration) {
  std::string sql;
  for (const SchemaStep& step : migration.steps) {
    sql += std::visit([&](const auto& each) { return step_sql(dialect, each); }, step);
  }
  return sql;
}

std::string in_dialect(const SqlDialect& dialect, std::string_view sql) {
  std::string out(sql);
  for (std::size_t i = 0; i + 1 < out.size(); ++i) {
    if (out[i] == '$' && std::isdigit(static_cast<unsigned char>(out[i + 1])) != 0) {
      out[i] = dialect.placeholder;
    }
  }
  return out;
}

std::string document_key(const SqlDialect& dialect, std::string_view expression) {
  return dialect.hashes_unique_documents ? fmt::format("md5({})", expression)
                                         : std::string(expression);
}

}  // namespace clonebench
