#pragma once
// The process table as /proc shows it, for tests that must see what a run of the tool left
// behind or started: every process with its state and parent, threads included on request.
// Only /proc is read, never the tool's internals, so the checks hold whatever the tool's
// process structure is.

#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace clonebench::testing {

struct ProcessEntry {
  pid_t pid = 0;
  pid_t parent = 0;
  char state = '?';  // R, S, D, Z, T, ... as in /proc/PID/stat
  std::string name;  // comm
};

inline std::string read_proc_file(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// Numeric entries of a /proc directory (processes, or a process's threads in .../task).
inline std::vector<pid_t> numeric_entries(const std::string& directory) {
  std::vector<pid_t> ids;
  DIR* dir = ::opendir(directory.c_str());
  if (dir == nullptr) {
    return ids;
  }
  while (const dirent* entry = ::readdir(dir)) {
    const pid_t id = static_cast<pid_t>(std::atoi(entry->d_name));
    if (id > 0) {
      ids.push_back(id);
    }
  }
  ::closedir(dir);
  return ids;
}

// Parses /proc/PID/stat; false when the process is gone. The name may hold spaces and
// parentheses, so the fields after it are found from the last ')'.
inline bool read_process_entry(pid_t pid, ProcessEntry& out) {
  const std::string stat = read_proc_file("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t open = stat.find('(');
  const std::size_t close = stat.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close + 2 > stat.size()) {
    return false;
  }
  std::istringstream fields(stat.substr(close + 2));
  out.pid = pid;
  out.name = stat.substr(open + 1, close - open - 1);
  return static_cast<bool>(fields >> out.state >> out.parent);
}

// Every process on the machine, read once.
inline std::vector<ProcessEntry> process_table() {
  std::vector<ProcessEntry> table;
  for (const pid_t pid : numeric_entries("/proc")) {
    ProcessEntry entry;
    if (read_process_entry(pid, entry)) {
      table.push_back(entry);
    }
  }
  return table;
}

inline std::vector<ProcessEntry> children_of(pid_t parent) {
  std::vector<ProcessEntry> children;
  for (const ProcessEntry& entry : process_table()) {
    if (entry.parent == parent) {
      children.push_back(entry);
    }
  }
  return children;
}

// Every process below `root` (children, their children, ...), zombies included.
inline std::vector<ProcessEntry> descendants_of(pid_t root) {
  std::multimap<pid_t, ProcessEntry> by_parent;
  for (const ProcessEntry& entry : process_table()) {
    by_parent.emplace(entry.parent, entry);
  }
  std::vector<ProcessEntry> found;
  std::vector<pid_t> frontier = {root};
  while (!frontier.empty()) {
    const pid_t parent = frontier.back();
    frontier.pop_back();
    const auto [begin, end] = by_parent.equal_range(parent);
    for (auto it = begin; it != end; ++it) {
      found.push_back(it->second);
      frontier.push_back(it->second.pid);
    }
  }
  return found;
}

// Process and thread ids of `root`'s descendants and of the threads of `root` itself and of
// every descendant (a thread stressor's children are threads), as one instant shows them. The
// walk reads each task's /proc/PID/task/TID/children, one small read that lists the children
// of that moment, instead of the whole process table: a fork child lives for a fraction of a
// millisecond, and a scan of every /proc entry rarely caught one alive (under a sanitizer on a
// loaded machine, not three in ten seconds).
inline std::set<pid_t> descendant_tasks_of(pid_t root) {
  std::set<pid_t> ids;
  std::vector<pid_t> frontier = {root};
  while (!frontier.empty()) {
    const pid_t pid = frontier.back();
    frontier.pop_back();
    const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
    for (const pid_t tid : numeric_entries(tasks)) {
      if (tid != pid) {
        ids.insert(tid);
      }
      std::istringstream children(read_proc_file(tasks + "/" + std::to_string(tid) + "/children"));
      for (pid_t child = 0; children >> child;) {
        if (ids.insert(child).second) {
          frontier.push_back(child);
        }
      }
    }
  }
  return ids;
}

inline std::string describe(const std::vector<ProcessEntry>& entries) {
  std::string text;
  for (const ProcessEntry& entry : entries) {
    text += (text.empty() ? "" : ", ") + std::to_string(entry.pid) + " (" + entry.name +
            ", state " + entry.state + ", parent " + std::to_string(entry.parent) + ")";
  }
  return text.empty() ? "none" : text;
}

}  // namespace clonebench::testing
