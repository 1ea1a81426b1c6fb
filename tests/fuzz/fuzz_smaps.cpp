// libFuzzer harness: /proc/PID/smaps, smaps_rollup and maps text. A kernel we have not seen
// may print anything: the parsers may refuse it (RuntimeError), never crash or hang.
#include "fuzz_support.hpp"
#include "memory/parent_memory.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clonebench;
  const std::string text = fuzz::text_of(data, size);
  try {
    parse_smaps(text);
  } catch (const RuntimeError&) {
  }
  try {
    parse_smaps_range(text, 0x7f0000000000, 0x7f0000400000);
    parse_smaps_ranges(text, {{0x1000, 0x2000}, {0x7f0000000000, 0x7fffffffffff}});
  } catch (const RuntimeError&) {
  }
  try {
    fuzz::require(count_maps_lines_in(text, 0x1000, 0x7fffffffffff) <= count_maps_lines(text));
  } catch (const RuntimeError&) {
  }
  return 0;
}
