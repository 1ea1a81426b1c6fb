#include "store/transfer.hpp"

#include <fmt/core.h>

#include <array>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

// What ab and kernels add to the label their runs are stored with: the arm.
constexpr std::array<std::string_view, 5> kArmSuffixes = {":a", ":b", ":off", ":on", ":control"};

std::string_view without_arm(std::string_view label) {
  for (const std::string_view suffix : kArmSuffixes) {
    if (label.ends_with(suffix) && label.size() > suffix.size()) {
      return label.substr(0, label.size() - suffix.size());
    }
  }
  return label;
}

bool is_hex(std::string_view text, std::size_t digits) {
  return text.size() == digits && text.find_first_not_of("0123456789abcdef") == text.npos;
}

// "2026-11-29T18:06:42Z", as iso8601_utc_now() writes it.
bool is_utc_timestamp(std::string_view text) {
  constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:ddZ";
  if (text.size() != kShape.size()) {
    return false;
  }
  for (std::size_t i = 0; i < kShape.size(); ++i) {
    const bool digit = text[i] >= '0' && text[i] <= '9';
    if (kShape[i] == 'd' ? !digit : text[i] != kShape[i]) {
      return false;
    }
  }
  return true;
}

void require(bool holds, std::string_view field, std::string_view problem) {
  if (!holds) {
    throw UsageError(fmt::format("{} {}", field, problem));
  }
}

void require_time(double seconds, std::string_view field) {
  require(std::isfinite(seconds) && seconds >= 0, field,
          fmt::format("is {}, not a finite number of seconds >= 0", seconds));
}

// The count's stored bit pattern read back as unsigned: a value above INT64_MAX was negative
// in the store.
void require_count(std::uint64_t count, std::string_view field) {
  require(count <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()), field,
          fmt::format("is {} in the store, not a count >= 0", static_cast<std::int64_t>(count)));
}

void check_texts(const StoredRun& run) {
  const RunRecord& record = run.record;
  require_selectable_label(without_arm(record.label), "label");
  require_clean_text(record.result.stressor, "stressor");
  require_clean_text(record.experiment, "experiment tag");
  require_clean_text(run.origin.hostname, "host name");
  require(is_utc_timestamp(record.started_at), "started_at",
          fmt::format("'{}' is not an ISO-8601 UTC time (2026-11-29T18:06:42Z)",
                      shortened(record.started_at, kQuotedChars)));
  require(is_hex(run.origin.uid, 32), "uid",
          fmt::format("'{}' is not 32 hex digits", shortened(run.origin.uid, kQuotedChars)));
  require(
      run.origin.machine_hash.empty() || is_hex(run.origin.machine_hash, 32), "machine_hash",
      fmt::format("'{}' is not 32 hex digits", shortened(run.origin.machine_hash, kQuotedChars)));
}

enum class Copy { kStored, kPresent, kMissing };

// Copies one run; throws UsageError when it is refused.
Copy transfer_run(const Store& from, Store& to, std::int64_t id, const TransferCheck& check) {
  const std::optional<StoredRun> run = from.load(id);
  if (!run) {
    return Copy::kMissing;
  }
  std::optional<Experiment> experiment;
  if (!run->record.experiment.empty()) {
    experiment = from.load_experiment_summary(run->record.experiment);
  }
  check_stored_run(*run);
  if (check) {
    check(*run, experiment);
  }
  return to.import_run(*run, experiment) ? Copy::kStored : Copy::kPresent;
}

}  // namespace

void check_stored_run(const StoredRun& run) {
  check_texts(run);
  const RunResult& result = run.record.result;
  require(result.instances >= 1, "instances", "is 0");
  require_count(result.bogo_ops, "bogo_ops");
  require_count(result.max_rss_kb, "max_rss_kb");
  require_time(result.real_time_s, "real_time_s");
  require_time(result.usr_time_s, "usr_time_s");
  require_time(result.sys_time_s, "sys_time_s");
  require(result.options.is_object(), "options", "is not an object");
  require(run.environment.is_object(), "environment", "is not an object");
}

TransferCount transfer_runs(const Store& from, Store& to, const std::vector<std::int64_t>& ids,
                            const TransferCheck& check) {
  const std::vector<std::int64_t> chosen = ids.empty() ? from.run_ids() : ids;
  TransferCount count;
  for (const std::int64_t id : chosen) {
    Copy copy = Copy::kMissing;
    try {
      copy = transfer_run(from, to, id, check);
    } catch (const UsageError& error) {
      count.refused.push_back(fmt::format("run {} in {}: {}", id, from.path(), error.what()));
      continue;
    } catch (const RuntimeError& error) {
      throw RuntimeError(fmt::format("{} ({} runs copied before it, {} already there)",
                                     error.what(), count.stored, count.present));
    }
    if (copy == Copy::kMissing) {
      throw UsageError(fmt::format("run {} is not in {}", id, from.path()));
    }
    ++(copy == Copy::kStored ? count.stored : count.present);
  }
  return count;
}

}  // namespace clonebench
