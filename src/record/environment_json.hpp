#pragma once
// The one codec of the "environment" object (docs/schema.md, "2.5 environment"). A stored or
// exported environment was captured on another machine, possibly by another version: it is
// decoded once, where it leaves the store or the file, and every reader takes the typed record.

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "record/environment.hpp"

namespace clonebench {

// The object as clonebench/1 stores it: every recorded fact under its key (null when it could
// not be read), facts that were not recorded left out.
nlohmann::json environment_to_json(const Environment& environment);

// Checked and tolerant, never throws: a key that is missing (an old or imported document) reads
// as not recorded, null as unknown, a key it does not know is ignored, and a known key whose
// value has another shape than clonebench writes ("smt": true in a hand-written file) reads as
// not recorded too, as the readers before this codec ignored it; the other facts still read.
// Anything but an object (null: a document without an environment) reads as no facts at all.
Environment environment_from_json(const nlohmann::json& json);

// A part of the environment as compact JSON text, the way `compare` shows a value that differs
// between A and B ({"active":true,"control":"on"}).
std::string environment_text(const SmtFacts& smt);
std::string environment_text(const VirtualizationFacts& virtualization);
std::string environment_text(const HvoFacts& hvo);
std::string environment_text(const std::map<std::string, std::string>& texts);
std::string environment_text(const std::map<std::string, bool>& flags);
std::string environment_text(double number);  // 1.0, not 1: as the JSON writes it

// One recorded fact of the environment, objects flattened: its path of keys
// ({"smt", "active"}) and its text (a string as it is, null as "n/a", other values as compact
// JSON; an empty object is one fact, "{}"). In the JSON's key order: `clonebench env --full`.
struct EnvironmentLine {
  std::vector<std::string> path;
  std::string text;
};
std::vector<EnvironmentLine> environment_fact_lines(const Environment& environment);

}  // namespace clonebench
