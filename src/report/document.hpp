#pragma once
// A report as typed blocks of text and data, never of rendered syntax. The section builders fill
// a ReportDocument; two pure renderers write it as Markdown (document_markdown.cpp) and as HTML
// (document_html.cpp), so the HTML report shows the same facts as the Markdown one and no stored
// text is ever parsed as markup on its way to a page.

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace clonebench {

// How to_markdown makes a run of text inert (to_html escapes every text alike). Both renderers
// first make every text printable().
enum class MarkdownEscape {
  kStored,     // stored text (labels, names, sentences holding them): md_text()
  kEveryMark,  // every punctuation Markdown or HTML acts on: md_every_mark() (the trace census)
  kOwnWords,   // the tool's own words and numbers, which hold no Markdown syntax: as they are
};

struct TextRun {
  enum class Style { kPlain, kStrong, kCode };
  Style style = Style::kPlain;
  std::string text;
  MarkdownEscape escape = MarkdownEscape::kStored;
};
using Inlines = std::vector<TextRun>;

TextRun text(std::string stored);  // stored text, shown as typed
TextRun words(std::string own);    // the tool's own words and numbers
TextRun every_mark(std::string census_text);
TextRun strong(std::string stored, MarkdownEscape escape = MarkdownEscape::kStored);
TextRun code(std::string stored);  // a code span: shown as typed, never escaped

struct Heading {
  int level = 2;
  Inlines text;
};
struct Paragraph {
  Inlines text;
};
struct BulletList {
  std::vector<Inlines> items;
};
// A statement a reader must not miss (a blockquote).
struct Notice {
  Inlines text;
};
struct CodeBlock {
  std::string text;  // one line of stored text, shown as typed
};

enum class Alignment { kNone, kLeft, kRight };
struct Table {
  std::vector<Inlines> header;
  std::vector<Alignment> alignment;  // one per header cell
  std::vector<std::vector<Inlines>> rows;
};

// A table whose columns of numbers (or intervals "[lo, hi]") align right and whose other columns
// keep no alignment; the header cells are the tool's own words.
Table aligned_table(const std::vector<std::string>& header, std::vector<std::vector<Inlines>> rows);

using Block = std::variant<Heading, Paragraph, BulletList, Notice, CodeBlock, Table>;
using Blocks = std::vector<Block>;

// A list without items, a paragraph or notice without text: neither renderer writes it (the
// Markdown would be a stray blank line, the HTML an empty element).
bool says_nothing(const Block& block);

// The title (stored text: a selection or an experiment's tag), the lead (the answer: an
// experiment's analysis or the comparison of the first and last label, and warnings about noisy
// runs) and the body (trend, runs, environment), so that a page can put its plots between them.
struct ReportDocument {
  std::string title;
  Blocks lead, body;
};

// "# clonebench report: <title>", then every block, each followed by a blank line.
std::string to_markdown(const ReportDocument& document);
std::string to_markdown(const Blocks& blocks);

// The HTML of the blocks, each element on its own lines as CommonMark renderers write them.
std::string to_html(const Blocks& blocks);
// "<h1>clonebench report: <title></h1>", the lead and the body: what to_markdown's text reads as.
std::string to_html(const ReportDocument& document);

// `text` with the characters HTML acts on in text and attribute values (& < > ") as entities:
// the one escape of everything the HTML report shows.
std::string html_escaped(std::string_view text);

// `body` between `open` and `close` with the spaces at its ends left outside them, and a body of
// spaces alone as it is: how both renderers mark strong text, as Markdown reads "**" (a "**"
// next to a space neither opens nor closes emphasis).
std::string wrapped_inside_spaces(const std::string& body, std::string_view open,
                                  std::string_view close);

}  // namespace clonebench
