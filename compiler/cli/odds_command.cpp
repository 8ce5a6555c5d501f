// qrsc odds SPEC TABLE [--modifier M]... [--column C] [--format text|json]: the exact probability
// of each row of a rolled table at the net modifier of the modifiers given (signed numbers and
// ids, summed as `lookup` sums them); without --modifier, a chart over net modifiers -6..+6. An
// opposed roll's odds are for one matchup: --attacker and --defender, each with its modifiers
// and (where the table reads a side's column) its type. Symbol dice (a pool) add how many of
// several dice show each symbol: 1 to the spec's pool_odds dice (6 without it), or --dice N.
// Success dice (a target) count the dice that succeed among --dice N (a chain's first roll's,
// with --first for that roll's modifiers).
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "qrsc/analysis/decided_odds.hpp"
#include "qrsc/analysis/net_modifier.hpp"
#include "qrsc/analysis/odds.hpp"
#include "qrsc/analysis/opposed.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/reports/odds_documents.hpp"

namespace qrsc::cli {

Command add_odds_command(CLI::App& app) {
  struct Options {
    std::string file, table, format = "text";
    std::vector<std::string> modifiers;
    std::optional<std::string> column;
    std::vector<std::string> attacker, defender;  // an opposed roll's sides
    std::optional<int> dice;                      // symbol or success dice: the counts among this many
    std::vector<std::string> first;               // a chain's first roll: its modifiers
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("odds", "exact odds of each row of a rolled table (by net modifier)");
  sub->add_option("spec", o->file, "spec file or name (acw-2.1-15mm)")->required();
  sub->add_option("table", o->table, "table id (a band table whose key states its dice)")->required();
  sub->add_option(
      "--modifier,-m", o->modifiers,
      "a die roll modifier (repeatable): a signed number or a modifier id, as lookup takes them; the odds are "
      "at their sum (without any: a chart over -6..+6)");
  sub->add_option("--column,-c", o->column,
                  "column: id or printed name, as lookup takes it (green, us); without it: every column");
  auto* attacker =
      sub->add_option(
             "--attacker", o->attacker,
             "an opposed roll's attacker: its modifiers (signed numbers, ids of its own lists) and, where the table "
             "reads the loser's or winner's column, its type")
          ->expected(0, -1);
  auto* defender =
      sub->add_option("--defender", o->defender, "an opposed roll's defender, as --attacker")->expected(0, -1);
  sub->add_option(
      "--dice", o->dice,
      "symbol dice (a pool): how many of this many dice show each symbol, exactly and at least (without it: "
      "at least k among 1 to the spec's pool_odds dice, or 6); success dice (a target): how many dice are "
      "thrown (for a chain, its first roll's)");
  sub->add_option("--first", o->first,
                  "a chain (success dice thrown per success of another table): the first roll's modifiers, as "
                  "--modifier takes them for that table");
  sub->add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  return {sub, [o, attacker, defender] {
            const auto spec = compile_one(o->file);
            if (!spec) return kFailed;
            const bool opposed = attacker->count() > 0 || defender->count() > 0;
            // A side given no words (`--attacker --defender square`) has no modifiers.
            for (auto* side : {&o->attacker, &o->defender}) std::erase(*side, std::string());
            if (opposed && !o->modifiers.empty()) {
              print_error(
                  fmt::format("--modifier {}: an opposed roll's modifiers are each side's, written as words "
                              "after --attacker or --defender without --modifier (--attacker {})",
                              o->modifiers.front(), o->modifiers.front()));
              return kUsage;
            }
            int first_modifier = 0;
            if (const Table* t = spec->table(o->table); t && !o->first.empty()) {
              const auto* bt = std::get_if<BandTable>(&t->body);
              const auto first = bt ? chain_first(*spec, *bt) : std::nullopt;
              if (!first) {
                print_error(fmt::format("--first: table '{}' is not thrown per success of another table", o->table));
                return kUsage;
              }
              const auto net = net_modifier(*spec, *first->table, o->first);
              if (!net) {
                print_error(net.error());
                return kFailed;
              }
              first_modifier = net->total;
            }
            if (opposed && o->dice) {
              print_error("--dice is for symbol dice (a pool), which are not an opposed roll");
              return kUsage;
            }
            // The odds at the words given: a roll again drops some of them (decided_odds.hpp).
            const OddsOfWords odds_at = [&](const RollWords& w) -> Expected<OddsReport> {
              if (opposed) return opposed_odds(*spec, o->table, w[0], w[1], o->column);
              // Once modifiers are named, a roll that has dropped them all is at +0, not a chart.
              std::optional<int> net = o->modifiers.empty() ? std::nullopt : std::optional<int>(0);
              if (const Table* t = spec->table(o->table); t && !w[0].empty()) {
                const auto n = net_modifier(*spec, *t, w[0]);
                if (!n) return n.error();
                net = n->total;
              }
              return table_odds(*spec, o->table, net, o->column, o->dice, first_modifier);
            };
            const RollWords words = opposed ? RollWords{o->attacker, o->defender} : RollWords{o->modifiers};
            auto report = odds_at(words);
            if (!report) {
              print_error(report.error());
              return kFailed;
            }
            const Table* t = spec->table(o->table);
            const auto* bt = t ? std::get_if<BandTable>(&t->body) : nullptr;
            if (bt && (opposed || !o->modifiers.empty())) {
              if (const auto decided = add_decided_odds(*bt, *report, words, odds_at); !decided) {
                print_note(decided.error().message);
              }
            }
            const OddsReport& r = *report;
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
