// qrsc odds SPEC TABLE [--modifier N] [--column C] [--format text|json]: the exact probability
// of each row of a rolled table; without --modifier, a chart over net modifiers -6..+6.
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "compile.hpp"
#include "limits.hpp"
#include "odds.hpp"

namespace qrsc::cli {

namespace {

std::string fraction_text(Fraction f) { return f.den() == 1 ? std::to_string(f.num()) : fmt::format("{}/{}", f.num(), f.den()); }

std::string text_report(const OddsReport& r) {
  std::string out = fmt::format("{}: {}\nroll: {}\n", r.table, r.title, r.roll);
  if (!r.modifier_tables.empty()) out += fmt::format("modified by: {}\n", fmt::join(r.modifier_tables, ", "));
  std::size_t width = 4;
  for (const auto& t : r.row_titles) width = std::max(width, t.size());
  for (const auto& c : r.columns) {
    if (!c.id.empty()) out += fmt::format("\ncolumn {} ({})\n", c.id, c.name);
    if (r.modifiers.size() == 1) {
      // One net modifier: each row's exact fraction and percent.
      out += fmt::format("{}net modifier {:+d}\n", c.id.empty() ? "\n" : "", r.modifiers[0]);
      for (std::size_t i = 0; i < r.row_ids.size(); ++i) {
        out += fmt::format("  {:<{}}  {:>8}  {:>6}\n", r.row_titles[i], width, fraction_text(c.p[0][i]),
                           format_percent(c.p[0][i]));
      }
      continue;
    }
    // A chart: rows by net modifier, percent, like a published odds table.
    out += fmt::format("{}  {:<{}}", c.id.empty() ? "\n" : "", "net modifier", width);
    for (const int m : r.modifiers) out += fmt::format(" {:>6}", fmt::format("{:+d}", m));
    out += '\n';
    for (std::size_t i = 0; i < r.row_ids.size(); ++i) {
      out += fmt::format("  {:<{}}", r.row_titles[i], width);
      for (std::size_t m = 0; m < r.modifiers.size(); ++m) out += fmt::format(" {:>6}", format_percent(c.p[m][i]));
      out += '\n';
    }
  }
  return out;
}

nlohmann::json json_report(const OddsReport& r) {
  nlohmann::json j{{"table", r.table}, {"title", r.title}, {"roll", r.roll}, {"modified_by", r.modifier_tables}};
  nlohmann::json cols = nlohmann::json::array();
  for (const auto& c : r.columns) {
    nlohmann::json by_modifier = nlohmann::json::array();
    for (std::size_t m = 0; m < r.modifiers.size(); ++m) {
      nlohmann::json rows = nlohmann::json::array();
      for (std::size_t i = 0; i < r.row_ids.size(); ++i) {
        const Fraction p = c.p[m][i];
        rows.push_back({{"id", r.row_ids[i]},
                        {"title", r.row_titles[i]},
                        {"probability", fraction_text(p)},
                        {"numerator", p.num()},
                        {"denominator", p.den()},
                        {"percent", 100.0 * static_cast<double>(p.num()) / static_cast<double>(p.den())}});
      }
      by_modifier.push_back({{"modifier", r.modifiers[m]}, {"rows", rows}});
    }
    cols.push_back({{"id", c.id}, {"name", c.name}, {"odds", by_modifier}});
  }
  j["columns"] = cols;
  return j;
}

}  // namespace

Command add_odds_command(CLI::App& app) {
  struct Options {
    std::string file, table, format = "text";
    std::optional<int> modifier;
    std::optional<std::string> column;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("odds", "exact odds of each row of a rolled table (by net modifier)");
  sub->add_option("spec", o->file, "spec file or name (acw-2.1-15mm)")->required();
  sub->add_option("table", o->table, "table id (a band table whose key states its dice)")->required();
  sub->add_option("--modifier,-m", o->modifier, "net die-roll modifier (without it: a chart over -6..+6)")
      ->check(CLI::Range(-limits::kMaxMagnitude, limits::kMaxMagnitude));
  sub->add_option("--column,-c", o->column, "column: id or printed name, as lookup takes it (green, us); without it: every column");
  sub->add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  return {sub, [o] {
            const auto spec = compile_one(o->file);
            if (!spec) return kFailed;
            const OddsReport r = table_odds(*spec, o->table, o->modifier, o->column);
            if (!r.ok) {
              print_error(r.error);
              return kFailed;
            }
            if (!r.note.empty()) print_note(r.note);
            if (o->format == "json") {
              std::cout << json_report(r).dump(2) << '\n';
            } else {
              std::cout << text_report(r);
            }
            return kOk;
          }};
}

}  // namespace qrsc::cli
