// qrsc odds SPEC TABLE [--modifier N] [--column C] [--format text|json]: the exact probability
// of each row of a rolled table; without --modifier, a chart over net modifiers -6..+6.
#include <iostream>
#include <memory>

#include "compile.hpp"
#include "limits.hpp"
#include "odds.hpp"
#include "odds_documents.hpp"

namespace qrsc::cli {

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
              std::cout << json_document(odds_json(r));
            } else {
              std::cout << odds_text(r);
            }
            return kOk;
          }};
}

}  // namespace qrsc::cli
