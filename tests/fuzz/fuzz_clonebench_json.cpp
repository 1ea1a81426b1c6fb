// libFuzzer harness: clonebench/1 JSON documents.
#include "compare/input_readers.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clonebench;
  const std::string text = fuzz::text_of(data, size);
  fuzz::read_soundly([&] { return read_clonebench_json("fuzz.json", text); });
  return 0;
}
