#include "machine/cpu_info.hpp"

#include <sstream>

#include "sys/text_file.hpp"

namespace clonebench {
namespace {

void set_once(std::optional<std::string>& field, const std::string& value) {
  if (!field && !value.empty()) {
    field = value;
  }
}

void add_flags(CpuInfo& info, const std::string& value) {
  std::istringstream words(value);
  for (std::string flag; words >> flag;) {
    info.flags.insert(flag);
  }
}

void apply_field(CpuInfo& info, const std::string& key, const std::string& value) {
  if (key == "processor") {
    ++info.processors;
  } else if (key == "model name" || key == "Processor" || key == "cpu model") {
    set_once(info.model_name, value);
  } else if (key == "vendor_id" || key == "CPU implementer") {
    set_once(info.vendor, value);
  } else if (key == "cpu family" || key == "CPU architecture") {
    set_once(info.family, value);
  } else if (key == "model" || key == "CPU part") {
    set_once(info.model, value);
  } else if (key == "stepping" || key == "CPU revision") {
    set_once(info.stepping, value);
  } else if (key == "microcode") {
    set_once(info.microcode, value);
  } else if ((key == "flags" || key == "Features") && info.flags.empty()) {
    add_flags(info, value);
  }
}

}  // namespace

CpuInfo parse_cpuinfo(std::string_view text) {
  CpuInfo info;
  std::istringstream stream{std::string(text)};
  for (std::string line; std::getline(stream, line);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      continue;
    }
    const std::string key = trim(std::string_view(line).substr(0, colon));
    if (!key.empty()) {
      apply_field(info, key, trim(std::string_view(line).substr(colon + 1)));
    }
  }
  return info;
}

}  // namespace clonebench
