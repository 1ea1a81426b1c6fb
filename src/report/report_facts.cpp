#include "report/report_facts.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "compare/boot_analysis.hpp"
#include "compare/environment_diff.hpp"
#include "compare/metric_selection.hpp"
#include "core/text_safety.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

std::string text_of(const nlohmann::json& value) {
  if (value.is_null()) {
    return "n/a";
  }
  if (value.is_string()) {
    return printable(value.get<std::string>());
  }
  if (value.is_boolean()) {
    return value.get<bool>() ? "on" : "off";
  }
  return dump_json(value);
}

const nlohmann::json& at_path(const nlohmann::json& object,
                              std::initializer_list<const char*> path) {
  static const nlohmann::json kNull;
  const nlohmann::json* node = &object;
  for (const char* key : path) {
    if (!node->is_object() || !node->contains(key)) {
      return kNull;
    }
    node = &node->at(key);
  }
  return *node;
}

}  // namespace

std::string cli_size(std::uint64_t bytes) {
  for (const auto& [shift, suffix] : {std::pair{30, "G"}, std::pair{20, "M"}, std::pair{10, "K"}}) {
    const std::uint64_t unit = std::uint64_t{1} << shift;
    if (bytes != 0 && bytes % unit == 0) {
      return std::to_string(bytes / unit) + suffix;
    }
  }
  return std::to_string(bytes);
}

std::string p_column(double p) {
  return p < 0.001 ? std::string("< 0.001") : fmt::format("{:.3f}", p);
}

std::string quoted(const std::string& word) {
  const bool safe = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view("-_./:=,+%").find(c) != std::string_view::npos;
  });
  if (safe) {
    return word;
  }
  std::string out = "'";
  for (char c : word) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

std::vector<LabelGroup> group_by_label(const std::vector<StoredRun>& runs) {
  std::vector<LabelGroup> groups;
  for (const StoredRun& run : runs) {
    auto found = std::find_if(groups.begin(), groups.end(), [&](const LabelGroup& group) {
      return group.label == run.record.label;
    });
    if (found == groups.end()) {
      groups.push_back({run.record.label, {}});
      found = groups.end() - 1;
    }
    found->runs.push_back(&run);
  }
  return groups;
}

std::string run_command(const StoredRun& run) {
  const RunResult& result = run.record.result;
  const nlohmann::json& options = result.options;
  // The command as typed (stored since it was recorded): --runs, the defaults left out and the
  // label as given, so that it repeats exactly; each word made printable and shell-quoted.
  if (const auto& typed = at_path(options, {"command_line"}); typed.is_array() && !typed.empty()) {
    std::string command;
    for (const auto& word : typed) {
      command += (command.empty() ? "" : " ") +
                 quoted(printable(word.is_string() ? word.get<std::string>() : word.dump()));
    }
    return command;
  }
  std::string command =
      fmt::format("clonebench run {} --instances {}", quoted(result.stressor), result.instances);
  if (const auto& timeout = at_path(options, {"timeout_s"}); timeout.is_number()) {
    command += fmt::format(" --timeout {}s", timeout.get<double>());
  }
  if (const auto& ops = at_path(options, {"max_ops"}); ops.is_number() && ops.get<double>() > 0) {
    command += fmt::format(" --ops {}", ops.get<std::uint64_t>());
  }
  const auto& rss = at_path(options, {"rss_bytes"});
  if (rss.is_number_unsigned() && rss.get<std::uint64_t>() > 0) {
    command += fmt::format(" --rss {}", cli_size(rss.get<std::uint64_t>()));
    if (const auto& kind = at_path(options, {"rss_kind"}); kind.is_string() && kind != "anon") {
      command += " --rss-kind " + quoted(kind.get<std::string>());
    }
  }
  if (const auto& vmas = at_path(options, {"vmas"}); vmas.is_number() && vmas.get<double>() > 1) {
    command += fmt::format(" --vmas {}", vmas.get<std::uint64_t>());
  }
  return command + " --label " + quoted(run.record.label);
}

std::string ab_command(const nlohmann::json& summary) {
  const nlohmann::json& ab = at_path(summary, {"ab"});
  std::string command = "clonebench ab " + quoted(text_of(at_path(ab, {"spec"})));
  command += " --a " + quoted(text_of(at_path(ab, {"a_options"})));
  command += " --b " + quoted(text_of(at_path(ab, {"b_options"})));
  for (const char* key : {"setup_a", "setup_b", "restore"}) {
    if (const auto& value = at_path(ab, {key}); value.is_string() && !value.empty()) {
      std::string flag = key;
      std::replace(flag.begin(), flag.end(), '_', '-');
      command += " --" + flag + " " + quoted(value.get<std::string>());
    }
  }
  command += " --pairs " + text_of(at_path(ab, {"pairs"}));
  command += " --warmup " + text_of(at_path(ab, {"warmups_per_arm"}));
  // In hex, as `ab` printed it when it drew the seed (--seed takes either form).
  const auto& hex = at_path(ab, {"seed_hex"});
  return command + " --seed " + text_of(hex.is_string() ? hex : at_path(ab, {"seed"}));
}

// "--vmas 1,256" / "--folio 4K,64K" of a list the summary stores; empty when absent (older
// summaries) or when --vmas was left at its default.
std::string sweep_axis_flag(const std::vector<std::uint64_t>& list, const char* flag, bool sizes) {
  std::string values;
  for (const std::uint64_t value : list) {
    values += (values.empty() ? "" : ",") + (sizes ? cli_size(value) : std::to_string(value));
  }
  const bool default_vmas = !sizes && values == "1";
  return values.empty() || default_vmas ? std::string() : fmt::format(" {} {}", flag, values);
}

std::string sweep_command(const SweepSummary& summary) {
  std::vector<std::string> sizes;  // each once: a multi-axis sweep has a point per combination
  for (const StoredSweepPoint& point : summary.points) {
    const std::string size = cli_size(point.rss_bytes);
    if (std::find(sizes.begin(), sizes.end(), size) == sizes.end()) {
      sizes.push_back(size);
    }
  }
  return fmt::format("clonebench sweep {} --rss {}{}{} --rss-kind {} --rounds {} --seed {}",
                     quoted(printable(summary.stressor)), fmt::join(sizes, ","),
                     sweep_axis_flag(summary.vmas_list, "--vmas", false),
                     sweep_axis_flag(summary.folio_list, "--folio", true),
                     printable(summary.rss_kind), summary.rounds, summary.seed);
}

std::string scale_command(const nlohmann::json& summary, const nlohmann::json& run_options) {
  std::string counts;
  for (const auto& count : at_path(summary, {"instances"})) {
    counts += (counts.empty() ? "" : ",") + text_of(count);
  }
  const auto& timeout = at_path(summary, {"timeout_s"});
  std::string command = fmt::format(
      "clonebench scale {} --instances {} --rounds {} --timeout {}s --seed {} --workload {}",
      quoted(text_of(at_path(summary, {"stressor"}))), counts,
      text_of(at_path(summary, {"rounds"})),
      timeout.is_number() ? fmt::format("{:g}", timeout.get<double>()) : text_of(timeout),
      text_of(at_path(summary, {"seed"})), quoted(text_of(at_path(summary, {"workload"}))));
  // stress-ng's options are stored with each run only when the workload is stress-ng.
  for (const char* key : {"fork_max", "vfork_max", "fork_vm", "fork_pageout", "fork_unmap"}) {
    const auto& value = at_path(run_options, {key});
    std::string flag = key;
    std::replace(flag.begin(), flag.end(), '_', '-');
    if (value.is_number_integer() && value.get<std::int64_t>() > 1) {  // 1 is the default
      command += fmt::format(" --{} {}", flag, value.get<std::int64_t>());
    } else if (value.is_boolean() && value.get<bool>()) {
      command += " --" + flag;
    }
  }
  return command;
}

std::string scale_ci_text(const nlohmann::json& estimate, const char* format) {
  const nlohmann::json& ci = at_path(estimate, {"ci"});
  if (!ci.is_array() || ci.size() != 2 || !ci[0].is_number() || !ci[1].is_number()) {
    return "n/a (too few runs)";  // null: fewer than 6 rounds bound no 95 % interval
  }
  return fmt::format(fmt::runtime(format), ci[0].get<double>(), ci[1].get<double>());
}

std::vector<std::pair<std::string, std::string>> environment_lines(
    const nlohmann::json& environment) {
  std::vector<std::pair<std::string, std::string>> lines = {
      {"kernel", text_of(at_path(environment, {"kernel_release"}))},
      {"CPU", text_of(at_path(environment, {"cpu_model"}))},
      {"CPUs online", text_of(at_path(environment, {"cpus"}))},
      {"governor", text_of(at_path(environment, {"governor"}))},
      {"SMT", text_of(at_path(environment, {"smt", "control"}))},
      {"THP", text_of(at_path(environment, {"thp"}))},
      {"HVO key", text_of(at_path(environment, {"hvo", "key_on"}))}};
  const nlohmann::json& mitigations = at_path(environment, {"mitigations"});
  if (mitigations.is_object()) {
    for (const auto& [name, state] : mitigations.items()) {
      lines.emplace_back("mitigation " + printable(name), text_of(state));
    }
  } else {
    lines.emplace_back("mitigations", "n/a");
  }
  return lines;
}

std::vector<std::string> stressors_of(const std::vector<LabelGroup>& groups) {
  std::vector<std::string> stressors;
  for (const LabelGroup& group : groups) {
    for (const StoredRun* run : group.runs) {
      if (std::find(stressors.begin(), stressors.end(), run->record.result.stressor) ==
          stressors.end()) {
        stressors.push_back(run->record.result.stressor);
      }
    }
  }
  return stressors;
}

std::vector<double> rates_of(const LabelGroup& group, const std::string& stressor) {
  std::vector<double> rates;
  for (const StoredRun* run : group.runs) {
    if (run->record.result.stressor == stressor) {
      rates.push_back(run->record.result.ops_per_sec_real());
    }
  }
  return rates;
}

namespace {

SampleSet side_of(const LabelGroup& group) {
  SampleSet set{group.label, "store", {}};
  for (const StoredRun* run : group.runs) {
    set.runs.push_back(observation_of(run->record, run->environment));
  }
  return set;
}

}  // namespace

std::vector<std::string> noisy_run_lines(const std::vector<LabelGroup>& groups) {
  std::vector<std::string> lines;
  for (const LabelGroup& group : groups) {
    if (std::string line = noisy_runs_warning(side_of(group), printable(group.label));
        !line.empty()) {
      lines.push_back(std::move(line));
    }
  }
  return lines;
}

ComparisonResult compare_first_and_last(const std::vector<LabelGroup>& groups,
                                        bool assume_no_boot_effect) {
  const SampleSet a = side_of(groups.front());
  const SampleSet b = side_of(groups.back());
  // Boots are the units where the labels span several boots; one boot per side caps the verdict.
  ComparisonResult report =
      analyze_with_boots(select_metrics(a, b, {"ops_per_sec_real"}, std::nullopt), {},
                         BootOptions{assume_no_boot_effect, {}});
  report.a_name = groups.front().label;
  report.b_name = groups.back().label;
  report.warnings = comparison_warnings(a, b);
  return report;
}

}  // namespace clonebench
