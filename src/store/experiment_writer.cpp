#include "store/experiment_writer.hpp"

#include <fmt/core.h>

#include <exception>
#include <utility>

#include "core/timestamp.hpp"

namespace clonebench {

ExperimentWriter::ExperimentWriter(Identity identity, bool no_store, const std::string& db_path)
    : identity_(std::move(identity)) {
  if (identity_.label.empty()) {
    identity_.label = kernel_release();
  }
  if (!no_store) {
    store_.emplace(db_path.empty() ? Store::default_path() : db_path);
  }
}

void ExperimentWriter::begin() {
  if (store_) {
    store_->begin_experiment(identity_.tag, identity_.kind, identity_.created_at);
  }
}

void ExperimentWriter::save(RunRecord& record, const Environment& environment,
                            const std::string& arm) {
  if (store_) {
    record.label = arm.empty() ? identity_.label : fmt::format("{}:{}", identity_.label, arm);
    record.experiment = identity_.tag;
    store_->save(record, environment);
  }
}

void ExperimentWriter::finish(const nlohmann::json& summary) {
  if (store_) {
    store_->finish_experiment(identity_.tag, summary, "complete");
  }
}

void ExperimentWriter::mark_interrupted() noexcept {
  if (!store_) {
    return;
  }
  try {
    store_->finish_experiment(identity_.tag, nlohmann::json::object(), "interrupted");
  } catch (const std::exception& error) {
    fmt::print(stderr, "clonebench: warning: {}\n", error.what());
  }
}

}  // namespace clonebench
