// libFuzzer harness: stress-ng --yaml output.
#include "compare/input_readers.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clonebench;
  const std::string text = fuzz::text_of(data, size);
  fuzz::read_soundly([&] { return read_stress_ng_yaml("fuzz.yaml", text); });
  return 0;
}
