#pragma once
// Which runs may be pooled into one figure. Two runs belong to one group when they measured the
// same work per operation: the same stressor and the same settings that change what each
// creating call does or competes with (instances, workload and its stress-ng options, the
// parent's size, kind, VMAs and folio size, pinning, the live-children cap, how often phases are
// timed, sampling with --profile). Settings that only say how long the measurement lasted
// (timeout, warm-up, --ops, the cap the kernel allowed), the seed and the command line do not
// split a group: a comparison names them in a note (compare/environment_diff.hpp). docs/report.md
// states the rule; reports, `compare` and the trend use it alike.

#include <string>

#include "record/run_record.hpp"

namespace clonebench {

// The group of a run as text: the stressor alone for the default settings ("fork"), else the
// stressor and each setting that differs from its default, in a fixed order
// ("fork (instances 2, rss 64M)"). A setting the run did not record counts as its default (a
// run stored before it was recorded was measured with the default). Stored text (the stressor,
// a kind's name) is made printable.
std::string run_group_name(const RunResult& result, bool profiled);

// The group of a stored run (profiled when it carries a kernel profile).
std::string run_group_name(const RunRecord& record);

}  // namespace clonebench
