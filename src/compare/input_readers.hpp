#pragma once
// Readers of comparison inputs, one per format (each in its own file), and the detection that
// picks one. Every error is a UsageError naming the file and, where one is at fault, the line.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "compare/sample_set.hpp"

namespace clonebench {

struct ReadOptions {
  std::optional<std::string> hyperfine_command;  // --command: which result of several
};

// clonebench JSON (schema "clonebench/1", docs/schema.md, "2. JSON: clonebench/1").
SampleSet read_clonebench_json(const std::string& path, const std::string& text);
// The same, of a document already parsed (input detection parses each input once).
SampleSet read_clonebench_document(const std::string& path, const nlohmann::json& document);
// stress-ng --yaml output (docs/compare-inputs.md, "stress-ng YAML"): one run per YAML document
// (a file may hold several, separated by "---"), one group per stressor.
SampleSet read_stress_ng_yaml(const std::string& path, const std::string& text);
// Text holding stress-ng (or clonebench) --metrics lines, old "info:" and new "metrc:"
// prefixes; each table is one run; other lines are ignored.
SampleSet read_stress_ng_log(const std::string& path, const std::string& text);
// The part after "stress-ng: [timestamp] metrc: [pid] " (or "info:", or "clonebench:"), if
// the line is such a line.
std::optional<std::string_view> metrics_line_body(std::string_view line);
// hyperfine --export-json: results[].times (seconds), metric time_s.
SampleSet read_hyperfine_json(const std::string& path, const std::string& text,
                              const ReadOptions& options);
SampleSet read_hyperfine_document(const std::string& path, const nlohmann::json& document,
                                  const ReadOptions& options);
// `time` outputs (bash, time -p, zsh, GNU time's default line and -v block), one run per
// block: metric time_s (elapsed), with usr_time_s, sys_time_s and max_rss_kb where printed.
SampleSet read_time_output(const std::string& path, const std::string& text);
// True when `line` gives an elapsed time in one of read_time_output's formats.
bool looks_like_time_output(std::string_view line);
// One number per line, '#' comments, optional unit (ns us µs ms s m h, compound "11m49s"):
// with units the metric is time_s, without units "value".
SampleSet read_number_file(const std::string& path, const std::string& text);

// Detects the format of `text` (the content of `path`) and reads it with the matching reader.
SampleSet read_input_text(const std::string& path, const std::string& text,
                          const ReadOptions& options);

// Reads `path` and detects its format. Throws UsageError naming the file (and line) when it
// cannot be read or is none of the formats above.
SampleSet read_input_file(const std::string& path, const ReadOptions& options);

}  // namespace clonebench
