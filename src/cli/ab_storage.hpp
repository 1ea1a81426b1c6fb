#pragma once
// Where `ab` keeps its runs while it measures: the store, written run by run.

#include <fmt/core.h>

#include <exception>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "cli/ab_arguments.hpp"
#include "core/timestamp.hpp"
#include "record/run_record.hpp"
#include "store/store.hpp"

namespace clonebench {

// Stores each measured run as it ends, under an experiment row written before the first run, so
// that an interrupted `ab` keeps its completed runs (marked "interrupted", or "running" if the
// tool was killed). Opened before anything is measured: a bad --db costs no measurement.
class AbStorage {
 public:
  AbStorage(const AbArguments& args, std::string tag, std::string created_at)
      : tag_(std::move(tag)),
        created_at_(std::move(created_at)),
        label_(args.label.empty() ? kernel_release() : args.label) {
    if (!args.no_store) {
      store_.emplace(args.db_path.empty() ? Store::default_path() : args.db_path);
    }
  }
  bool enabled() const noexcept { return store_.has_value(); }
  const std::string& tag() const noexcept { return tag_; }
  void begin() {
    if (store_) {
      store_->begin_experiment(Experiment{tag_, "ab", created_at_, {}});
    }
  }
  // The arm is in the stored label; the order of each pair is in the summary. Not in the run's
  // options: compare would report it as a setting difference.
  void save(RunRecord& record, const std::string& arm, const nlohmann::json& environment) {
    if (store_) {
      record.label = fmt::format("{}:{}", label_, arm);
      record.experiment = tag_;
      store_->save(record, environment);
    }
  }
  void finish(const nlohmann::json& summary) {
    if (store_) {
      store_->finish_experiment(tag_, summary, "complete");
    }
  }
  // On the way out of an error: the original error matters more than this one.
  void mark_interrupted() noexcept {
    if (!store_) {
      return;
    }
    try {
      store_->finish_experiment(tag_, nlohmann::json::object(), "interrupted");
    } catch (const std::exception& error) {
      fmt::print(stderr, "clonebench: warning: {}\n", error.what());
    }
  }

 private:
  std::optional<Store> store_;
  std::string tag_, created_at_, label_;
};

}  // namespace clonebench
