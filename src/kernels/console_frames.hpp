#pragma once
// The host's side of the console framing (guest/console_frame.h): the messages the guest's init
// sent, recovered from the serial console output however the kernel's own lines were mixed in.
// Pure: text in, messages out.

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clonebench {

struct ConsoleMessages {
  // (kind, index) → the message's bytes, for every message whose end line arrived and whose
  // whole-message CRC matched.
  std::map<std::pair<std::string, unsigned>, std::string> complete;
  std::size_t damaged_blocks = 0;    // block lines that did not parse or failed their CRC
  std::size_t damaged_messages = 0;  // end lines whose message failed its CRC
  bool done = false;                 // the init's last line (CBDONE1) arrived
};

ConsoleMessages decode_console(std::string_view console);

// The last `count` lines of the console that are not frame lines, for a failed boot's report;
// control characters escaped (stored and imported text is data).
std::vector<std::string> last_console_lines(std::string_view console, std::size_t count);

// For a panic: `count` such lines from the first one holding "Kernel panic" (its stack trace
// follows it, and would push it out of the last lines); the last lines when there is none.
std::vector<std::string> panic_console_lines(std::string_view console, std::size_t count);

}  // namespace clonebench
