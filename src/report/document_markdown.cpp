// to_markdown (document.hpp): CommonMark with GitHub's tables, every text escaped by the kind of
// text it is (markdown_text.hpp), so that what a Markdown renderer shows is the text as typed.

#include <algorithm>
#include <cctype>
#include <string>

#include "core/text_safety.hpp"
#include "report/document.hpp"
#include "report/markdown_text.hpp"

namespace clonebench {
namespace {

std::string escaped_run_text(const TextRun& run) {
  switch (run.escape) {
    case MarkdownEscape::kStored:
      return md_text(run.text);
    case MarkdownEscape::kEveryMark:
      return md_every_mark(run.text);
    case MarkdownEscape::kOwnWords:
      break;
  }
  return printable(run.text);
}

// A '|' ends a table cell wherever it stands, code spans included (GitHub's tables).
std::string with_pipes_escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    out += c == '|' ? std::string("\\|") : std::string(1, c);
  }
  return out;
}

std::string markdown_run(const TextRun& run, bool in_cell) {
  if (run.style == TextRun::Style::kCode) {
    const std::string span = code_span(run.text);
    return in_cell ? with_pipes_escaped(span) : span;
  }
  // md_every_mark() escapes '|' already.
  std::string body = escaped_run_text(run);
  if (in_cell && run.escape != MarkdownEscape::kEveryMark) {
    body = with_pipes_escaped(body);
  }
  if (run.style != TextRun::Style::kStrong) {
    return body;
  }
  // A "**" next to a space neither opens nor closes emphasis: the spaces go outside.
  return wrapped_inside_spaces(body, "**", "**");
}

std::string markdown_inlines(const Inlines& runs, bool in_cell = false) {
  std::string out;
  for (const TextRun& run : runs) {
    out += markdown_run(run, in_cell);
  }
  return out;
}

// The text of a paragraph, list item or notice, which must not read as the start of another
// block: a list marker ("- ", "+ ", "1. ", "2) ") is escaped, and leading spaces (four would open
// a code block) are dropped, as CommonMark drops them from a paragraph anyway.
std::string block_line(const Inlines& runs) {
  std::string line = markdown_inlines(runs);
  line.erase(0, line.find_first_not_of(' '));
  std::size_t digits = 0;
  while (digits < line.size() && digits < 9 &&
         std::isdigit(static_cast<unsigned char>(line[digits]))) {
    ++digits;
  }
  const bool ordered =
      digits > 0 && digits < line.size() && (line[digits] == '.' || line[digits] == ')');
  if (ordered) {
    line.insert(digits, "\\");
  } else if (line.starts_with('-') || line.starts_with('+')) {
    line.insert(0, "\\");
  }
  return line;
}

std::string markdown_table_row(const std::vector<Inlines>& cells) {
  std::string line = "|";
  for (const Inlines& cell : cells) {
    line += " " + markdown_inlines(cell, true) + " |";
  }
  return line + "\n";
}

// Two forms of the delimiter row, as the reports have always written them: a table with a column
// aligned left (the kernels' boots) compactly ("|:---|---:|"), others spaced ("| --- | ---: |").
std::string delimiter_row(const std::vector<Alignment>& alignment) {
  const bool compact =
      std::find(alignment.begin(), alignment.end(), Alignment::kLeft) != alignment.end();
  std::string line = "|";
  for (const Alignment column : alignment) {
    const char* dashes = column == Alignment::kLeft    ? ":---"
                         : column == Alignment::kRight ? "---:"
                                                       : "---";
    line += compact ? std::string(dashes) + "|" : " " + std::string(dashes) + " |";
  }
  return line + "\n";
}

struct MarkdownBlock {
  std::string operator()(const Heading& heading) const {
    return std::string(static_cast<std::size_t>(heading.level), '#') + " " +
           markdown_inlines(heading.text) + "\n";
  }
  std::string operator()(const Paragraph& paragraph) const {
    return block_line(paragraph.text) + "\n";
  }
  std::string operator()(const BulletList& list) const {
    std::string out;
    for (const Inlines& item : list.items) {
      out += "- " + block_line(item) + "\n";
    }
    return out;
  }
  std::string operator()(const Notice& notice) const {
    return "> " + block_line(notice.text) + "\n";
  }
  std::string operator()(const CodeBlock& block) const { return code_block(block.text); }
  std::string operator()(const Table& table) const {
    std::string out = markdown_table_row(table.header) + delimiter_row(table.alignment);
    for (const std::vector<Inlines>& row : table.rows) {
      out += markdown_table_row(row);
    }
    return out;
  }
};

}  // namespace

std::string to_markdown(const Blocks& blocks) {
  std::string out;
  for (const Block& block : blocks) {
    if (says_nothing(block)) {
      continue;
    }
    out += std::visit(MarkdownBlock{}, block) + "\n";
  }
  return out;
}

std::string to_markdown(const ReportDocument& document) {
  return "# clonebench report: " + md_text(document.title) + "\n\n" + to_markdown(document.lead) +
         to_markdown(document.body);
}

}  // namespace clonebench
