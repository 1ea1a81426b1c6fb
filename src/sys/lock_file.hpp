#pragma once
// An exclusive flock() on a file that says who holds it. The holder writes its pid and command
// line into the file once it has the lock, so that a process that has to wait can say for whom.
// The lock belongs to the open file description: a child forked while it is held (a guardian
// that must finish a job after the tool died) holds it too, until it exits or closes it, and
// the lock is free only when the last such descriptor is closed (flock(2)).

#include <sys/types.h>

#include <functional>
#include <stdexcept>
#include <string>

#include "sys/descriptor.hpp"

namespace clonebench {

// Who holds a lock, as the holder wrote it.
struct LockHolder {
  pid_t pid = 0;        // 0: not written yet (the holder is between taking and writing)
  std::string command;  // its command line, printable, at most ~200 characters
  bool alive = false;   // the pid still exists (a dead holder's children may hold the lock)
};

// This process's command line as a holder states it: words joined by spaces, printable, at
// most ~200 characters.
std::string own_command_line();

// "pid 1234 (clonebench sweep fork ...)", "pid 1234, gone (...)", "a process that has not said
// who it is yet".
std::string describe_lock_holder(const LockHolder& holder);

// The lock stayed busy for as long as the caller was willing to wait.
class LockBusy : public std::runtime_error {
 public:
  LockBusy(const std::string& what, LockHolder holder)
      : std::runtime_error(what), holder_(std::move(holder)) {}
  const LockHolder& holder() const noexcept { return holder_; }

 private:
  LockHolder holder_;
};

class LockFile {
 public:
  // Opens `path` (creating it 0644, and its directory 0755) and takes the lock. While another
  // process holds it, calls `waiting` once with the holder, then tries again every 50 ms for at
  // most `wait_s` seconds (0: not at all) and throws LockBusy past that. Throws RuntimeError
  // naming the file when it cannot be created or opened.
  LockFile(std::string path, double wait_s,
           const std::function<void(const LockHolder&)>& waiting = {});
  ~LockFile();  // erases the holder's text; the lock goes with the last descriptor
  LockFile(LockFile&&) = default;
  LockFile& operator=(LockFile&&) = delete;

  int descriptor() const noexcept { return file_.get(); }
  const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
  Descriptor file_;
};

}  // namespace clonebench
