#pragma once
// Reading a whole /proc file with read(2) into a string: no iostreams, so the lean worker can use
// it too. /proc files report size 0, so it reads to EOF.

#include <string>

namespace clonebench {

// Throws RuntimeError naming the path when the file cannot be opened or read.
std::string read_proc_file(const char* path);

}  // namespace clonebench
