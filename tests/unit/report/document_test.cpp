// The report document's two renderers (report/document.hpp), each rule on a small document:
// what to_markdown writes, what to_html writes, and what both leave out.

#include "report/document.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

TEST(DocumentMarkdown, WritesTheTitleThenEveryBlockFollowedByABlankLine) {
  const ReportDocument document{
      "k:a k:b", {Heading{2, {words("Runs")}}}, {Paragraph{{words("Rows that differ.")}}}};
  EXPECT_EQ(to_markdown(document),
            "# clonebench report: k:a k:b\n\n## Runs\n\nRows that differ.\n\n");
}

TEST(DocumentMarkdown, EscapesStoredTextSoThatItIsShownAsTyped) {
  EXPECT_EQ(to_markdown(Blocks{Paragraph{{text("**b** <i> & ![x](y) snake_case _u_")}}}),
            "\\*\\*b\\*\\* \\<i\\> \\& \\!\\[x\\](y) snake_case \\_u\\_\n\n");
}

TEST(DocumentMarkdown, LeavesTheToolsOwnWordsAsTheyAre) {
  EXPECT_EQ(to_markdown(Blocks{Paragraph{{words("[1, 2] < 4 MiB")}}}), "[1, 2] < 4 MiB\n\n");
}

TEST(DocumentMarkdown, EscapesEveryMarkInTheCensusText) {
  EXPECT_EQ(to_markdown(Blocks{Paragraph{{words("x "), every_mark("a_b (c) {d} +e")}}}),
            "x a\\_b \\(c\\) \\{d\\} \\+e\n\n");
}

TEST(DocumentMarkdown, EscapesAPipeInATableCellOnce) {
  const Table table{{{words("a")}, {words("b")}},
                    {Alignment::kNone, Alignment::kNone},
                    {{{text("x|y")}, {every_mark("p|q")}}}};
  EXPECT_EQ(to_markdown(Blocks{table}), "| a | b |\n| --- | --- |\n| x\\|y | p\\|q |\n\n");
}

TEST(DocumentMarkdown, AlignsColumnsOfNumbersAndIntervalsRightAndTextColumnsNot) {
  const Table table =
      aligned_table({"label", "ops/s", "CI", "Δ"},
                    {{{text("k:a")}, {words("6107")}, {words("[1, 2]")}, {words("–")}},
                     {{text("k:b")}, {words("+1.5 %")}, {words("[2, 3]")}, {words("-2 %")}}});
  EXPECT_EQ(table.alignment, (std::vector<Alignment>{Alignment::kNone, Alignment::kRight,
                                                     Alignment::kRight, Alignment::kNone}));
  const std::string markdown = to_markdown(Blocks{table});
  EXPECT_TRUE(markdown.starts_with("| label | ops/s | CI | Δ |\n| --- | ---: | ---: | --- |\n"))
      << markdown;
}

TEST(DocumentMarkdown, WritesATableWithALeftAlignedColumnCompactly) {
  const Table table{
      {{words("Kernel")}, {words("Runs")}}, {Alignment::kLeft, Alignment::kRight}, {}};
  EXPECT_EQ(to_markdown(Blocks{table}), "| Kernel | Runs |\n|:---|---:|\n\n");
}

TEST(DocumentMarkdown, GivesACodeSpanMoreBackticksThanAnyRunInside) {
  EXPECT_EQ(to_markdown(Blocks{Paragraph{{code("a ``b`` c")}}}), "```a ``b`` c```\n\n");
  EXPECT_EQ(to_markdown(Blocks{Paragraph{{code("`x")}}}), "`` `x ``\n\n");
}

TEST(DocumentMarkdown, GivesACodeBlockAFenceNoTextInsideCanEnd) {
  EXPECT_EQ(to_markdown(Blocks{CodeBlock{"run ```x```"}}), "````\nrun ```x```\n````\n\n");
}

TEST(DocumentMarkdown, KeepsTheSpacesOfAStrongTextOutsideItsMarks) {
  EXPECT_EQ(to_markdown(Blocks{Paragraph{{words("a"), strong(" b ")}}}), "a **b** \n\n");
}

TEST(DocumentMarkdown, NeverLetsAParagraphOrItemStartAList) {
  EXPECT_EQ(to_markdown(Blocks{Paragraph{{text("1. one")}}, BulletList{{{text("- two")}}}}),
            "1\\. one\n\n- \\- two\n\n");
}

TEST(DocumentMarkdown, WritesNothingForAnEmptySection) {
  EXPECT_EQ(to_markdown(Blocks{BulletList{}, Paragraph{}, Notice{}}), "");
}

TEST(DocumentHtml, EscapesEveryTextOnceWhateverItsMarkdownEscape) {
  EXPECT_EQ(to_html(Blocks{Paragraph{{text("<script>"), words(" & "), every_mark("\"&amp;\""),
                                      strong("<b>"), code("a<b")}}}),
            "<p>&lt;script&gt; &amp; &quot;&amp;amp;&quot;<strong>&lt;b&gt;</strong>"
            "<code>a&lt;b</code></p>\n");
}

TEST(DocumentHtml, ShowsControlCharactersAsEscapes) {
  EXPECT_EQ(to_html(Blocks{CodeBlock{"red\x1b[31m"}}), "<pre><code>red\\x1B[31m\n</code></pre>\n");
}

TEST(DocumentHtml, WritesAlignmentAsAnAttributeOfEveryCellOfItsColumn) {
  const Table table{{{words("a")}, {words("n")}},
                    {Alignment::kLeft, Alignment::kRight},
                    {{{text("x")}, {words("1")}}}};
  EXPECT_EQ(to_html(Blocks{table}),
            "<table>\n<thead>\n<tr>\n<th align=\"left\" class=\"nw\">a</th>\n<th "
            "align=\"right\" class=\"nw\">n</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td "
            "align=\"left\" class=\"nw\">x</td>\n<td align=\"right\" class=\"nw\">1</td>\n</tr>\n"
            "</tbody>\n</table>\n");
}

TEST(DocumentHtml, OmitsTheBodyOfATableWithoutRows) {
  const Table table = aligned_table({"run"}, {});
  EXPECT_EQ(to_html(Blocks{table}),
            "<table>\n<thead>\n<tr>\n<th class=\"nw\">run</th>\n</tr>\n</thead>\n</table>\n");
}

TEST(DocumentHtml, GivesAShortRowEmptyCellsAndDropsExtraOnes) {
  const Table table{{{words("a")}, {words("b")}},
                    {Alignment::kNone, Alignment::kNone},
                    {{{words("1")}}, {{words("1")}, {words("2")}, {words("3")}}}};
  const std::string html = to_html(Blocks{table});
  EXPECT_NE(html.find("<td class=\"nw\">1</td>\n<td></td>\n</tr>"), std::string::npos) << html;
  EXPECT_EQ(html.find(">3</td>"), std::string::npos) << html;
}

TEST(DocumentHtml, WritesListsNoticesAndHeadingsAsTheirElements) {
  EXPECT_EQ(to_html(ReportDocument{"t&",
                                   {Heading{3, {words("h")}}, Notice{{strong("n")}}},
                                   {BulletList{{{words("a")}, {words("b")}}}}}),
            "<h1>clonebench report: t&amp;</h1>\n<h3>h</h3>\n<blockquote>\n<p><strong>n</strong>"
            "</p>\n</blockquote>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n");
}

TEST(DocumentHtml, WritesNothingForAnEmptySection) {
  EXPECT_EQ(to_html(Blocks{BulletList{}, Paragraph{}, Notice{}}), "");
}

}  // namespace
}  // namespace clonebench
