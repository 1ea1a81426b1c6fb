// libFuzzer harness: stress-ng --metrics logs (old "info:" and new "metrc:" lines).
#include "compare/input_readers.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clonebench;
  const std::string text = fuzz::text_of(data, size);
  fuzz::read_soundly([&] { return read_stress_ng_log("fuzz.log", text); });
  return 0;
}
