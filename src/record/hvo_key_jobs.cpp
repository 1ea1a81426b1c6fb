#include "record/hvo_key_jobs.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

constexpr std::uint64_t kHvoKeyMinRssBytes = std::uint64_t{1} << 20;
constexpr std::uint64_t kPageBytes = 4096;

}  // namespace

HvoKeyJobs hvo_key_jobs(const StressorJob& spec_job, std::string_view spec) {
  const ParentShape& parent = spec_job.parent;
  if (parent.kind != ParentKind::kAnon || parent.bytes < kHvoKeyMinRssBytes ||
      parent.folio_bytes != 0) {
    throw UsageError(fmt::format(
        "SPEC ('{}'): --preset hvo-key needs a parent of anonymous 4 KiB pages, --rss of at "
        "least 1M (the fake-head test runs once per PTE of such pages)",
        printable(spec)));
  }
  HvoKeyJobs jobs{spec_job, spec_job};
  jobs.small.parent.bytes = parent.bytes / 4 / kPageBytes * kPageBytes;
  return jobs;
}

}  // namespace clonebench
