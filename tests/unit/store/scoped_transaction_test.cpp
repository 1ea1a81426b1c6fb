// The transaction of either database: BEGIN when made, COMMIT when committed, and ROLLBACK when
// it is left uncommitted, by a return or an exception.
#include "store/scoped_transaction.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace clonebench {
namespace {

struct RecordingConnection {
  std::vector<std::string> statements;
  void begin() { statements.push_back("BEGIN"); }
  void commit() { statements.push_back("COMMIT"); }
  void rollback() noexcept { statements.push_back("ROLLBACK"); }
};

TEST(ScopedTransaction, CommitsWhenCommittedAndRollsBackOtherwise) {
  RecordingConnection connection;
  {
    ScopedTransaction transaction(connection);
    transaction.commit();
  }
  EXPECT_EQ(connection.statements, (std::vector<std::string>{"BEGIN", "COMMIT"}));
  connection.statements.clear();
  { ScopedTransaction transaction(connection); }
  EXPECT_EQ(connection.statements, (std::vector<std::string>{"BEGIN", "ROLLBACK"}));
}

TEST(ScopedTransaction, AnExceptionRollsBack) {
  RecordingConnection connection;
  try {
    ScopedTransaction transaction(connection);
    throw std::runtime_error("a failed insert");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(connection.statements, (std::vector<std::string>{"BEGIN", "ROLLBACK"}));
}

}  // namespace
}  // namespace clonebench
