#pragma once
// A journal of machine-wide settings to put back: the writes that restore what a guard saved
// (thp_guard.hpp), on disk before the first change, so that a later run (or `clonebench check
// --restore`) can replay them when both the tool and its guardian were killed. The file is
// written whole to a temporary name, fsync'd and renamed, so a reader sees all of it or none;
// the guard removes it once the values are back. Its text is data when read: every line is
// checked, and a write may only go to a file under one of the roots the reader allows.
//
//   clonebench machine-settings journal 1
//   boot_id 0f1e...      (a journal of an earlier boot is stale: the boot reset the settings)
//   pid 1234
//   command clonebench sweep fork --folio 4K,64K
//   write /sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled never
//   ...                  (in the order they are to be written)

#include <sys/types.h>

#include <string>
#include <vector>

#include "memory/thp_settings.hpp"

namespace clonebench {

struct SettingsJournal {
  std::string boot_id;              // /proc/sys/kernel/random/boot_id when it was written
  pid_t pid = 0;                    // the tool that wrote it
  std::string command;              // its command line, printable
  std::vector<ThpSetting> restore;  // the writes that put the settings back, in order
};

// The journal of this process for `restore` (boot id, pid and command line filled in).
SettingsJournal journal_of_this_process(std::vector<ThpSetting> restore);

// Writes `journal` to `path` (via `path`.tmp, fsync'd, renamed, the directory fsync'd). Throws
// RuntimeError naming the file; a path or value with white space or a control character is
// refused (it could not be read back as one line).
void write_settings_journal(const std::string& path, const SettingsJournal& journal);

// Reads and checks the journal at `path`: each write must go to a file under one of
// `writable_roots`. Throws RuntimeError naming the file and the line of the first fault.
SettingsJournal read_settings_journal(const std::string& path,
                                      const std::vector<std::string>& writable_roots);

// This boot's id ("" when it cannot be read).
std::string current_boot_id();

}  // namespace clonebench
