#include "qrsc/reports/odds_documents.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "qrsc/backends/common/backend_error.hpp"
#include "qrsc/backends/common/mustache_data.hpp"
#include "qrsc/backends/common/template_document.hpp"
#include "qrsc/model/percent_text.hpp"
#include "qrsc/model/roll_again.hpp"

namespace qrsc {

namespace {

std::string fraction_text(Fraction f) {
  return f.den() == 1 ? std::to_string(f.num()) : fmt::format("{}/{}", f.num(), f.den());
}

double as_double(Fraction f) { return static_cast<double>(f.num()) / static_cast<double>(f.den()); }

// ------------------------------------------------------------------ the report's charts

// Fills that stay apart in black and white: a grey level per row, some with a hatching over
// it (a path, or a dot); templates/reports/odds.html.mustache draws each hatched fill as an
// SVG pattern.
struct Fill {
  const char* grey;
  const char* path = "";          // the hatching's path, or empty
  const char* stroke_width = "";  // of the hatching's path
  bool dot = false;               // a dot in each cell of the pattern
  bool dark = false;              // labels on it are white
  [[nodiscard]] bool hatched() const { return *path || dot; }
};
constexpr Fill kFills[] = {
    {"#ffffff"},
    {"#d9d9d9", "M0,6 L6,0", "0.8"},
    {"#a6a6a6"},
    {"#ffffff", "", "", true},
    {"#595959", "", "", false, true},
    {"#ffffff", "M0,0 L6,6 M0,6 L6,0", "0.7"},
    {"#262626", "", "", false, true},
    {"#bfbfbf", "M0,3 L6,3", "0.8"},
};
constexpr std::size_t kFillCount = sizeof(kFills) / sizeof(kFills[0]);

std::string fill_of(const std::string& prefix, std::size_t row) {
  const Fill& f = kFills[row % kFillCount];
  return f.hatched() ? fmt::format("url(#{}-{})", prefix, row % kFillCount) : std::string(f.grey);
}

// One chart's geometry and text: a stacked bar per net modifier, the first row (the best
// result for the roller) on top; the axis at 0%, 50% and 100%; a legend of the rows.
mst::data chart_data(const OddsReport& r, const OddsColumn& c, const std::string& prefix) {
  constexpr int kBarWidth = 34, kGap = 10, kHeight = 240, kTop = 10, kLeft = 44, kLegendRow = 18;
  const int bars = static_cast<int>(r.modifiers.size());
  const int plot_width = bars * (kBarWidth + kGap);
  const int legend_top = kTop + kHeight + 34;
  const int height = legend_top + static_cast<int>(r.row_ids.size()) * kLegendRow + 4;
  const int width = std::max(kLeft + plot_width + 10, 360);
  const auto number = [](auto v) { return std::to_string(v); };
  mst::data d;
  put(d, "caption", r.title + (c.name.empty() ? "" : ": " + c.name));
  put(d, "label", r.title + (c.name.empty() ? "" : ", " + c.name));
  put(d, "prefix", prefix);
  put(d, "width", number(width));
  put(d, "height", number(height));
  mst::data patterns = list_of();
  for (std::size_t k = 0; k < kFillCount; ++k) {
    if (!kFills[k].hatched()) continue;
    mst::data p;
    put(p, "index", number(k));
    put(p, "grey", kFills[k].grey);
    put(p, "has_path", *kFills[k].path != '\0');
    put(p, "path", kFills[k].path);
    put(p, "stroke_width", kFills[k].stroke_width);
    put(p, "dot", kFills[k].dot);
    append(patterns, std::move(p));
  }
  put(d, "patterns", std::move(patterns));
  mst::data axis = list_of();
  for (const int pct : {0, 50, 100}) {
    const int y = kTop + kHeight - kHeight * pct / 100;
    mst::data a;
    put(a, "x1", number(kLeft - 4));
    put(a, "x2", number(kLeft + plot_width));
    put(a, "y", number(y));
    put(a, "dash", pct == 0 ? "" : "2,2");
    put(a, "text_x", number(kLeft - 6));
    put(a, "text_y", number(y + 3));
    put(a, "percent", number(pct));
    append(axis, std::move(a));
  }
  put(d, "axis", std::move(axis));
  mst::data bar_list = list_of();
  for (int b = 0; b < bars; ++b) {
    const auto m = static_cast<std::size_t>(b);
    const int x = kLeft + b * (kBarWidth + kGap) + kGap / 2;
    double y = kTop;
    mst::data segments = list_of();
    for (std::size_t row = 0; row < r.row_ids.size(); ++row) {
      const Fraction p = c.p[m][row];
      if (p == Fraction(0)) continue;
      const double h = kHeight * as_double(p);
      const Fill& fill = kFills[row % kFillCount];
      mst::data s;
      put(s, "x", number(x));
      put(s, "y", fmt::format("{:.2f}", y));
      put(s, "width", number(kBarWidth));
      put(s, "height", fmt::format("{:.2f}", h));
      put(s, "fill", fill_of(prefix, row));
      put(s, "tip",
          fmt::format("{} at {:+d}: {} ({})", r.row_titles[row], r.modifiers[m], fraction_text(p), percent_text(p)));
      put(s, "labelled", h >= 12);
      put(s, "label_x", number(x + kBarWidth / 2));
      put(s, "label_y", fmt::format("{:.2f}", y + h / 2 + 3));
      put(s, "label_fill", fill.dark ? "#fff" : "#000");
      put(s, "label_stroke", fill.dark ? "#000" : "#fff");
      put(s, "percent", percent_text(p, 0));
      append(segments, std::move(s));
      y += h;
    }
    mst::data bar;
    put(bar, "segments", std::move(segments));
    put(bar, "x", number(x + kBarWidth / 2));
    put(bar, "y", number(kTop + kHeight + 14));
    put(bar, "modifier", fmt::format("{:+d}", r.modifiers[m]));
    append(bar_list, std::move(bar));
  }
  put(d, "bars", std::move(bar_list));
  put(d, "axis_label_x", number(kLeft + plot_width / 2));
  put(d, "axis_label_y", number(kTop + kHeight + 27));
  mst::data legend = list_of();
  for (std::size_t row = 0; row < r.row_ids.size(); ++row) {
    const int y = legend_top + static_cast<int>(row) * kLegendRow;
    mst::data l;
    put(l, "x", number(kLeft));
    put(l, "y", number(y));
    put(l, "fill", fill_of(prefix, row));
    put(l, "text_x", number(kLeft + 20));
    put(l, "text_y", number(y + 10));
    put(l, "title", r.row_titles[row]);
    append(legend, std::move(l));
  }
  put(d, "legend", std::move(legend));
  return d;
}

// A matchup's row split by the side that lost: "attacker loses 10.0%, defender loses 6.7%".
std::string losers_text(Fraction attacker_lost, Fraction defender_lost) {
  return fmt::format("attacker loses {}, defender loses {}", percent_text(attacker_lost), percent_text(defender_lost));
}

Json probability_json(Fraction p) {
  return Json{{"probability", fraction_text(p)},
              {"numerator", p.num()},
              {"denominator", p.den()},
              {"percent", 100.0 * as_double(p)},
              {"written", percent_text(p)}};  // as every surface writes it (the page's answers are tested against it)
}

// Symbol dice: how many of several dice show each symbol (symbols shown on as many faces read
// alike and are given together). For one number of dice (--dice), the chance of exactly k and
// of at least k for every k; for several, a chart of "at least k" by number of dice, as a sheet
// prints it.
std::string pool_text(const OddsReport& r) {
  std::string out = fmt::format("\nseveral dice (as many as {} gives): how many show each symbol\n", r.pool);
  for (std::size_t c = 0; c < r.pools.size() && c < r.columns.size(); ++c) {
    const PoolOdds& pool = r.pools[c];
    if (!r.columns[c].id.empty()) out += fmt::format("\ncolumn {} ({})\n", r.columns[c].id, r.columns[c].name);
    for (const auto& group : alike_symbols(pool)) {
      const SymbolCounts& s = pool.symbols[group.front()];
      std::vector<std::string> titles;
      for (const std::size_t i : group) titles.push_back(r.row_titles[pool.symbols[i].row]);
      const std::string name = fmt::format("{} ({} face{} of {}{})", fmt::join(titles, ", "), s.faces,
                                           s.faces == 1 ? "" : "s", pool.sides, group.size() > 1 ? " each" : "");
      if (r.dice.size() == 1) {
        const int n = r.dice.front();
        out += fmt::format("\n  {} among {} dice\n    {:<8}", name, n, "k");
        for (int k = 0; k <= n; ++k) out += fmt::format(" {:>6}", k);
        out += fmt::format("\n    {:<8}", "exactly");
        for (int k = 0; k <= n; ++k)
          out += fmt::format(" {:>6}",
                             percent_text(s.exactly[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)]));
        out += fmt::format("\n    {:<8}", "at least");
        for (int k = 0; k <= n; ++k) out += fmt::format(" {:>6}", percent_text(s.at_least(n, k)));
        out += '\n';
        continue;
      }
      out += fmt::format("\n  {}: at least k of n dice\n    {:>4}", name, "n");
      for (const int k : r.dice) out += fmt::format(" {:>6}", fmt::format("{}+", k));
      out += '\n';
      for (const int n : r.dice) {
        out += fmt::format("    {:>4}", n);
        for (int k = 1; k <= n; ++k) out += fmt::format(" {:>6}", percent_text(s.at_least(n, k)));
        out += '\n';
      }
    }
  }
  return out;
}

Json pool_json(const OddsReport& r) {
  Json columns = Json::array();
  for (std::size_t c = 0; c < r.pools.size() && c < r.columns.size(); ++c) {
    const PoolOdds& pool = r.pools[c];
    Json by_dice = Json::array();
    for (const int n : r.dice) {
      Json rows = Json::array();
      for (const SymbolCounts& s : pool.symbols) {
        Json exactly = Json::array(), at_least = Json::array();
        for (int k = 0; k <= n; ++k) {
          exactly.push_back(probability_json(s.exactly[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)]));
          at_least.push_back(probability_json(s.at_least(n, k)));
        }
        rows.push_back(Json{{"id", r.row_ids[s.row]},
                            {"title", r.row_titles[s.row]},
                            {"faces", s.faces},
                            {"exactly", std::move(exactly)},
                            {"at_least", std::move(at_least)}});
      }
      by_dice.push_back(Json{{"dice", n}, {"rows", std::move(rows)}});
    }
    columns.push_back(Json{
        {"id", r.columns[c].id}, {"name", r.columns[c].name}, {"sides", pool.sides}, {"counts", std::move(by_dice)}});
  }
  return Json{{"table", r.pool}, {"columns", std::move(columns)}};
}

// Success dice: how many dice count among the dice thrown, exactly, at each net modifier
// reported; the last count of exploding dice is "that many or more".
std::string success_text(const OddsReport& r) {
  std::string out = fmt::format("\n{} among {} dice", r.counting, r.success_dice);
  if (!r.chain_first.empty()) out += fmt::format(" of {} (thrown at {:+d})", r.chain_first, r.first_modifier);
  out += ", exactly\n";
  for (std::size_t c = 0; c < r.counts.size() && c < r.columns.size(); ++c) {
    if (!r.columns[c].id.empty()) out += fmt::format("\ncolumn {} ({})\n", r.columns[c].id, r.columns[c].name);
    const auto& by_modifier = r.counts[c];
    if (by_modifier.empty()) continue;
    out += fmt::format("  {:<12}", "net modifier");
    for (const int m : r.modifiers) out += fmt::format(" {:>6}", fmt::format("{:+d}", m));
    out += '\n';
    const int size = by_modifier.front().size;
    const bool beyond = std::any_of(by_modifier.begin(), by_modifier.end(),
                                    [](const qrs::odds::SuccessCounts& k) { return k.beyond != Fraction(0); });
    for (int k = 0; k < size + (beyond ? 1 : 0); ++k) {
      out += fmt::format("  {:<12}", count_label(by_modifier.front(), k));
      for (const auto& counts : by_modifier)
        out += fmt::format(" {:>6}", percent_text(k < size ? counts.p(k) : counts.beyond));
      out += '\n';
    }
  }
  return out;
}

Json success_json(const OddsReport& r) {
  Json columns = Json::array();
  for (std::size_t c = 0; c < r.counts.size() && c < r.columns.size(); ++c) {
    Json by_modifier = Json::array();
    for (std::size_t m = 0; m < r.counts[c].size() && m < r.modifiers.size(); ++m) {
      const qrs::odds::SuccessCounts& counts = r.counts[c][m];
      Json exactly = Json::array(), at_least = Json::array();
      for (int k = 0; k < counts.size; ++k) {
        exactly.push_back(probability_json(counts.p(k)));
        at_least.push_back(probability_json(counts.at_least(k)));
      }
      by_modifier.push_back(Json{{"modifier", r.modifiers[m]},
                                 {"exactly", std::move(exactly)},
                                 {"at_least", std::move(at_least)},
                                 {"more", probability_json(counts.beyond)}});
    }
    columns.push_back(Json{{"id", r.columns[c].id}, {"name", r.columns[c].name}, {"odds", std::move(by_modifier)}});
  }
  Json out = Json{{"counting", r.counting}, {"dice", r.success_dice}, {"columns", std::move(columns)}};
  if (!r.chain_first.empty()) {
    out["first"] = Json{{"table", r.chain_first}, {"modifier", r.first_modifier}};
  }
  return out;
}

// Until decided: each row's chance once the rows that roll again have been rolled again (the
// modifiers they name dropped, the others as given). The lines given: every row but those, in
// order, then no row read where it has a chance.
struct DecidedLine {
  std::string id, title;
  Fraction p;
};
std::vector<DecidedLine> decided_lines(const OddsReport& r, const OddsColumn& c) {
  std::vector<DecidedLine> out;
  for (std::size_t i = 0; i < c.decided.size(); ++i) {
    const bool outside = i + 1 == c.decided.size();
    if (std::find(r.again_rows.begin(), r.again_rows.end(), i) != r.again_rows.end()) continue;
    if (outside && c.decided[i] == Fraction(0)) continue;
    out.push_back(outside ? DecidedLine{kOutsideRowId, r.decided_outside_title, c.decided[i]}
                          : DecidedLine{r.row_ids[i], r.row_titles[i], c.decided[i]});
  }
  return out;
}

std::string decided_text(const OddsReport& r, const OddsColumn& c, std::size_t width) {
  if (c.decided.empty() && !c.never_decided) return "";
  std::vector<std::string> again;
  for (const std::size_t i : r.again_rows) again.push_back(r.row_titles[i]);
  std::string out = until_decided_heading(again) + ":\n";
  if (c.never_decided) return out + "  " + kNeverDecided + "\n";
  for (const DecidedLine& l : decided_lines(r, c)) {
    out += fmt::format("  {:<{}}  {:>8}  {:>6}\n", l.title, width, fraction_text(l.p), percent_text(l.p));
  }
  return out;
}

Json decided_json(const OddsReport& r, const OddsColumn& c) {
  Json again = Json::array();
  for (const std::size_t i : r.again_rows) again.push_back(r.row_ids[i]);
  Json rows = Json::array();
  for (const DecidedLine& l : decided_lines(r, c)) {
    Json row = Json{{"id", l.id}, {"title", l.title}};
    row.update(probability_json(l.p));
    rows.push_back(std::move(row));
  }
  return Json{{"rolled_again", std::move(again)}, {"never_decided", c.never_decided}, {"rows", std::move(rows)}};
}

}  // namespace

std::string odds_text(const OddsReport& r) {
  std::string out = fmt::format("{}: {}\nroll: {}\n", r.table, r.title, r.roll);
  if (!r.modifier_tables.empty()) out += fmt::format("modified by: {}\n", fmt::join(r.modifier_tables, ", "));
  std::size_t width = 4;
  for (const auto& t : r.row_titles) width = std::max(width, t.size());
  width = std::max(width, r.decided_outside_title.size());
  for (const auto& c : r.columns) {
    if (!r.matchup.empty()) {
      // A matchup has each side's modifiers, not one net modifier; each row is split by the side
      // that lost the roll, the side a loser's effect falls on.
      out += fmt::format("\nmatchup: {}\n", r.matchup);
      for (std::size_t i = 0; i < r.row_ids.size(); ++i) {
        out += fmt::format("  {:<{}}  {:>8}  {:>6}  ({})\n", r.row_titles[i], width, fraction_text(c.p[0][i]),
                           percent_text(c.p[0][i]), losers_text(c.attacker_lost[i], c.defender_lost[i]));
      }
      out += decided_text(r, c, width);
      continue;
    }
    if (!c.id.empty()) out += fmt::format("\ncolumn {} ({})\n", c.id, c.name);
    if (r.modifiers.size() == 1) {
      out += fmt::format("{}net modifier {:+d}\n", c.id.empty() ? "\n" : "", r.modifiers[0]);
      for (std::size_t i = 0; i < r.row_ids.size(); ++i) {
        out += fmt::format("  {:<{}}  {:>8}  {:>6}\n", r.row_titles[i], width, fraction_text(c.p[0][i]),
                           percent_text(c.p[0][i]));
      }
      out += decided_text(r, c, width);
      continue;
    }
    out += fmt::format("{}  {:<{}}", c.id.empty() ? "\n" : "", "net modifier", width);
    for (const int m : r.modifiers) out += fmt::format(" {:>6}", fmt::format("{:+d}", m));
    out += '\n';
    for (std::size_t i = 0; i < r.row_ids.size(); ++i) {
      out += fmt::format("  {:<{}}", r.row_titles[i], width);
      for (std::size_t m = 0; m < r.modifiers.size(); ++m) out += fmt::format(" {:>6}", percent_text(c.p[m][i]));
      out += '\n';
    }
  }
  if (!r.triggers.empty()) {
    out += "\ntriggered by the base roll, before modifiers (as well as the row read):\n";
    for (const TriggerOdds& t : r.triggers) {
      out += fmt::format("  {} (base {})  {:>8}  {:>6}\n", t.title, t.base, fraction_text(t.p), percent_text(t.p));
    }
  }
  if (!r.pools.empty()) out += pool_text(r);
  if (!r.counting.empty()) out += success_text(r);
  return out;
}

Json odds_json(const OddsReport& r) {
  Json columns = Json::array();
  for (const auto& c : r.columns) {
    Json by_modifier = Json::array();
    for (std::size_t m = 0; m < r.modifiers.size(); ++m) {
      Json rows = Json::array();
      for (std::size_t i = 0; i < r.row_ids.size(); ++i) {
        Json row = Json{{"id", r.row_ids[i]}, {"title", r.row_titles[i]}};
        row.update(probability_json(c.p[m][i]));
        if (!c.attacker_lost.empty()) {
          row["attacker_loses"] = probability_json(c.attacker_lost[i]);
          row["defender_loses"] = probability_json(c.defender_lost[i]);
        }
        rows.push_back(std::move(row));
      }
      if (r.matchup.empty()) {
        by_modifier.push_back(Json{{"modifier", r.modifiers[m]}, {"rows", std::move(rows)}});
      } else {
        by_modifier.push_back(Json{{"matchup", r.matchup},
                                   {"attacker_modifier", r.attacker_modifier},
                                   {"defender_modifier", r.defender_modifier},
                                   {"rows", std::move(rows)}});
      }
    }
    Json column = Json{{"id", c.id}, {"name", c.name}, {"odds", std::move(by_modifier)}};
    if (!c.decided.empty() || c.never_decided) column["until_decided"] = decided_json(r, c);
    columns.push_back(std::move(column));
  }
  Json out = Json{{"table", r.table},
                  {"title", r.title},
                  {"roll", r.roll},
                  {"modified_by", r.modifier_tables},
                  {"columns", std::move(columns)}};
  if (!r.triggers.empty()) {
    Json triggers = Json::array();
    for (const TriggerOdds& t : r.triggers) {
      Json one = Json{{"table", t.table}, {"section", t.section}, {"title", t.title}, {"base", t.base}};
      one.update(probability_json(t.p));
      triggers.push_back(std::move(one));
    }
    out["triggers"] = std::move(triggers);
  }
  if (!r.pools.empty()) out["pool"] = pool_json(r);
  if (!r.counting.empty()) out["counts"] = success_json(r);
  return out;
}

Expected<std::string> render_odds_report_html(const Spec& spec) {
  mst::data d;
  put(d, "name", spec.title + (spec.subtitle.empty() ? "" : ": " + spec.subtitle));
  put(d, "spec_path", spec.path);
  mst::data tables = list_of();
  int charts = 0;
  for (const auto& t : spec.tables) {
    const auto* bt = std::get_if<BandTable>(&t.body);
    if (!bt || !bt->dice) continue;
    // Success dice the roll does not number are charted at the most the spec gives, or 6.
    std::optional<int> dice;
    if (bt->dice->success() && !fixed_success_dice(spec, *bt)) dice = most_success_dice(spec, *bt).value_or(6);
    const auto report = table_odds(spec, t.id, std::nullopt, std::nullopt, dice);
    if (!report) continue;
    const OddsReport& r = *report;
    mst::data table;
    put(table, "id", t.id);
    put(table, "title", t.title);
    put(table, "roll", r.counting.empty() ? r.roll : fmt::format("{}; {} dice", r.roll, r.success_dice));
    put(table, "modified", !r.modifier_tables.empty());
    put(table, "modifier_tables", fmt::format("{}", fmt::join(r.modifier_tables, ", ")));
    mst::data chart_list = list_of();
    for (const auto& c : r.columns) append(chart_list, chart_data(r, c, fmt::format("f{}", charts++)));
    put(table, "charts", std::move(chart_list));
    append(tables, std::move(table));
  }
  put(d, "tables", std::move(tables));
  return guarded([&] { return TemplateDocument("reports/odds.html.mustache", Markup::html).render(d); });
}

}  // namespace qrsc
