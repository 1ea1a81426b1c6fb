// libFuzzer harness: `clonebench trace` censuses (clonebench-trace/1), as `report` decodes a
// stored one (from any host, through `pull`) and as its fork cost model travels inside it. The
// decoder may refuse a document only with UsageError; what it accepts must go through the
// analysis, the fork prediction and the table without a crash, into valid UTF-8.
#include <nlohmann/json.hpp>

#include "fuzz_support.hpp"
#include "record/trace_summary_json.hpp"
#include "trace/fork_prediction.hpp"
#include "trace/fork_prediction_table.hpp"
#include "trace/trace_table.hpp"

namespace {

using namespace clonebench;

void check_census(const TraceCensus& census) {
  for (const std::string& word : census.command) {
    fuzz::require(is_valid_utf8(word));
  }
  for (const TraceRun& run : census.runs) {
    for (const Creation& creation : run.creations) {
      fuzz::require(is_valid_utf8(creation.comm));
    }
  }
  fuzz::require(is_valid_utf8(render_trace_table(census, {})));
  if (census.fork_prediction) {
    fuzz::require(census.fork_model.has_value());
    fuzz::require(is_valid_utf8(render_fork_prediction(*census.fork_prediction)));
  }
  if (census.fork_model) {
    const ForkPrediction prediction = predict_forks(census, *census.fork_model);
    fuzz::require(prediction.all.forks ==
                  prediction.all.below + prediction.all.inside + prediction.all.above);
    fuzz::require(is_valid_utf8(render_fork_prediction(prediction)));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json json = nlohmann::json::parse(fuzz::text_of(data, size), nullptr, false);
  if (json.is_discarded()) {
    return 0;  // the store and --json readers refuse text that is no JSON first
  }
  try {
    check_census(trace_census_from_json(json));
  } catch (const UsageError& refused) {
    fuzz::require(is_valid_utf8(printable(refused.what())));
  }
  return 0;
}
