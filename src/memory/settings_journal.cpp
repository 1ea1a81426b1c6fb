#include "memory/settings_journal.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "sys/descriptor.hpp"
#include "sys/lock_file.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

constexpr std::string_view kJournalHeader = "clonebench machine-settings journal 1";
constexpr std::size_t kJournalMaxBytes = 64 * 1024;  // a few hundred writes at most

// One word of a journal line: something, without white space or control characters.
bool is_word(std::string_view text) {
  return !text.empty() && std::none_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) <= ' ' || c == '\x7f';
  });
}

void write_whole(int fd, const std::string& text, const std::string& path) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) {
      continue;
    }
    if (wrote <= 0) {
      throw_errno(fmt::format("cannot write the settings journal {}", path));
    }
    done += static_cast<std::size_t>(wrote);
  }
}

// Makes the rename of a file in `directory` durable.
void sync_directory(const std::string& directory) {
  const Descriptor dir(::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() < 0 || ::fsync(dir.get()) != 0) {
    throw_errno(fmt::format("cannot sync the directory {}", directory));
  }
}

// A path a journal may write: absolute, under one of `roots`, no "..", nothing but a word.
bool allowed_path(std::string_view path, const std::vector<std::string>& roots) {
  if (!is_word(path) || path.front() != '/' || path.find("/../") != std::string_view::npos ||
      path.ends_with("/..")) {
    return false;
  }
  return std::any_of(roots.begin(), roots.end(), [path](const std::string& root) {
    return path.size() > root.size() + 1 && path.starts_with(root) && path[root.size()] == '/';
  });
}

[[noreturn]] void bad_line(const std::string& path, std::size_t number, std::string_view why) {
  throw RuntimeError(
      fmt::format("settings journal {}: line {}: {}; check the settings it names "
                  "and remove it",
                  path, number, why));
}

// Reads one "key value" line into `journal`; `number` counts from 1.
void read_line(const std::string& path, std::size_t number, std::string_view line,
               const std::vector<std::string>& roots, SettingsJournal& journal) {
  const std::size_t space = line.find(' ');
  const std::string_view key = line.substr(0, space);
  const std::string_view value = space == std::string_view::npos ? "" : line.substr(space + 1);
  if (key == "boot_id" && is_word(value)) {
    journal.boot_id = std::string(value);
  } else if (key == "pid") {
    const auto [end, error] =
        std::from_chars(value.data(), value.data() + value.size(), journal.pid);
    if (error != std::errc() || end != value.data() + value.size() || journal.pid <= 0) {
      bad_line(path, number, "the pid is not a number");
    }
  } else if (key == "command") {
    journal.command = shortened(value, 200);
  } else if (key == "write") {
    const std::size_t gap = value.find(' ');
    const std::string_view file = value.substr(0, gap);
    const std::string_view setting = gap == std::string_view::npos ? "" : value.substr(gap + 1);
    if (!allowed_path(file, roots)) {
      bad_line(path, number,
               fmt::format("'{}' is not a setting it may write", shortened(file, 80)));
    }
    if (!is_word(setting)) {
      bad_line(path, number, "the value is not one word");
    }
    journal.restore.push_back({std::string(file), std::string(setting)});
  } else {
    bad_line(path, number, fmt::format("'{}' is not a line of a journal", shortened(line, 80)));
  }
}

}  // namespace

std::string current_boot_id() {
  return trim(read_text_file("/proc/sys/kernel/random/boot_id").value_or(""));
}

SettingsJournal journal_of_this_process(std::vector<ThpSetting> restore) {
  return {current_boot_id(), ::getpid(), own_command_line(), std::move(restore)};
}

void write_settings_journal(const std::string& path, const SettingsJournal& journal) {
  std::string text = fmt::format("{}\nboot_id {}\npid {}\ncommand {}\n", kJournalHeader,
                                 is_word(journal.boot_id) ? journal.boot_id : "unknown",
                                 journal.pid, printable(journal.command));
  for (const ThpSetting& write : journal.restore) {
    if (!is_word(write.path) || !is_word(write.value)) {
      throw RuntimeError(fmt::format("settings journal {}: cannot record '{}' = '{}'", path,
                                     printable(write.path), printable(write.value)));
    }
    text += fmt::format("write {} {}\n", write.path, write.value);
  }
  const std::string temporary = path + ".tmp";
  {
    const Descriptor file(
        ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (file.get() < 0) {
      throw_errno(fmt::format("cannot create the settings journal {}", temporary));
    }
    write_whole(file.get(), text, temporary);
    if (::fsync(file.get()) != 0) {
      throw_errno(fmt::format("cannot sync the settings journal {}", temporary));
    }
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    throw_errno(fmt::format("cannot rename the settings journal {}", temporary));
  }
  sync_directory(std::filesystem::path(path).parent_path().string());
}

SettingsJournal read_settings_journal(const std::string& path,
                                      const std::vector<std::string>& writable_roots) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text || text->size() > kJournalMaxBytes) {
    throw RuntimeError(
        fmt::format("settings journal {}: cannot read it as a small regular file; "
                    "check the settings it names and remove it",
                    path));
  }
  SettingsJournal journal;
  std::size_t number = 0;
  for (std::size_t start = 0; start < text->size();) {
    const std::size_t end = std::min(text->find('\n', start), text->size());
    const std::string_view line = std::string_view(*text).substr(start, end - start);
    ++number;
    if (number == 1 && line != kJournalHeader) {
      bad_line(path, number, "not a clonebench settings journal");
    }
    if (number > 1) {
      read_line(path, number, line, writable_roots, journal);
    }
    start = end + 1;
  }
  if (number == 0 || text->back() != '\n') {
    bad_line(path, number, "the journal ends in the middle of a line");
  }
  return journal;
}

}  // namespace clonebench
