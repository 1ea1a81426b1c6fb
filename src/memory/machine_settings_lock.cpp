#include "memory/machine_settings_lock.hpp"

#include <fmt/core.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "memory/settings_journal.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

constexpr std::string_view kJournalPrefix = "machine-settings.";
constexpr std::string_view kJournalSuffix = ".journal";

void tell(const MachineSettingsLockOptions& options, const std::string& line) {
  if (options.notice) {
    options.notice(line);
  } else {
    fmt::print(stderr, "clonebench: {}\n", line);
  }
}

LockFile take_lock(const MachineSettingsLockOptions& options) {
  const std::string path = machine_settings_lock_path(options.directory);
  try {
    return LockFile(path, options.wait_s, [&](const LockHolder& holder) {
      tell(options, fmt::format("waiting for {}: the machine-wide settings are being changed by "
                                "{}; waiting at most {:g} s (--lock-wait)",
                                path, describe_lock_holder(holder), options.wait_s));
    });
  } catch (const LockBusy& busy) {
    throw Busy(fmt::format(
        "the machine-wide settings are being changed by {} (lock {}); {} (--lock-wait); "
        "nothing was changed",
        describe_lock_holder(busy.holder()), path,
        options.wait_s > 0 ? fmt::format("gave up after {:g} s", options.wait_s)
                           : std::string("not waiting")));
  }
}

// The number N of "machine-settings.N.journal"; 0 for any other name.
unsigned journal_number(std::string_view name) {
  if (!name.starts_with(kJournalPrefix) || !name.ends_with(kJournalSuffix)) {
    return 0;
  }
  const std::string_view digits = name.substr(
      kJournalPrefix.size(), name.size() - kJournalPrefix.size() - kJournalSuffix.size());
  unsigned number = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  return error == std::errc() && end == digits.data() + digits.size() ? number : 0;
}

// Every journal under `directory`, the newest guard's first: nested guards restore in the
// reverse order of their saves, as their destructors would have. Half-written journals
// (".tmp": written before any change, never renamed) are removed.
std::vector<std::string> leftover_journals(const std::string& directory) {
  std::vector<std::pair<unsigned, std::string>> numbered;
  for (const auto& entry :
       list_directory(directory).value_or(std::vector<std::filesystem::path>{})) {
    const std::string name = entry.filename().string();
    if (name.starts_with(kJournalPrefix) && name.ends_with(".journal.tmp")) {
      std::remove(entry.c_str());
    } else if (const unsigned number = journal_number(name); number != 0) {
      numbered.emplace_back(number, entry.string());
    }
  }
  std::sort(numbered.rbegin(), numbered.rend());
  std::vector<std::string> paths;
  for (auto& [number, path] : numbered) {
    paths.push_back(std::move(path));
  }
  return paths;
}

// Writes the journal's values back; true when every write succeeded.
bool replay(const MachineSettingsLockOptions& options, const std::string& path,
            const SettingsJournal& journal) {
  std::vector<std::string> written, failed;
  for (const ThpSetting& setting : journal.restore) {
    try {
      write_thp_settings({setting});
      written.push_back(fmt::format("{} = {}", setting.path, setting.value));
    } catch (const RuntimeError& error) {
      failed.push_back(error.what());
    }
  }
  tell(options,
       fmt::format("pid {} ({}) ended before it put the machine-wide settings back, "
                   "and so did its guardian: restored from {}: {}",
                   journal.pid, journal.command, path,
                   written.empty() ? "nothing" : fmt::format("{}", fmt::join(written, ", "))));
  for (const std::string& failure : failed) {
    tell(options, fmt::format("warning: {}", failure));
  }
  return failed.empty();
}

}  // namespace

std::string machine_settings_lock_path(std::string_view directory) {
  return fmt::format("{}/machine-settings.lock", directory);
}

MachineSettingsLock::MachineSettingsLock(MachineSettingsLockOptions options)
    : options_(std::move(options)), lock_(take_lock(options_)) {
  const std::string boot_id = current_boot_id();
  for (const std::string& path : leftover_journals(options_.directory)) {
    const SettingsJournal journal = read_settings_journal(path, options_.writable_roots);
    if (!boot_id.empty() && journal.boot_id != boot_id) {
      tell(options_, fmt::format("{} is from an earlier boot, which reset the settings it names: "
                                 "removed without replaying it",
                                 path));
    } else if (replay(options_, path, journal)) {
      ++replayed_;
    } else {
      throw RuntimeError(
          fmt::format("settings journal {}: not every value could be put back "
                      "(above); it is kept: check the settings it names",
                      path));
    }
    std::remove(path.c_str());
  }
}

std::string MachineSettingsLock::write_journal(const std::vector<ThpSetting>& restore) {
  const std::string path =
      fmt::format("{}/{}{}{}", options_.directory, kJournalPrefix, next_journal_++, kJournalSuffix);
  write_settings_journal(path, journal_of_this_process(restore));
  return path;
}

}  // namespace clonebench
