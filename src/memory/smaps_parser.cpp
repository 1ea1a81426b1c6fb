// The pure parsers of parent_memory.hpp: /proc/<pid>/smaps, smaps_rollup, maps and meminfo text.
// Kept apart from the mapping code so that they can be tested on golden text alone.

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

#include "core/error.hpp"
#include "core/text_split.hpp"
#include "memory/parent_memory.hpp"

namespace clonebench {
namespace {

struct EntryHeader {
  std::uintptr_t begin = 0;
  std::uintptr_t end = 0;
  bool shared = false;  // MAP_SHARED: 's' as the fourth permission character
};

std::optional<std::uint64_t> parse_number(std::string_view text, int base) {
  std::uint64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) {
    return std::nullopt;
  }
  return value;
}

// "7f0a1c000000-7f0a1c021000 rw-p 00000000 00:00 0   [heap]" -> range and sharing; nullopt when
// the line is not an entry header.
std::optional<EntryHeader> parse_entry_header(std::string_view line) {
  const auto dash = line.find('-');
  const auto space = line.find(' ');
  if (dash == std::string_view::npos || space == std::string_view::npos || dash > space ||
      space + 5 > line.size()) {
    return std::nullopt;
  }
  const auto begin = parse_number(line.substr(0, dash), 16);
  const auto end = parse_number(line.substr(dash + 1, space - dash - 1), 16);
  if (!begin || !end || *end < *begin) {
    return std::nullopt;
  }
  const char sharing = line[space + 4];
  if (sharing != 's' && sharing != 'p') {
    return std::nullopt;
  }
  return EntryHeader{*begin, *end, sharing == 's'};
}

// The per-entry fields we keep, in kB.
struct EntryFields {
  std::uint64_t rss = 0, anonymous = 0, anon_huge = 0, shared_clean = 0, shared_dirty = 0,
                private_hugetlb = 0, shared_hugetlb = 0;
};

std::uint64_t* field_slot(EntryFields& fields, std::string_view key) {
  static constexpr std::array<std::pair<std::string_view, std::uint64_t EntryFields::*>, 7>
      kFieldOfKey{{
          {"Rss", &EntryFields::rss},
          {"Anonymous", &EntryFields::anonymous},
          {"AnonHugePages", &EntryFields::anon_huge},
          {"Shared_Clean", &EntryFields::shared_clean},
          {"Shared_Dirty", &EntryFields::shared_dirty},
          {"Private_Hugetlb", &EntryFields::private_hugetlb},
          {"Shared_Hugetlb", &EntryFields::shared_hugetlb},
      }};
  for (const auto& [name, field] : kFieldOfKey) {
    if (name == key) {
      return &(fields.*field);
    }
  }
  return nullptr;
}

void add_entry(SmapsTotals& totals, const EntryHeader& header, const EntryFields& fields) {
  totals.rss_kb += fields.rss;
  totals.anonymous_kb += fields.anonymous;
  totals.anon_huge_kb += fields.anon_huge;
  totals.shared_kb += header.shared ? fields.rss : fields.shared_clean + fields.shared_dirty;
  totals.hugetlb_kb += fields.private_hugetlb + fields.shared_hugetlb;
}

[[noreturn]] void not_smaps(std::size_t line_number, std::string_view why) {
  throw RuntimeError("smaps text, line " + std::to_string(line_number) + ": " + std::string(why));
}

// Calls keep(header) for each entry and adds the entries it accepts.
template <typename Keep>
SmapsTotals parse_entries(std::string_view text, Keep keep) {
  SmapsTotals totals;
  std::optional<EntryHeader> current;
  EntryFields fields;
  std::size_t line_number = 0;
  auto finish_entry = [&] {
    if (current && keep(*current)) {
      add_entry(totals, *current, fields);
    }
    fields = EntryFields{};
  };
  while (!text.empty()) {
    const std::string_view line = take_line(text);
    ++line_number;
    if (trim_blanks(line).empty()) {
      continue;
    }
    const auto colon = line.find(':');
    const auto first_space = line.find(' ');
    if (colon == std::string_view::npos ||
        (first_space != std::string_view::npos && first_space < colon)) {
      const auto header = parse_entry_header(line);
      if (!header) {
        not_smaps(line_number, "neither an entry header nor a 'Field: value' line");
      }
      finish_entry();
      current = header;
      continue;
    }
    if (!current) {
      not_smaps(line_number, "a field before the first entry header");
    }
    std::uint64_t* slot = field_slot(fields, line.substr(0, colon));
    if (slot == nullptr) {
      continue;  // VmFlags, THPeligible, Pss, ...: not needed here
    }
    std::string_view value = trim_blanks(line.substr(colon + 1));
    if (value.size() < 3 || value.substr(value.size() - 3) != " kB") {
      not_smaps(line_number, "a size field without 'kB'");
    }
    const auto number = parse_number(trim_blanks(value.substr(0, value.size() - 3)), 10);
    if (!number) {
      not_smaps(line_number, "a size field whose value is not a number");
    }
    *slot = *number;
  }
  if (!current) {
    not_smaps(line_number, "no mapping entry found");
  }
  finish_entry();
  return totals;
}

}  // namespace

SmapsTotals parse_smaps(std::string_view text) {
  return parse_entries(text, [](const EntryHeader&) { return true; });
}

SmapsTotals parse_smaps_range(std::string_view text, std::uintptr_t begin, std::uintptr_t end) {
  return parse_smaps_ranges(text, {AddressRange{begin, end}});
}

SmapsTotals parse_smaps_ranges(std::string_view text, const std::vector<AddressRange>& ranges) {
  std::vector<AddressRange> sorted = ranges;
  std::sort(sorted.begin(), sorted.end());
  return parse_entries(text, [&sorted](const EntryHeader& header) {
    // The last range starting at or before the entry is the only one that can contain it.
    auto after =
        std::upper_bound(sorted.begin(), sorted.end(), AddressRange{header.begin, UINTPTR_MAX});
    if (after == sorted.begin()) {
      return false;
    }
    const AddressRange& range = *std::prev(after);
    return header.begin >= range.first && header.end <= range.second;
  });
}

std::uint64_t count_maps_lines(std::string_view maps_text) {
  return count_maps_lines_in(maps_text, 0, UINTPTR_MAX);
}

std::uint64_t count_maps_lines_in(std::string_view maps_text, std::uintptr_t begin,
                                  std::uintptr_t end) {
  std::uint64_t count = 0;
  std::size_t line_number = 0;
  while (!maps_text.empty()) {
    const std::string_view line = take_line(maps_text);
    ++line_number;
    if (trim_blanks(line).empty()) {
      continue;
    }
    const auto header = parse_entry_header(line);
    if (!header) {
      throw RuntimeError("maps text, line " + std::to_string(line_number) + ": not a mapping line");
    }
    if (header->begin >= begin && header->end <= end) {
      ++count;
    }
  }
  return count;
}

}  // namespace clonebench
