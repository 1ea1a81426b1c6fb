#pragma once
// The two store backends as test parameters: a fresh, empty location of each kind, and a way
// to count rows that does not go through the store under test.

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>

#include "store/store_location.hpp"
#include "support/postgres_cluster.hpp"
#include "support/temp_directory.hpp"

namespace clonebench::testing {

// The first column of the first row of `sql`, read with the database's bare C API.
inline std::int64_t query_int(const std::string& location, const std::string& sql) {
  if (is_postgres_location(location)) {
    PGconn* connection = PQconnectdb(location.c_str());
    EXPECT_EQ(PQstatus(connection), CONNECTION_OK) << PQerrorMessage(connection);
    PGresult* result = PQexec(connection, sql.c_str());
    EXPECT_EQ(PQresultStatus(result), PGRES_TUPLES_OK) << PQresultErrorMessage(result);
    const std::int64_t value =
        PQntuples(result) > 0 ? std::stoll(PQgetvalue(result, 0, 0)) : INT64_MIN;
    PQclear(result);
    PQfinish(connection);
    return value;
  }
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(location.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  EXPECT_EQ(sqlite3_step(statement), SQLITE_ROW);
  const std::int64_t value = sqlite3_column_int64(statement, 0);
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return value;
}

inline std::int64_t count_rows(const std::string& location, const std::string& table) {
  return query_int(location, "SELECT count(*) FROM " + table);
}

// "postgresql:///NAME?host=..." -> NAME
inline std::string database_of(const std::string& url) {
  const std::size_t start = url.find(":///") + 4;
  return url.substr(start, url.find('?') - start);
}

// The URL of `url`'s database (on the shared cluster) as the password role, with `password`
// written in it.
inline std::string url_with_password(const std::string& url, const std::string& password) {
  const PostgresCluster& cluster = shared_postgres_cluster();
  return "postgresql://" + std::string(PostgresCluster::kPasswordRole) + ":" + password + "@/" +
         database_of(url) + "?host=" + cluster.socket_directory() +
         "&port=" + std::to_string(cluster.port());
}

enum class Backend { kSqlite, kPostgres };

inline std::ostream& operator<<(std::ostream& out, Backend backend) {
  return out << (backend == Backend::kSqlite ? "SQLite" : "PostgreSQL");
}

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::kSqlite ? "SQLite" : "PostgreSQL";
}

// Fixture: new_location() gives a new empty store location of the parameter's kind.
class BackendTest : public ::testing::TestWithParam<Backend> {
 protected:
  std::string new_location() {
    if (GetParam() == Backend::kPostgres) {
      return shared_postgres_cluster().create_database();
    }
    return scratch_.file("runs-" + std::to_string(++files_) + ".db");
  }

  TempDirectory scratch_;
  int files_ = 0;
};

}  // namespace clonebench::testing
