#pragma once
// The one JSON codec of KernelsSummary (record/kernels_summary.hpp). The comparison inside it is
// compare's own document: the encoder takes it encoded (null when there is none), the decoder
// checks it as an ab summary's (record/ab_summary.hpp).

#include <nlohmann/json.hpp>

#include "record/kernels_summary.hpp"

namespace clonebench {

// `comparison`: compare_to_json of the comparison, or null. Key order as docs/kernels.md shows.
nlohmann::ordered_json kernels_summary_to_json(const KernelsSummary& summary,
                                               const nlohmann::ordered_json& comparison);
// Throws SummaryError naming the first malformed field. A field an older or interrupted
// experiment did not store reads as its default.
KernelsSummary kernels_summary_from_json(const nlohmann::json& json);

}  // namespace clonebench
