// qrsc lookup SPEC TABLE KEY [MODIFIER...] [--column C] [--format text|tsv|json]: what does
// this roll mean, in the sheet's words.
#include <iostream>
#include <memory>

#include "compile.hpp"
#include "json_writer.hpp"
#include "lookup.hpp"

namespace qrsc::cli {

namespace {

struct LookupOptions {
  std::string file, table, key;
  std::optional<std::string> column;
  std::vector<std::string> modifiers;
  std::string format = "text";
  bool verbose = false;
};

Json as_json(const LookupAnswer& a) {
  Json mods = Json::array();
  for (const auto& m : a.net.applied) {
    mods.push_back({{"term", m.term}, {"text", m.text}, {"value", m.value}, {"counted", m.counted}});
  }
  return {{"table", a.table_title}, {"column", a.column}, {"key", a.key},   {"modifiers", mods},
          {"net", a.net.total},     {"result", a.result}, {"row", a.row},   {"title", a.title},
          {"effect", a.effect},     {"part", a.part},     {"line", a.line}, {"note", a.note}};
}

int run_lookup(const LookupOptions& o) {
  const auto spec = compile_one(o.file);
  if (!spec) return kFailed;
  const LookupAnswer a = lookup(*spec, o.table, o.key, o.column, o.modifiers);
  if (!a.ok) {
    std::cerr << "qrsc: error: " << a.error << '\n';
    return kFailed;
  }
  if (!a.note.empty()) std::cerr << "qrsc: note: " << a.note << '\n';
  if (o.format == "json") {
    std::cout << json_document(as_json(a));
  } else if (o.format == "tsv") {
    std::cout << a.line << '\n';
    if (o.verbose) std::cout << a.detail;
  } else {
    std::cout << a.text;
  }
  return kOk;
}

}  // namespace

Command add_lookup_command(CLI::App& app) {
  auto o = std::make_shared<LookupOptions>();
  auto* sub = app.add_subcommand("lookup", "what does this roll mean: look a key up in a table");
  sub->add_option("spec", o->file, "spec file or name (acw-2.1-15mm)")->required();
  sub->add_option("table", o->table, "table id")->required();
  sub->add_option("key", o->key, "die result, fire points (11.5), or row of a matrix")->required();
  sub->add_option("modifiers", o->modifiers, "die roll modifiers: signed numbers (+1 -2) and modifier ids (out_of_command)");
  sub->add_option("--mod,-m", o->modifiers, "a die roll modifier (repeatable): a signed number or a modifier id");
  sub->add_option("--format", o->format, "text (the answer in the sheet's words), tsv (one tab-separated line) or json")
      ->check(CLI::IsMember({"text", "tsv", "json"}))
      ->capture_default_str();
  sub->add_option("--column,-c", o->column, "column: id or printed name (green, us, 4\", 4in); a renamed term's old name is accepted with a note");
  sub->add_flag("--verbose,-v", o->verbose, "with --format tsv: also print the effect text");
  return {sub, [o] { return run_lookup(*o); }};
}

}  // namespace qrsc::cli
