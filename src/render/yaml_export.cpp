// stress-ng's --yaml layout (0.15.06; docs/schema.md, "3. YAML"): "---", system-info, metrics
// with stress-ng's keys in stress-ng's order and %f values, clonebench's keys after them, "...".
// Hand-emitted: a YAML library would not reproduce the indentation and blank lines exactly.
#include <fmt/core.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "core/text_safety.hpp"
#include "record/metric_table.hpp"
#include "render/exporters.hpp"

namespace clonebench {
namespace {

constexpr const char* kInfoIndent = "      ";

// printf's %f, as stress-ng writes every floating value.
std::string percent_f(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%f", value);
  return buffer;
}

bool looks_like_other_type(const std::string& text) {
  static const char* const kReserved[] = {"true", "false", "yes",   "no",  "on", "off",
                                          "null", "True",  "False", "Yes", "No", "Null",
                                          "TRUE", "FALSE", "NULL",  "~",   "On", "Off"};
  for (const char* word : kReserved) {
    if (text == word) {
      return true;
    }
  }
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

// A YAML double-quoted scalar: the only YAML form that can hold control characters (as escapes).
// Bytes that are not UTF-8 become \xNN, the code point U+00NN: YAML text is Unicode.
std::string double_quoted(const std::string& text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0U;
    if (byte == 0xC2 && next >= 0x80 && next <= 0x9F) {  // a C1 control
      out += fmt::format("\\u{:04X}", next);
      ++i;
    } else if (c == '"' || c == '\\') {
      out += std::string("\\") + c;
    } else if (byte < 0x20 || byte == 0x7F) {
      out += fmt::format("\\x{:02X}", byte);
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// A plain scalar when that reads back as the same string, else single-quoted ('' escapes '),
// else (control characters, C1 controls, bytes that are not UTF-8: text from a store)
// double-quoted.
std::string scalar(const std::string& text, bool always_quote = false) {
  if (printable(text) != text) {
    return double_quoted(is_valid_utf8(text) ? text : printable(text));
  }
  bool plain = !always_quote && !text.empty() && !looks_like_other_type(text) &&
               std::isalnum(static_cast<unsigned char>(text.front())) != 0;
  for (const char c : text) {
    const bool allowed = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' ||
                         c == '-' || c == '/' || c == '+' || c == ' ';
    plain = plain && allowed;
  }
  plain = plain && text.back() != ' ';  // a trailing space would be dropped
  if (plain) {
    return text;
  }
  std::string quoted = "'";
  for (const char c : text) {
    quoted += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return quoted + "'";
}

void add_string(std::string& out, const Fact<std::string>& fact, const char* yaml_key,
                bool always_quote = false) {
  if (fact) {
    out += fmt::format("{}{}: {}\n", kInfoIndent, yaml_key, scalar(*fact, always_quote));
  }
}

template <typename Number>
void add_integer(std::string& out, const Fact<Number>& fact, const char* yaml_key,
                 std::int64_t scale = 1) {
  if (fact) {
    out +=
        fmt::format("{}{}: {}\n", kInfoIndent, yaml_key, static_cast<std::int64_t>(*fact) * scale);
  }
}

// stress-ng 0.15.06 writes the date with colons (2026:11:29); kept for parsers of its output.
void add_time(std::string& out, const std::string& iso8601_utc) {
  std::tm time{};
  if (std::sscanf(iso8601_utc.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &time.tm_year, &time.tm_mon,
                  &time.tm_mday, &time.tm_hour, &time.tm_min, &time.tm_sec) != 6) {
    return;
  }
  out += fmt::format("{}date-yyyy-mm-dd: {:04}:{:02}:{:02}\n", kInfoIndent, time.tm_year,
                     time.tm_mon, time.tm_mday);
  out += fmt::format("{}time-hh-mm-ss: {:02}:{:02}:{:02}\n", kInfoIndent, time.tm_hour, time.tm_min,
                     time.tm_sec);
  time.tm_year -= 1900;
  time.tm_mon -= 1;
  out += fmt::format("{}epoch-secs: {}\n", kInfoIndent, static_cast<long long>(timegm(&time)));
}

std::string system_info(const RunDocument& document) {
  const Environment& environment = document.environment;
  std::string out = "system-info:\n";
  out += fmt::format("{}clonebench-version: {}\n", kInfoIndent, CLONEBENCH_VERSION);
  if (environment.captured_at) {
    add_time(out, *environment.captured_at);
  } else if (!document.runs.empty()) {
    add_time(out, document.runs.front().started_at);
  }
  add_string(out, environment.hostname, "hostname");
  add_string(out, environment.hostname, "nodename");
  add_string(out, environment.kernel_release, "release");
  add_string(out, environment.kernel_version, "version", true);
  add_string(out, environment.machine, "machine");
  add_integer(out, environment.uptime_s, "uptime");
  add_integer(out, environment.mem_total_kb, "totalram", 1024);
  add_integer(out, environment.page_size, "pagesize");
  add_integer(out, environment.cpus_configured, "cpus");
  add_integer(out, environment.cpus, "cpus-online");
  add_string(out, environment.cpu_model, "cpu-model");
  add_string(out, environment.governor, "governor");
  add_string(out, environment.thp, "thp");
  return out + "\n";
}

// "EAGAIN" -> "eagain", as stress-ng lower-cases metric descriptions into keys.
std::string key_word(const std::string& text) {
  std::string key;
  for (const char c : text) {
    key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return key;
}

// stress-ng's stess_description_yamlify(): letters lower-cased, digits kept, a space becomes '-',
// anything else is dropped, at most 39 characters ("microsecs per clone" -> microsecs-per-clone).
std::string yaml_key(const std::string& description) {
  std::string key;
  for (const char c : description) {
    if (key.size() == 39) {
      break;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
      key += c;
    } else if (c == ' ') {
      key += '-';
    }
  }
  return key;
}

std::string metrics_block(const RunRecord& record) {
  const RunResult& result = record.result;
  std::string out = fmt::format("    - stressor: {}\n", scalar(result.stressor));
  const auto line = [&out](const std::string& key, const std::string& value) {
    out += fmt::format("      {}: {}\n", key, value);
  };
  // clonebench's own accounting of the run, its keys behind `prefix`.
  const auto accounting = [&line, &result](const std::string& prefix) {
    line(prefix + "bogo-ops-per-second-usr-sys-time", percent_f(result.ops_per_sec_cpu()));
    line(prefix + "bogo-ops-per-second-real-time", percent_f(result.ops_per_sec_real()));
    line(prefix + "wall-clock-time", percent_f(result.real_time_s));
    line(prefix + "user-time", percent_f(result.usr_time_s));
    line(prefix + "system-time", percent_f(result.sys_time_s));
    line(prefix + "cpu-usage-per-instance", percent_f(result.cpu_per_instance_pct()));
    line(prefix + "max-rss", std::to_string(result.max_rss_kb));
  };
  line("bogo-ops", std::to_string(result.bogo_ops));
  if (result.stress_ng) {
    // A --workload stress-ng run: stress-ng's keys carry stress-ng's accounting.
    const StressNgAccounting& counted = *result.stress_ng;
    line("bogo-ops-per-second-usr-sys-time", percent_f(counted.ops_per_sec_cpu(result.bogo_ops)));
    line("bogo-ops-per-second-real-time", percent_f(counted.ops_per_sec_real(result.bogo_ops)));
    line("wall-clock-time", percent_f(counted.real_time_s));
    line("user-time", percent_f(counted.usr_time_s));
    line("system-time", percent_f(counted.sys_time_s));
    line("cpu-usage-per-instance", percent_f(counted.cpu_per_instance_pct(result.instances)));
    line("max-rss", std::to_string(counted.max_rss_kb));
    if (!counted.metric.empty()) {
      line(yaml_key(counted.metric), percent_f(counted.metric_mean()));
    }
    line("workload", "stress-ng");
    // clonebench's complete accounting of the same run.
    accounting("complete-");
    line("children-reaped-by-supervisor", std::to_string(result.supervisor_reaped));
  } else {
    accounting("");
  }
  // clonebench's own keys, after stress-ng's.
  line("instances", std::to_string(result.instances));
  line("run-id", std::to_string(record.id));
  line("label", scalar(record.label, record.label.empty()));
  line("started-at", scalar(record.started_at, true));
  if (!record.experiment.empty()) {
    line("experiment", scalar(record.experiment));
  }
  for (const LatencyPhase& phase : kLatencyPhases) {
    const LatencySummary summary = summarize(result.*phase.histogram);
    const std::string prefix = fmt::format("latency-{}-", phase.name);
    line(prefix + "n", std::to_string(summary.n));
    line(prefix + "mean-us", percent_f(summary.mean_us));
    line(prefix + "p50-us", percent_f(summary.p50_us));
    line(prefix + "p90-us", percent_f(summary.p90_us));
    line(prefix + "p99-us", percent_f(summary.p99_us));
    line(prefix + "max-us", percent_f(summary.max_us));
  }
  for (const auto& [name, count] : result.failures) {
    line("failures-" + key_word(name), std::to_string(count));
  }
  line("parent-kind", scalar(std::string(parent_kind_name(result.parent.kind))));
  line("parent-requested-bytes", std::to_string(result.requested_rss_bytes()));
  line("parent-rss-kb", std::to_string(result.parent.rss_kb));
  line("parent-anonymous-kb", std::to_string(result.parent.anonymous_kb));
  return out + "\n";
}

}  // namespace

std::string render_yaml(const RunDocument& document) {
  std::string out = "---\n" + system_info(document);
  out += "metrics:\n";
  for (const RunRecord& record : document.runs) {
    out += metrics_block(record);
  }
  return out + "...\n";
}

}  // namespace clonebench
