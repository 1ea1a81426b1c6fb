#pragma once
// Where `scale` keeps its runs while it measures: the store, written run by run, as `sweep` does.

#include <fmt/core.h>

#include <exception>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "core/timestamp.hpp"
#include "record/run_record.hpp"
#include "store/store.hpp"

namespace clonebench {

// Stores each run as it ends, under an experiment row of kind "scale" written before the first
// run, so that an interrupted scale keeps its complete runs and is marked "interrupted" (or
// stays "running" if the tool was killed); it never gets a summary. Opened before anything is
// measured: a bad --db costs no measurement.
class ScaleStorage {
 public:
  ScaleStorage(bool no_store, const std::string& db_path, const std::string& label, std::string tag,
               std::string created_at)
      : tag_(std::move(tag)),
        created_at_(std::move(created_at)),
        label_(label.empty() ? kernel_release() : label) {
    if (!no_store) {
      store_.emplace(db_path.empty() ? Store::default_path() : db_path);
    }
  }
  void begin() {
    if (store_) {
      store_->begin_experiment(Experiment{tag_, "scale", created_at_, {}, "running"});
    }
  }
  void save(RunRecord& record, const nlohmann::json& environment) {
    if (store_) {
      record.label = label_;
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
