// The HTML report: one self-contained file. The report's document as HTML (to_html: every text
// escaped, so a label cannot inject any markup), the plots inlined as SVG, inline CSS, and a
// Content-Security-Policy that forbids every fetch, so the file opens offline and nothing in it can
// reach the network.

#include <fmt/core.h>

#include "report/document.hpp"
#include "report/report_renderers.hpp"

namespace clonebench {
namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;color:#222;max-width:1180px;margin:2em auto;padding:0 1em;"
    "line-height:1.4}"
    "h1{font-size:1.6em}h2{font-size:1.25em;border-bottom:1px solid #ddd;padding-bottom:.2em}"
    "table{border-collapse:collapse;margin:.8em 0;font-size:13px}"
    "th,td{border:1px solid #ccc;padding:3px 8px}th{background:#f2f2f2}.nw{white-space:nowrap}"
    // A table wider than the page (unbroken tokens) scrolls inside itself, not the page.
    "table{display:block;max-width:100%;overflow-x:auto}"
    "tbody tr:nth-child(even){background:#fafafa}strong{color:#a40000}"
    "pre{background:#f6f6f6;padding:8px;overflow-x:auto}"
    ".plots{display:grid;grid-template-columns:repeat(auto-fill,minmax(520px,1fr));gap:1em}"
    "figure{margin:0;border:1px solid #e4e4e4;padding:4px}figure svg{width:100%;height:auto}"
    "figcaption{font-size:13px;color:#555;text-align:center}"
    ".verdict{border-left:4px solid #08519c;background:#f5f9fd;padding:.1em 1em;margin:1em 0}";

}  // namespace

std::string render_html_report(const ReportInput& input, const std::vector<std::string>& titles,
                               const std::vector<std::string>& svgs) {
  const ReportDocument document = report_document(input);
  std::string figures;
  for (std::size_t i = 0; i < svgs.size() && i < titles.size(); ++i) {
    figures += "<figure>" + svgs[i] + "<figcaption>" + html_escaped(titles[i]) +
               "</figcaption></figure>\n";
  }
  // The verdict above the plots, where a reader looks first (criterion puts the change beside
  // its plots); the tables behind it below them.
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
      "'unsafe-inline'\">\n<meta name=\"viewport\" content=\"width=device-width\">\n"
      "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<h1>{}</h1>\n"
      "<section class=\"verdict\" id=\"verdict\">\n{}</section>\n"
      "<section class=\"plots\">\n{}</section>\n{}</body>\n</html>\n",
      html_escaped(document.title), kStyle, html_escaped(document.title), to_html(document.lead),
      figures, to_html(document.body));
}

}  // namespace clonebench
