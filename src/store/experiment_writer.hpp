#pragma once
// Where an experiment (`ab`, `sweep`, `scale`) keeps its runs while it measures: the store,
// written run by run.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "record/run_record.hpp"
#include "store/store.hpp"

namespace clonebench {

// Stores each run as it ends, under an experiment row written before the first run, so that an
// interrupted experiment keeps its complete runs and is marked "interrupted" (or stays
// "running" if the tool was killed); only a finished one gets its summary. Opened when
// constructed, before anything is measured: a bad --db costs no measurement. With `no_store`
// every call does nothing.
class ExperimentWriter {
 public:
  struct Identity {
    ExperimentKind kind;
    std::string tag;         // unique
    std::string created_at;  // ISO-8601 UTC
    std::string label;       // "": `uname -r`
  };
  ExperimentWriter(Identity identity, bool no_store, const std::string& db_path);

  bool enabled() const noexcept { return store_.has_value(); }
  const std::string& tag() const noexcept { return identity_.tag; }

  void begin();
  // The stored label is the experiment's, followed by ":<arm>" when an arm is given (ab's "a"
  // and "b": in the label, not in the run's options, which compare would report as a setting).
  void save(RunRecord& record, const Environment& environment, const std::string& arm = "");
  void finish(const nlohmann::json& summary);
  // On the way out of an error: the original error matters more than this one, so a failure
  // here is only a warning on stderr.
  void mark_interrupted() noexcept;

 private:
  Identity identity_;
  std::optional<Store> store_;
};

}  // namespace clonebench
