#pragma once
// The kernel's build configuration (CONFIG_ options) from /proc/config.gz or
// /boot/config-<release>, and the options among them that bear on process-creation cost.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

// CONFIG_ name -> value. "CONFIG_X=y" gives "y", "# CONFIG_X is not set" gives "n", quoted
// strings lose their quotes. Comments, blank lines and garbage lines are ignored.
using KernelConfig = std::map<std::string, std::string>;
KernelConfig parse_kernel_config(std::string_view text);

// The options that matter for fork/clone/exit cost, matched exactly (kSelectedConfigOptions),
// by their pre-6.9 names (kSelectedConfigOldNames) or by prefix (kSelectedConfigPrefixes).
// See select_config_options().
extern const std::vector<std::string_view> kSelectedConfigOptions;
extern const std::vector<std::string_view> kSelectedConfigOldNames;
extern const std::vector<std::string_view> kSelectedConfigPrefixes;

// The selected options of `config`. Every exactly named option is present in the result: when
// the config does not mention it, its value is "n", as for Kconfig an unwritten option is unset
// (its dependencies were not met). Old names and prefix matches appear only when the config
// mentions them.
KernelConfig select_config_options(const KernelConfig& config);

// What reading a config file gave: the options, or why there are none.
struct KernelConfigSource {
  std::optional<KernelConfig> config;  // nullopt when the file could not be used
  std::string path;                    // the file read (or last tried)
  std::string error;                   // why `config` is nullopt; empty otherwise
};

// Reads a gzip-compressed config (/proc/config.gz). A file that is not gzip data, is
// truncated or holds no CONFIG_ line gives no config and a reason; it never throws.
KernelConfigSource read_gzip_kernel_config(const std::filesystem::path& path);

// Reads a plain-text config (/boot/config-<release>) with the same rules.
KernelConfigSource read_text_kernel_config(const std::filesystem::path& path);

// /proc/config.gz, else /boot/config-<release>; the reason names each file that failed.
KernelConfigSource read_running_kernel_config(const std::string& kernel_release);

}  // namespace clonebench
