#include "trace/trace_document.hpp"

#include "record/trace_summary_json.hpp"
#include "trace/fork_prediction.hpp"

namespace clonebench {

nlohmann::json trace_document(const TraceCensus& census) {
  std::optional<ForkPrediction> prediction;
  if (census.fork_model) {
    prediction = predict_forks(census, *census.fork_model);
  }
  return trace_census_to_json(census, prediction);
}

}  // namespace clonebench
