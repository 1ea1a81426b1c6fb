#pragma once
// Serializes, across processes, the opening of one database for writing. SQLite's busy handler
// does not cover a database that several processes create and switch to WAL at the same moment:
// one of them can fail with "database is locked" or a disk I/O error while another is still
// setting the file up. A writer therefore holds flock() on the file from before SQLite opens it
// until its schema is current. On Linux flock() locks are apart from the fcntl() locks SQLite
// takes, but closing any descriptor of the file drops every fcntl() lock this process holds on
// it, so the descriptor stays open as long as the connection does.

#include <string>

#include "sys/descriptor.hpp"

namespace clonebench {

class OpenLock {
 public:
  OpenLock() = default;
  // Creates the file if it is missing and waits for the lock, at most `wait_ms`; past that it
  // goes on unlocked (a writer stopped while opening must not stop every other one), and SQLite's
  // own busy handler is what is left.
  OpenLock(const std::string& path, int wait_ms);

  // Lets the next writer in; the descriptor stays open.
  void release() noexcept;
  bool held() const noexcept { return held_; }

 private:
  Descriptor file_;
  bool held_ = false;
};

}  // namespace clonebench
