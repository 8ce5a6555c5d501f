// `qrsc report`: a designer's report of a sheet's odds. For every rolled band table, one SVG
// chart per column: a stacked bar of the outcome probabilities at each net modifier. Fills are
// grey levels with hatchings, so the charts read on screen and printed in black and white;
// every segment carries its exact fraction as a tooltip.
#include <fmt/format.h>

#include "html_escape.hpp"
#include "odds.hpp"

namespace qrsc {

namespace {

// Fills that stay apart in black and white: a grey level plus a hatching per row.
struct Fill {
  const char* grey;
  const char* pattern;  // SVG pattern content over the grey, or empty for a plain fill
  bool dark;            // labels on it are white
};
constexpr Fill kFills[] = {
    {"#ffffff", "", false},
    {"#d9d9d9", R"(<path d="M0,6 L6,0" stroke="#000" stroke-width="0.8"/>)", false},
    {"#a6a6a6", "", false},
    {"#ffffff", R"(<circle cx="3" cy="3" r="1" fill="#000"/>)", false},
    {"#595959", "", true},
    {"#ffffff", R"(<path d="M0,0 L6,6 M0,6 L6,0" stroke="#000" stroke-width="0.7"/>)", false},
    {"#262626", "", true},
    {"#bfbfbf", R"(<path d="M0,3 L6,3" stroke="#000" stroke-width="0.8"/>)", false},
};
constexpr std::size_t kFillCount = sizeof(kFills) / sizeof(kFills[0]);

double as_double(Fraction f) { return static_cast<double>(f.num()) / static_cast<double>(f.den()); }

std::string fraction_text(Fraction f) { return f.den() == 1 ? std::to_string(f.num()) : fmt::format("{}/{}", f.num(), f.den()); }

std::string fill_of(const std::string& prefix, std::size_t row) {
  const Fill& f = kFills[row % kFillCount];
  return *f.pattern ? fmt::format("url(#{}-{})", prefix, row % kFillCount) : std::string(f.grey);
}

std::string chart(const OddsReport& r, const OddsColumn& c, const std::string& prefix) {
  constexpr int kBarWidth = 34, kGap = 10, kHeight = 240, kTop = 10, kLeft = 44, kLegendRow = 18;
  const int bars = static_cast<int>(r.modifiers.size());
  const int plot_width = bars * (kBarWidth + kGap);
  const int legend_top = kTop + kHeight + 34;
  const int height = legend_top + static_cast<int>(r.row_ids.size()) * kLegendRow + 4;
  const int width = std::max(kLeft + plot_width + 10, 360);
  std::string svg = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" role="img" aria-label="{}">)"
      "\n<defs>",
      width, height, width, height, html_escape(r.title + (c.name.empty() ? "" : ", " + c.name)));
  for (std::size_t k = 0; k < kFillCount; ++k) {
    if (!*kFills[k].pattern) continue;
    svg += fmt::format(R"(<pattern id="{}-{}" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="{}"/>{}</pattern>)",
                       prefix, k, kFills[k].grey, kFills[k].pattern);
  }
  svg += "</defs>\n";
  // Axis: 0%, 50%, 100%.
  for (const int pct : {0, 50, 100}) {
    const int y = kTop + kHeight - kHeight * pct / 100;
    svg += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000" stroke-width="0.5" stroke-dasharray="{}"/>)"
                       R"(<text x="{}" y="{}" font-size="10" text-anchor="end">{}%</text>)" "\n",
                       kLeft - 4, y, kLeft + plot_width, y, pct == 0 ? "" : "2,2", kLeft - 6, y + 3, pct);
  }
  for (int b = 0; b < bars; ++b) {
    const int x = kLeft + b * (kBarWidth + kGap) + kGap / 2;
    double y = kTop;  // the first row (the best result for the roller) on top
    for (std::size_t row = 0; row < r.row_ids.size(); ++row) {
      const Fraction p = c.p[static_cast<std::size_t>(b)][row];
      if (p == Fraction(0)) continue;
      const double h = kHeight * as_double(p);
      const std::string tip = fmt::format("{} at {:+d}: {} ({})", r.row_titles[row], r.modifiers[static_cast<std::size_t>(b)],
                                          fraction_text(p), format_percent(p));
      svg += fmt::format(R"(<rect x="{}" y="{:.2f}" width="{}" height="{:.2f}" fill="{}" stroke="#000" stroke-width="0.6"><title>{}</title></rect>)",
                         x, y, kBarWidth, h, fill_of(prefix, row), html_escape(tip));
      if (h >= 12) {
        svg += fmt::format(R"(<text x="{}" y="{:.2f}" font-size="9" text-anchor="middle" fill="{}" stroke="{}" stroke-width="2.5" paint-order="stroke">{}</text>)",
                           x + kBarWidth / 2, y + h / 2 + 3, kFills[row % kFillCount].dark ? "#fff" : "#000",
                           kFills[row % kFillCount].dark ? "#000" : "#fff", format_percent(p, 0));
      }
      svg += '\n';
      y += h;
    }
    svg += fmt::format(R"(<text x="{}" y="{}" font-size="10" text-anchor="middle">{:+d}</text>)" "\n", x + kBarWidth / 2,
                       kTop + kHeight + 14, r.modifiers[static_cast<std::size_t>(b)]);
  }
  svg += fmt::format(R"(<text x="{}" y="{}" font-size="10" text-anchor="middle">net modifier</text>)" "\n",
                     kLeft + plot_width / 2, kTop + kHeight + 27);
  for (std::size_t row = 0; row < r.row_ids.size(); ++row) {
    const int y = legend_top + static_cast<int>(row) * kLegendRow;
    svg += fmt::format(R"(<rect x="{}" y="{}" width="14" height="12" fill="{}" stroke="#000" stroke-width="0.6"/>)"
                       R"(<text x="{}" y="{}" font-size="11">{}</text>)" "\n",
                       kLeft, y, fill_of(prefix, row), kLeft + 20, y + 10, html_escape(r.row_titles[row]));
  }
  return svg + "</svg>";
}

}  // namespace

std::string render_odds_report_html(const Spec& spec) {
  const std::string name = spec.title + (spec.subtitle.empty() ? "" : ": " + spec.subtitle);
  std::string out =
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Odds: " + html_escape(name) +
      "</title>\n<style>body{font:11pt/1.4 serif;max-width:60em;margin:2em auto;color:#000;background:#fff}"
      "h2{font-size:13pt;margin-top:2em}figure{margin:1em 0;break-inside:avoid;page-break-inside:avoid}"
      "figcaption{font-size:10pt}p.roll{font-size:10pt}@media print{body{margin:0}h2{break-after:avoid}}</style>"
      "</head><body>\n";
  out += "<h1>Odds: " + html_escape(name) + "</h1>\n";
  out += "<p>Exact probability of each result by net die-roll modifier, from the dice the spec states (" +
         html_escape(spec.path) + "). Each bar stacks the results from the top row of the table down; hover a segment for its exact fraction.</p>\n";
  int charts = 0;
  for (const auto& t : spec.tables) {
    const auto* bt = std::get_if<BandTable>(&t.body);
    if (!bt || !bt->dice) continue;
    const OddsReport r = table_odds(spec, t.id, std::nullopt, std::nullopt);
    if (!r.ok) continue;
    out += "<h2 id=\"" + html_escape(t.id) + "\">" + html_escape(t.title) + "</h2>\n";
    out += "<p class=\"roll\">Roll: " + html_escape(r.roll) +
           (r.modifier_tables.empty() ? std::string(", read without modifiers")
                                      : ", modified by " + html_escape(fmt::format("{}", fmt::join(r.modifier_tables, ", ")))) +
           ".</p>\n";
    for (const auto& c : r.columns) {
      out += "<figure><figcaption>" + html_escape(t.title) + (c.name.empty() ? "" : ": " + html_escape(c.name)) +
             "</figcaption>\n" + chart(r, c, fmt::format("f{}", charts++)) + "</figure>\n";
    }
  }
  return out + "</body></html>\n";
}

}  // namespace qrsc
