#pragma once
// Writing to a pipe, a FIFO or a device without waiting forever. Output is written while
// SIGINT/SIGTERM/SIGHUP are blocked (so a stored run and its files are whole), so a wait here
// must end by itself: a FIFO nobody opens for reading, or a reader that stops reading, is an
// error after a bound, and an interrupt that arrives while waiting ends the wait at once.

#include <string>

namespace clonebench {

// How long a FIFO may stay without a reader before writing to it fails.
inline constexpr double kReaderWaitS = 10;
// How long a reader may take no byte at all before writing to it fails.
inline constexpr double kStalledReaderS = 30;

// Opens a FIFO or character device for writing without blocking; a FIFO with no reader is
// retried until one opens it, at most kReaderWaitS. Returns the descriptor (O_NONBLOCK).
// Throws UsageError naming `flag` and `path` when it cannot be opened, RuntimeError when no
// reader came; Interrupted for a pending SIGINT/SIGTERM/SIGHUP.
int open_write_through(const std::string& path, const std::string& flag);

// Writes all of `content` to `fd`, waiting for room with poll(); throws RuntimeError naming
// `flag` and `path` when writing fails or no byte could be written for kStalledReaderS, and
// Interrupted for a pending SIGINT/SIGTERM/SIGHUP.
void write_all_bounded(int fd, const std::string& content, const std::string& flag,
                       const std::string& path);

}  // namespace clonebench
