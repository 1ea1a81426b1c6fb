#include "store/run_row_mapping.hpp"

#include "core/text_safety.hpp"
#include "record/run_options_json.hpp"

namespace clonebench {

RunValues run_values(const RunRecord& record) {
  const RunResult& result = record.result;
  RunValues values;
  values.options_json = dump_json(run_options_to_json(result.options));
  values.failures_json = dump_json(failures_to_json(result.failures));
  values.parent_json = dump_json(parent_to_json(result.parent, result.requested_rss_bytes()));
  values.intervals_json = dump_json(intervals_to_json(result.intervals));
  values.stress_ng_json = result.stress_ng ? dump_json(stress_ng_to_json(*result.stress_ng)) : "{}";
  values.supervisor_reaped = static_cast<std::int64_t>(result.supervisor_reaped);
  values.instances = static_cast<std::int64_t>(result.instances);
  values.bogo_ops = static_cast<std::int64_t>(result.bogo_ops);
  values.max_rss_kb = static_cast<std::int64_t>(result.max_rss_kb);
  return values;
}

}  // namespace clonebench
