#pragma once
// Reading a stored experiment summary, checked: a summary read from a store is untrusted (it may
// come from another host through `pull`, or from a database anyone could write). SummaryField
// checks every field a decoder reads — its type, finite numbers, interval lengths — and throws
// SummaryError naming the field ("fits[0].per_page_ns.ci"), so a malformed summary is a clear
// error, never a crash or a string that reaches a gnuplot script. A missing array or number reads
// as empty or absent (a "running" or "interrupted" experiment stores the empty object); a present
// one must be well-formed.

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/summary_interval.hpp"

namespace clonebench {

// A malformed stored summary; what() is "<field>: <what is wrong>". A UsageError: the input, not
// the tool, is at fault (exit 2).
class SummaryError : public UsageError {
 public:
  SummaryError(const std::string& field, const std::string& problem)
      : UsageError(field + ": " + problem), field_(field) {}
  const std::string& field() const noexcept { return field_; }

 private:
  std::string field_;
};

// A field of the stored document and its path from the summary's root, so that every error
// names it: "fits[0].per_page_ns.ci".
class SummaryField {
 public:
  SummaryField(const nlohmann::json& json, std::string path)
      : json_(json), path_(std::move(path)) {}

  [[noreturn]] void fail(std::string_view problem) const {
    throw SummaryError(path_.empty() ? "the summary" : path_, std::string(problem));
  }
  SummaryField at(const char* key) const {
    const auto found = object().find(key);
    if (found == json_.end()) {
      SummaryField(json_, child(key)).fail("missing");
    }
    return SummaryField(*found, child(key));
  }
  // The member `key` unless it is absent or null.
  std::optional<SummaryField> find(const char* key) const {
    const auto found = object().find(key);
    if (found == json_.end() || found->is_null()) {
      return std::nullopt;
    }
    return SummaryField(*found, child(key));
  }
  std::vector<SummaryField> items() const {
    if (!json_.is_array()) {
      fail("expected an array");
    }
    std::vector<SummaryField> fields;
    for (std::size_t i = 0; i < json_.size(); ++i) {
      fields.emplace_back(json_[i], fmt::format("{}[{}]", path_, i));
    }
    return fields;
  }
  // The items of array member `key`; none when it is absent.
  std::vector<SummaryField> items_of(const char* key) const {
    const std::optional<SummaryField> array = find(key);
    return array ? array->items() : std::vector<SummaryField>();
  }
  double number() const {
    if (!json_.is_number() || !std::isfinite(json_.get<double>())) {
      fail("expected a finite number");
    }
    return json_.get<double>();
  }
  std::uint64_t count() const {
    if (!json_.is_number_unsigned() &&
        !(json_.is_number_integer() && json_.get<std::int64_t>() >= 0)) {
      fail("expected a whole number ≥ 0");
    }
    return json_.get<std::uint64_t>();
  }
  // A whole number that may be negative.
  std::int64_t integer() const {
    if (!json_.is_number_integer() ||
        (json_.is_number_unsigned() &&
         json_.get<std::uint64_t>() > std::uint64_t{std::numeric_limits<std::int64_t>::max()})) {
      fail("expected a whole number");
    }
    return json_.get<std::int64_t>();
  }
  std::uint32_t count32() const {
    const std::uint64_t value = count();
    if (value > std::numeric_limits<std::uint32_t>::max()) {
      fail("too large");
    }
    return static_cast<std::uint32_t>(value);
  }
  std::string text() const {
    if (!json_.is_string()) {
      fail("expected a string");
    }
    return json_.get<std::string>();
  }
  bool is_null() const { return json_.is_null(); }
  bool boolean() const {
    if (!json_.is_boolean()) {
      fail("expected true or false");
    }
    return json_.get<bool>();
  }
  std::optional<double> optional_number(const char* key) const {
    const std::optional<SummaryField> field = find(key);
    return field ? std::optional<double>(field->number()) : std::nullopt;
  }
  double number_or(const char* key, double fallback) const {
    return optional_number(key).value_or(fallback);
  }
  std::uint64_t count_or(const char* key, std::uint64_t fallback) const {
    const std::optional<SummaryField> field = find(key);
    return field ? field->count() : fallback;
  }
  bool boolean_or(const char* key, bool fallback) const {
    const std::optional<SummaryField> field = find(key);
    return field ? field->boolean() : fallback;
  }
  std::string text_or(const char* key, const std::string& fallback) const {
    const std::optional<SummaryField> field = find(key);
    return field ? field->text() : fallback;
  }

 private:
  const nlohmann::json& object() const {
    if (!json_.is_object()) {
      fail("expected an object");
    }
    return json_;
  }
  std::string child(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

  const nlohmann::json& json_;
  std::string path_;
};

// [lo, hi]: exactly two entries, each a finite number, or null where `nulls` allows it.
SummaryInterval summary_interval(const SummaryField& field, bool nulls);
// The stored form summary_interval() reads: [lo, hi], an unbounded end as null.
template <class Json>
Json summary_interval_json(const SummaryInterval& interval) {
  const auto end = [](const std::optional<double>& value) {
    return value ? Json(*value) : Json(nullptr);
  };
  return Json::array({end(interval.lo), end(interval.hi)});
}
// The whole numbers of array member `key`; none when it is absent.
std::vector<std::uint64_t> summary_counts(const SummaryField& object, const char* key);
// The text of member `key`, unless it is absent or null.
std::optional<std::string> summary_text(const SummaryField& object, const char* key);

// The text of `field`, which must be one of `names` (`what` names the list in the error).
std::string summary_known_name(const SummaryField& field, const auto& names, const char* what) {
  std::string name = field.text();
  if (std::none_of(std::begin(names), std::end(names),
                   [&](const char* known) { return name == known; })) {
    field.fail(fmt::format("'{}' is not a {}", printable(name.substr(0, 40)), what));
  }
  return name;
}

}  // namespace clonebench
