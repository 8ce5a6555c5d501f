// qrsc lookup SPEC TABLE KEY [--column C] [-v]: what does this roll mean.
#include <iostream>
#include <memory>

#include "compile.hpp"
#include "lookup.hpp"

namespace qrsc::cli {

Command add_lookup_command(CLI::App& app) {
  struct Options {
    std::string file, table, key;
    std::optional<std::string> column;
    bool verbose = false;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("lookup", "what does this roll mean: look a key up in a table");
  sub->add_option("spec", o->file, "spec file")->required()->check(CLI::ExistingFile);
  sub->add_option("table", o->table, "table id")->required();
  sub->add_option("key", o->key, "die result, fire points (11.5), or row of a matrix")->required();
  sub->add_option("--column,-c", o->column, "column: id or printed name (green, us, 4\", 4in); a renamed term's old name is accepted with a note");
  sub->add_flag("--verbose,-v", o->verbose, "also print the effect text");
  return {sub, [o] {
            const auto spec = compile_one(o->file);
            if (!spec) return kFailed;
            const LookupAnswer a = lookup(*spec, o->table, o->key, o->column);
            if (!a.ok) {
              std::cerr << "qrsc: error: " << a.error << '\n';
              return kFailed;
            }
            if (!a.note.empty()) std::cerr << "qrsc: note: " << a.note << '\n';
            std::cout << a.line << '\n';
            if (o->verbose) std::cout << a.detail;
            return kOk;
          }};
}

}  // namespace qrsc::cli
