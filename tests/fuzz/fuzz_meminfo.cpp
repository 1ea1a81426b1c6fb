// libFuzzer harness: /proc/meminfo text, read by the environment capture and by --rss checks.
#include "fuzz_support.hpp"
#include "memory/parent_memory.hpp"
#include "sys/meminfo_text.hpp"
#include "sys/proc_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clonebench;
  const std::string text = fuzz::text_of(data, size);
  for (const auto& [key, value] : parse_meminfo(text)) {
    fuzz::require(!key.empty());
  }
  for (const char* key : {"MemAvailable", "HugePages_Free", "Hugepagesize"}) {
    try {
      parse_meminfo_value(text, key);
    } catch (const RuntimeError&) {
    }
  }
  return 0;
}
