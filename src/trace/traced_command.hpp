#pragma once
// The command under trace: forked from this process, in its own process group, held on a pipe
// until the census is attached, then released to exec. This process is the tree's subreaper, so
// orphans of the tree are reparented here and reaped; a guard process stops the tree if this
// process dies without doing so itself (even by SIGKILL).

#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace clonebench {

// How the command ended.
struct CommandEnd {
  int exit_code = 0;
  int signal = 0;  // the signal that ended it, 0 when it exited
  // The tool's exit status for it: its own, or 128 + the signal (as a shell reports it).
  int status() const noexcept { return signal != 0 ? 128 + signal : exit_code; }
};

class TracedCommand {
 public:
  // Forks the held child. Throws RuntimeError when it cannot.
  explicit TracedCommand(const std::vector<std::string>& argv);
  ~TracedCommand();  // stops and reaps whatever of the tree is left
  TracedCommand(const TracedCommand&) = delete;
  TracedCommand& operator=(const TracedCommand&) = delete;

  pid_t pid() const noexcept { return pid_; }
  // Lets it exec. Throws CommandNotRunnable when the exec failed (the child has then ended).
  void release();
  // Reaps every ended child without blocking; true once the command itself has ended.
  bool reap();
  bool ended() const noexcept { return ended_; }
  const CommandEnd& end() const noexcept { return end_; }
  // Sends `signal_number` to the command's process group and to each of `members`.
  void signal_tree(const std::vector<pid_t>& members, int signal_number) noexcept;

 private:
  pid_t pid_ = -1;
  int gate_fd_ = -1;        // written once to release the child
  int exec_error_fd_ = -1;  // the child writes its exec errno here; closed by a successful exec
  bool ended_ = false;
  CommandEnd end_;
};

// The command could not be executed (not found, not executable): exit 127 or 126 as a shell.
class CommandNotRunnable : public std::runtime_error {
 public:
  CommandNotRunnable(const std::string& what, int error_number)
      : std::runtime_error(what), error_number_(error_number) {}
  int status() const noexcept { return error_number_ == ENOENT ? 127 : 126; }

 private:
  int error_number_;
};

// A process of ours that waits for this one to end (the end of a pipe) and then kills the
// traced tree: the command's process group and every member left in the census's tree table,
// whose descriptor it keeps. It holds nothing else, so no BPF program stays attached through it.
class TreeGuard {
 public:
  TreeGuard(int tree_fd, pid_t process_group);
  ~TreeGuard();  // lets it go (it finds the tree already stopped) and reaps it
  TreeGuard(const TreeGuard&) = delete;
  TreeGuard& operator=(const TreeGuard&) = delete;
  pid_t pid() const noexcept { return pid_; }

 private:
  pid_t pid_ = -1;
  int pipe_fd_ = -1;
};

// The rusage of every reaped child of this process so far.
struct rusage children_usage();

}  // namespace clonebench
