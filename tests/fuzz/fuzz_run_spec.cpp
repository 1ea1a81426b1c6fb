// libFuzzer harness: `run` arguments (NUL-separated, as argv) and ab's quoted SPEC text.
#include "cli/argument_split.hpp"
#include "cli/run_spec.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clonebench;
  const std::vector<std::string> args = fuzz::parts_of(data, size);
  try {
    const RunSpec spec = parse_run_spec(args);
    fuzz::require(!spec.jobs.empty());
    for (const StressorJob& job : spec.jobs) {
      fuzz::require(job.instances >= 1 && job.timeout_s > 0 && std::isfinite(job.timeout_s));
    }
    fuzz::require(spec.label.empty() || is_valid_utf8(spec.label));
  } catch (const UsageError&) {
  }
  try {
    split_arguments(fuzz::text_of(data, size), "SPEC");
  } catch (const UsageError&) {
  }
  return 0;
}
