// qrsc lookup SPEC TABLE KEY [MODIFIER...] [--column C] [--format text|tsv|json]: what does
// this roll mean, in the sheet's words. `--cases FILE` answers many lookups in one run; an
// opposed roll takes each side instead of a key: --attacker ROLL [MODIFIER|TYPE...] --defender ...
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>

#include "qrsc/analysis/lookup.hpp"
#include "qrsc/analysis/opposed.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/reports/lookup_documents.hpp"

namespace qrsc::cli {

namespace {

struct LookupOptions {
  std::string file, table, key;
  std::optional<std::string> column;
  std::vector<std::string> modifiers;
  std::vector<std::string> attacker, defender;  // an opposed roll's sides
  std::optional<std::string> cases;
  std::string format = "text";
  bool verbose = false;
};

// One answer as --format says; with `one_line`, JSON on a single line (for --cases). A failed
// lookup prints its message on stderr, or under --cases an answer line that says it failed.
bool print_answer(const Expected<LookupAnswer>& answer, const LookupOptions& o, bool one_line) {
  if (!answer) {
    if (!one_line) {
      print_error(answer.error());
    } else if (o.format == "json") {
      std::cout << nlohmann::ordered_json{{"error", answer.error().message}}.dump() << '\n';
    } else {
      std::cout << "error\t" << answer.error().message << '\n';
    }
    return false;
  }
  const LookupAnswer& a = *answer;
  if (!a.note.empty()) print_note(a.note);
  if (o.format == "json") {
    std::cout << (one_line ? json_line(lookup_json(a)) : json_document(lookup_json(a)));
  } else if (o.format == "tsv") {
    std::cout << lookup_tsv(a) << '\n';
    if (o.verbose) std::cout << lookup_tsv_detail(a);
  } else {
    std::cout << lookup_text(a);
  }
  return true;
}

// An opposed roll's case, the fields after the table as on the command line: --attacker, its
// roll and words, --defender, its roll and words, and optionally --column and the column.
Expected<LookupAnswer> opposed_case(const Spec& spec, const std::vector<std::string>& fields) {
  SideWords attacker, defender;
  std::optional<std::string> column;
  SideWords* words = &attacker;
  for (std::size_t i = 2; i < fields.size(); ++i) {
    if (fields[i] == "--defender") {
      words = &defender;
    } else if (fields[i] == "--column" && i + 1 < fields.size()) {
      column = fields[++i];
    } else if (!fields[i].empty()) {
      words->push_back(fields[i]);
    }
  }
  return opposed_lookup(spec, fields[0], attacker, defender, column);
}

// Every line of the cases file answered in turn, as `qrsc lookup` answers one: TABLE, KEY,
// COLUMN (empty for none), then the modifiers, separated by tabs; or for an opposed roll TABLE,
// then --attacker ROLL [WORD]..., --defender ROLL [WORD]... [--column C].
int run_cases(const Spec& spec, const LookupOptions& o) {
  std::ifstream in(*o.cases);
  if (!in) {
    print_error("cannot read '" + *o.cases + "'");
    return kFailed;
  }
  bool all_ok = true;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    for (std::size_t at = 0;;) {
      const std::size_t tab = line.find('\t', at);
      fields.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
      if (tab == std::string::npos) break;
      at = tab + 1;
    }
    fields.resize(std::max<std::size_t>(fields.size(), 3));
    if (fields[1] == "--attacker") {
      all_ok = print_answer(opposed_case(spec, fields), o, true) && all_ok;
      continue;
    }
    const std::optional<std::string> column = fields[2].empty() ? std::nullopt : std::optional<std::string>(fields[2]);
    const std::vector<std::string> modifiers(fields.begin() + 3, fields.end());
    all_ok = print_answer(lookup(spec, fields[0], fields[1], column, modifiers), o, true) && all_ok;
  }
  return all_ok ? kOk : kFailed;
}

// What is wrong with an opposed roll's command line, precisely, or "".
std::string opposed_usage(const LookupOptions& o) {
  if (!o.modifiers.empty()) {
    return fmt::format(
        "--mod {}: an opposed roll's modifiers are each side's, written as words after its roll without "
        "--mod (--attacker 5 {}); --mod is for a single roll",
        o.modifiers.front(), o.modifiers.front());
  }
  if (o.table.empty()) return "an opposed roll's lookup needs the table before --attacker and --defender";
  if (!o.key.empty()) {
    return fmt::format(
        "'{}': an opposed roll's lookup takes no key; each side's roll is the first word after "
        "--attacker and --defender",
        o.key);
  }
  if (o.cases) return "--cases takes each opposed roll on a line of its file, not --attacker and --defender";
  if (o.attacker.empty() || o.defender.empty()) {
    return fmt::format("an opposed roll needs both sides: --{} ROLL [MODIFIER|TYPE...] is missing",
                       o.attacker.empty() ? "attacker" : "defender");
  }
  return {};
}

int run_lookup(const LookupOptions& o) {
  if (!o.attacker.empty() || !o.defender.empty()) {
    if (const std::string why = opposed_usage(o); !why.empty()) {
      print_error(why);
      return kUsage;
    }
    const auto spec = compile_one(o.file);
    if (!spec) return kFailed;
    return print_answer(opposed_lookup(*spec, o.table, o.attacker, o.defender, o.column), o, false) ? kOk : kFailed;
  }
  if (o.cases ? !o.table.empty() : o.key.empty()) {
    print_error("lookup takes a table and a key, or --cases FILE");
    return kUsage;
  }
  const auto spec = compile_one(o.file);
  if (!spec) return kFailed;
  if (o.cases) return run_cases(*spec, o);
  return print_answer(lookup(*spec, o.table, o.key, o.column, o.modifiers), o, false) ? kOk : kFailed;
}

}  // namespace

Command add_lookup_command(CLI::App& app) {
  auto o = std::make_shared<LookupOptions>();
  auto* sub = app.add_subcommand("lookup", "what does this roll mean: look a key up in a table");
  sub->add_option("spec", o->file, "spec file or name (acw-2.1-15mm)")->required();
  sub->add_option("table", o->table, "table id");
  sub->add_option("key", o->key, "the key (a die result such as 7, an amount such as 11.5), or row of a matrix");
  sub->add_option("modifiers", o->modifiers,
                  "die roll modifiers: signed numbers (+1 -2), modifier ids (out_of_command), and a numbered table's "
                  "key as KEY=VALUE");
  sub->add_option("--mod,-m", o->modifiers,
                  "a die roll modifier (repeatable): a signed number, a modifier id, or KEY=VALUE");
  sub->add_option("--format", o->format, "text (the answer in the sheet's words), tsv (one tab-separated line) or json")
      ->check(CLI::IsMember({"text", "tsv", "json"}))
      ->capture_default_str();
  sub->add_option(
      "--column,-c", o->column,
      "column: id or printed name (green, us, 4\", 4in); a renamed term's old name is accepted with a note");
  sub->add_option(
         "--attacker", o->attacker,
         "an opposed roll's attacker: its base roll, then its modifiers (signed numbers, ids of its own lists) and, "
         "where the table reads the loser's or winner's column, its type")
      ->expected(1, -1);
  sub->add_option("--defender", o->defender, "an opposed roll's defender, as --attacker")->expected(1, -1);
  sub->add_flag("--verbose,-v", o->verbose, "with --format tsv: also print the effect text");
  sub->add_option(
      "--cases", o->cases,
      "answer each line of this file instead (TABLE, KEY, COLUMN or empty, MODIFIER...: tab-separated; an "
      "opposed roll TABLE, --attacker, ROLL, WORD..., --defender, ROLL, WORD..., optionally --column, C), one "
      "answer per line; a failed one prints 'error' and its message");
  return {sub, [o] { return run_lookup(*o); }};
}

}  // namespace qrsc::cli
