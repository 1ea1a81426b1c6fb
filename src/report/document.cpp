#include "report/document.hpp"

#include <algorithm>
#include <charconv>

namespace clonebench {
namespace {

std::string plain_text_of(const Inlines& runs) {
  std::string out;
  for (const TextRun& run : runs) {
    out += run.text;
  }
  return out;
}

// A number ("6107", "-32.74 %", "+0.50") or an interval ("[1, 2]").
bool reads_as_number(const std::string& text) {
  if (text.starts_with('[')) {
    return true;
  }
  double value = 0;
  const std::string number_part = text.substr(0, text.find(' '));  // "+1.20 %"
  const char* first = number_part.data() + (number_part.starts_with('+') ? 1 : 0);
  const auto [last, error] = std::from_chars(first, number_part.data() + number_part.size(), value);
  return !number_part.empty() && error == std::errc() &&
         last == number_part.data() + number_part.size();
}

}  // namespace

TextRun text(std::string stored) {
  return {TextRun::Style::kPlain, std::move(stored), MarkdownEscape::kStored};
}

TextRun words(std::string own) {
  return {TextRun::Style::kPlain, std::move(own), MarkdownEscape::kOwnWords};
}

TextRun every_mark(std::string census_text) {
  return {TextRun::Style::kPlain, std::move(census_text), MarkdownEscape::kEveryMark};
}

TextRun strong(std::string stored, MarkdownEscape escape) {
  return {TextRun::Style::kStrong, std::move(stored), escape};
}

TextRun code(std::string stored) {
  return {TextRun::Style::kCode, std::move(stored), MarkdownEscape::kOwnWords};
}

bool says_nothing(const Block& block) {
  if (const auto* list = std::get_if<BulletList>(&block)) {
    return list->items.empty();
  }
  if (const auto* paragraph = std::get_if<Paragraph>(&block)) {
    return paragraph->text.empty();
  }
  if (const auto* notice = std::get_if<Notice>(&block)) {
    return notice->text.empty();
  }
  return false;
}

Table aligned_table(const std::vector<std::string>& header,
                    std::vector<std::vector<Inlines>> rows) {
  Table table;
  for (std::size_t i = 0; i < header.size(); ++i) {
    table.header.push_back({words(header[i])});
    const bool numeric = !rows.empty() && std::all_of(rows.begin(), rows.end(), [i](const auto& r) {
      return i < r.size() && reads_as_number(plain_text_of(r[i]));
    });
    table.alignment.push_back(numeric ? Alignment::kRight : Alignment::kNone);
  }
  table.rows = std::move(rows);
  return table;
}

std::string wrapped_inside_spaces(const std::string& body, std::string_view open,
                                  std::string_view close) {
  const std::size_t first = body.find_first_not_of(' ');
  if (first == std::string::npos) {
    return body;
  }
  const std::size_t last = body.find_last_not_of(' ');
  std::string wrapped = body.substr(0, first);
  wrapped.append(open).append(body, first, last + 1 - first).append(close);
  return wrapped.append(body, last + 1);
}

}  // namespace clonebench
