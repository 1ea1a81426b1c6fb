// to_html (document.hpp): the elements a CommonMark renderer writes for what to_markdown writes
// (tests/unit/report/document_oracle_test.cpp holds one to that), every text printable() and then
// html_escaped(), so no stored text can become markup.

#include <string>

#include "core/text_safety.hpp"
#include "report/document.hpp"

namespace clonebench {
namespace {

std::string html_run(const TextRun& run) {
  const std::string body = html_escaped(printable(run.text));
  switch (run.style) {
    case TextRun::Style::kStrong:
      return wrapped_inside_spaces(body, "<strong>", "</strong>");
    case TextRun::Style::kCode:
      return "<code>" + body + "</code>";
    case TextRun::Style::kPlain:
      break;
  }
  return body;
}

std::string html_inlines(const Inlines& runs) {
  std::string out;
  for (const TextRun& run : runs) {
    out += html_run(run);
  }
  return out;
}

// A cell of one token (a kernel release, a label, a timestamp, a number) is never broken inside:
// a browser would break it after a hyphen or a colon ("6.18.44-fc-" / "v1272:b").
bool one_token(const Inlines& content) {
  std::string all;
  for (const TextRun& run : content) {
    all += run.text;
  }
  return !all.empty() && all.find_first_of(" \t\n") == std::string::npos;
}

std::string html_cell(const char* tag, Alignment alignment, const Inlines& content) {
  const char* attribute = alignment == Alignment::kLeft    ? " align=\"left\""
                          : alignment == Alignment::kRight ? " align=\"right\""
                                                           : "";
  return std::string("<") + tag + attribute + (one_token(content) ? " class=\"nw\"" : "") + ">" +
         html_inlines(content) + "</" + tag + ">\n";
}

// Every row has the header's cells: missing ones are empty, extra ones dropped (GitHub's tables).
std::string html_table_row(const char* tag, const Table& table, const std::vector<Inlines>& cells) {
  std::string out = "<tr>\n";
  for (std::size_t i = 0; i < table.header.size(); ++i) {
    const Alignment alignment = i < table.alignment.size() ? table.alignment[i] : Alignment::kNone;
    out += html_cell(tag, alignment, i < cells.size() ? cells[i] : Inlines{});
  }
  return out + "</tr>\n";
}

struct HtmlBlock {
  std::string operator()(const Heading& heading) const {
    const std::string tag = "h" + std::to_string(heading.level);
    return "<" + tag + ">" + html_inlines(heading.text) + "</" + tag + ">\n";
  }
  std::string operator()(const Paragraph& paragraph) const {
    return "<p>" + html_inlines(paragraph.text) + "</p>\n";
  }
  std::string operator()(const BulletList& list) const {
    std::string out = "<ul>\n";
    for (const Inlines& item : list.items) {
      out += "<li>" + html_inlines(item) + "</li>\n";
    }
    return out + "</ul>\n";
  }
  std::string operator()(const Notice& notice) const {
    return "<blockquote>\n<p>" + html_inlines(notice.text) + "</p>\n</blockquote>\n";
  }
  std::string operator()(const CodeBlock& block) const {
    return "<pre><code>" + html_escaped(printable(block.text)) + "\n</code></pre>\n";
  }
  std::string operator()(const Table& table) const {
    std::string out =
        "<table>\n<thead>\n" + html_table_row("th", table, table.header) + "</thead>\n";
    if (!table.rows.empty()) {
      out += "<tbody>\n";
      for (const std::vector<Inlines>& row : table.rows) {
        out += html_table_row("td", table, row);
      }
      out += "</tbody>\n";
    }
    return out + "</table>\n";
  }
};

}  // namespace

std::string html_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string to_html(const Blocks& blocks) {
  std::string out;
  for (const Block& block : blocks) {
    if (says_nothing(block)) {
      continue;
    }
    out += std::visit(HtmlBlock{}, block);
  }
  return out;
}

std::string to_html(const ReportDocument& document) {
  return "<h1>clonebench report: " + html_escaped(printable(document.title)) + "</h1>\n" +
         to_html(document.lead) + to_html(document.body);
}

}  // namespace clonebench
