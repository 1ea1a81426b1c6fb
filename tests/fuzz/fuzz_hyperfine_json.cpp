// libFuzzer harness: hyperfine --export-json files, with and without --command.
#include "compare/input_readers.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clonebench;
  const std::string text = fuzz::text_of(data, size);
  fuzz::read_soundly([&] { return read_hyperfine_json("fuzz.json", text, ReadOptions{}); });
  ReadOptions chosen;
  chosen.hyperfine_command = "sleep 0.1";
  fuzz::read_soundly([&] { return read_hyperfine_json("fuzz.json", text, chosen); });
  return 0;
}
