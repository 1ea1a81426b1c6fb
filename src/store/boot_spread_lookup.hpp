#pragma once
// The between-boot spread a store already knows: when a comparison has one boot per side, the
// spread measured elsewhere on the same host with the same stressor tells how many boots per
// side would resolve the threshold (docs/statistics.md, "Boots are the units").

#include <map>
#include <string>
#include <vector>

#include "compare/boot_design.hpp"
#include "store/store.hpp"

namespace clonebench {

// From every stored label whose runs of `run_group` (record/run_group.hpp: the stressor and the
// settings that change the work) on `host` (environment.hostname) span ≥ 2
// boots: the spreads of each metric in `metrics` (record/metric_table.hpp names), pooled over those
// labels (between and within variances weighted by their degrees of freedom). Metrics no such label
// measured are absent.
std::map<std::string, KnownBootSpread> known_boot_spreads(const Store& store,
                                                          const std::string& host,
                                                          const std::string& run_group,
                                                          const std::vector<std::string>& metrics);

}  // namespace clonebench
