// qrsc odds SPEC TABLE [--modifier M]... [--column C] [--format text|json]: the exact probability
// of each row of a rolled table at the net modifier of the modifiers given (signed numbers and
// ids, summed as `lookup` sums them); without --modifier, a chart over net modifiers -6..+6.
#include <iostream>
#include <memory>

#include "compile.hpp"
#include "net_modifier.hpp"
#include "odds.hpp"
#include "odds_documents.hpp"

namespace qrsc::cli {

Command add_odds_command(CLI::App& app) {
  struct Options {
    std::string file, table, format = "text";
    std::vector<std::string> modifiers;
    std::optional<std::string> column;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("odds", "exact odds of each row of a rolled table (by net modifier)");
  sub->add_option("spec", o->file, "spec file or name (acw-2.1-15mm)")->required();
  sub->add_option("table", o->table, "table id (a band table whose key states its dice)")->required();
  sub->add_option("--modifier,-m", o->modifiers,
                  "a die roll modifier (repeatable): a signed number or a modifier id, as lookup takes them; the odds are "
                  "at their sum (without any: a chart over -6..+6)");
  sub->add_option("--column,-c", o->column, "column: id or printed name, as lookup takes it (green, us); without it: every column");
  sub->add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  return {sub, [o] {
            const auto spec = compile_one(o->file);
            if (!spec) return kFailed;
            std::optional<int> modifier;
            if (const Table* t = spec->table(o->table); t && !o->modifiers.empty()) {
              const NetModifier net = net_modifier(*spec, *t, o->modifiers);
              if (!net.error.empty()) {
                print_error(net.error);
                return kFailed;
              }
              modifier = net.total;
            }
            const OddsReport r = table_odds(*spec, o->table, modifier, o->column);
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
