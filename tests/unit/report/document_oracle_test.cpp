// cmark-gfm as the oracle of the report's two renderers: what to_markdown writes, parsed by a
// CommonMark parser with GitHub's tables, reads as what to_html writes. The tool no longer parses
// Markdown itself; this test is where cmark-gfm is linked.
//
// Normalization before comparing: whitespace only. CommonMark strips the spaces at either end of
// a heading, paragraph and table cell, which to_html keeps, so both sides drop whitespace next to
// a tag and collapse runs of spaces to one.

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "report/document.hpp"

namespace clonebench {
namespace {

std::string cmark_html(const std::string& markdown) {
  cmark_gfm_core_extensions_ensure_registered();
  const std::unique_ptr<cmark_parser, decltype(&cmark_parser_free)> parser(
      cmark_parser_new(CMARK_OPT_DEFAULT), cmark_parser_free);
  cmark_syntax_extension* table = cmark_find_syntax_extension("table");
  if (!parser || table == nullptr ||
      cmark_parser_attach_syntax_extension(parser.get(), table) == 0) {
    ADD_FAILURE() << "cmark-gfm has no table extension";
    return "";
  }
  cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
  const std::unique_ptr<cmark_node, decltype(&cmark_node_free)> document(
      cmark_parser_finish(parser.get()), cmark_node_free);
  const std::unique_ptr<char, decltype(&std::free)> html(
      cmark_render_html(document.get(), CMARK_OPT_DEFAULT,
                        cmark_parser_get_syntax_extensions(parser.get())),
      std::free);
  return html ? std::string(html.get()) : std::string();
}

std::string normalized(const std::string& html) {
  std::string collapsed;
  for (const char c : html) {
    const bool space = c == ' ' || c == '\n';
    if (space && (collapsed.empty() || collapsed.back() == ' ' || collapsed.back() == '>')) {
      continue;
    }
    if (c == '<' && !collapsed.empty() && collapsed.back() == ' ') {
      collapsed.pop_back();
    }
    collapsed += space ? ' ' : c;
  }
  return collapsed;
}

void expect_oracle_agrees(const ReportDocument& document) {
  const std::string markdown = to_markdown(document);
  const std::string oracle = cmark_html(markdown);
  // A one-token cell's class (white-space: nowrap, layout only) is the one thing to_html adds.
  std::string html = to_html(document);
  for (std::size_t at; (at = html.find(" class=\"nw\"")) != std::string::npos;) {
    html.erase(at, 11);
  }
  EXPECT_EQ(normalized(oracle), normalized(html)) << markdown;
  // Text never reaches the page as markup: cmark-gfm says where it dropped raw HTML.
  EXPECT_EQ(oracle.find("raw HTML omitted"), std::string::npos) << markdown;
  for (const char* markup : {"<script", "<img", "<a ", "<em>", "<h1>heading", "<del>"}) {
    EXPECT_EQ(oracle.find(markup), std::string::npos) << markup << "\n" << markdown;
  }
}

// Text that a shell, a browser and a Markdown renderer would each act on.
const std::vector<std::string> kHostile = {
    "<script>alert(1)</script>",
    "a & b &amp; c &#x41; &copy",
    "`tick` ``two`` ```three``` ends with `",
    "a | b || c",
    "label $(touch /tmp/pwned) `touch /tmp/pwned`",
    "![i](http://example.com/i.png) [link](http://example.com) <http://example.com>",
    "**b** *i* _u_ __d__ ~~s~~ snake_case_name",
    "# heading \\ back\\slash \\* ",
    "<img src=x onerror=alert(1)> \"quoted\" 'single'",
    "red \x1b[31m C1 \xc2\x9b"
    "2J tab\there",
    "{braces} (parens) +plus ~tilde !bang",
    "1. a list? - b + c",
    "- - -",
    "+ plus first",
    "2) paren list",
    "=== setext?",
    "    indented code?",
};

Blocks hostile_blocks(MarkdownEscape escape) {
  Blocks blocks;
  for (const std::string& text : kHostile) {
    const TextRun run{TextRun::Style::kPlain, text, escape};
    blocks.push_back(Heading{3, {words("of "), run}});
    blocks.push_back(Heading{4, {run}});
    blocks.push_back(Paragraph{{run}});
    blocks.push_back(BulletList{{{run}, {strong(text, escape)}}});
    blocks.push_back(Paragraph{{words("said: "), run, words(" and "), strong(text, escape)}});
    blocks.push_back(BulletList{{{words("first "), run}, {words("warning: "), run}}});
    blocks.push_back(Paragraph{{words("ran "), code(text)}});
    blocks.push_back(CodeBlock{text});
    blocks.push_back(Table{{{words("name")}, {run}},
                           {Alignment::kNone, Alignment::kRight},
                           {{{run}, {words("1")}}, {{strong(text, escape)}, {code(text)}}}});
  }
  return blocks;
}

TEST(DocumentOracle, AReportOfEveryKindOfBlockReadsTheSameInBothRenderers) {
  ReportDocument document{"ab-2026-11-30T09:00:00Z-0001", {}, {}};
  document.lead = {
      Heading{2, {words("A/B experiment "), text("ab-2026-11-30T09:00:00Z-0001")}},
      CodeBlock{"clonebench ab 'fork --timeout 2s' --a '--rss 0' --b '--rss 64M'"},
      Notice{{strong("These guests were emulated.", MarkdownEscape::kOwnWords)}},
      Paragraph{{words("Δ: as "), code("clonebench compare"), words(" states it.")}},
      aligned_table({"metric", "A median", "95% CI", "verdict"}, {{{text("ops_per_sec_real")},
                                                                   {words("6107")},
                                                                   {words("[-32.83 %, -32.62 %]")},
                                                                   {text("slower")}},
                                                                  {{text("latency_us.create.p50")},
                                                                   {words("119.3")},
                                                                   {words("unbounded")},
                                                                   {text("inconclusive")}}}),
      BulletList{{{text("B is slower than A beyond the ±1 % threshold (95 % CI, p = 0.016).")},
                  {words("warning: "), text("run 3 is noisy")}}},
      Paragraph{{strong("1 of 2 metrics differ (Holm-adjusted, α = 0.05).")}}};
  document.body = {Heading{2, {words("Environment")}},
                   Table{{{words("environment")}, {text("k:a")}, {text("k:b")}},
                         {Alignment::kLeft, Alignment::kLeft, Alignment::kRight},
                         {{{strong("kernel")}, {strong("6.8.0-31")}, {strong("6.8.0-35")}},
                          {{text("CPUs online")}, {text("2")}, {text("2")}}}}};
  expect_oracle_agrees(document);
}

TEST(DocumentOracle, StoredTextReadsAsTypedWhateverMarkupItHolds) {
  for (const std::string& title : kHostile) {
    expect_oracle_agrees({title, hostile_blocks(MarkdownEscape::kStored), {}});
  }
}

TEST(DocumentOracle, TheCensusTextEscapeReadsAsTypedToo) {
  expect_oracle_agrees({"trace-t", hostile_blocks(MarkdownEscape::kEveryMark), {}});
}

TEST(DocumentOracle, EmptySectionsAndATableWithoutRowsAgree) {
  expect_oracle_agrees({"",
                        {BulletList{}, Paragraph{}, Heading{2, {words("Runs")}},
                         aligned_table({"run", "label"}, {})},
                        {Notice{}, Table{{{words("a")}, {words("b")}},
                                         {Alignment::kNone, Alignment::kNone},
                                         {{{words("1")}}, {{words("1")}, {words("2")}}}}}});
}

}  // namespace
}  // namespace clonebench
