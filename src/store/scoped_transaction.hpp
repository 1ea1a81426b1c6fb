#pragma once
// The transaction of either database as one RAII type: BEGIN on construction, ROLLBACK in the
// destructor unless commit() ran, so an exception anywhere between leaves the database as it was.
// The connection says what each step is in its dialect: begin(), commit(), and a rollback() that
// cannot throw (where it fails, the database has rolled back on its own).

namespace clonebench {

template <typename Connection>
class ScopedTransaction {
 public:
  explicit ScopedTransaction(Connection& connection) : connection_(&connection) {
    connection.begin();
  }
  ~ScopedTransaction() {
    if (!done_) {
      connection_->rollback();
    }
  }
  ScopedTransaction(const ScopedTransaction&) = delete;
  ScopedTransaction& operator=(const ScopedTransaction&) = delete;

  void commit() {
    connection_->commit();
    done_ = true;
  }

 private:
  Connection* connection_;
  bool done_ = false;
};

}  // namespace clonebench
