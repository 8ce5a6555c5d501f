// qrsc show SPEC [TABLE]: a table, or the whole sheet, aligned in the terminal.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/reports/show_text.hpp"

namespace qrsc::cli {

namespace {

// Colour only for a person at a terminal (and never when NO_COLOR is set).
ShowStyle terminal_style() {
  ShowStyle s;
  const char* term = std::getenv("TERM");
  s.color = ::isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") && term && std::string(term) != "dumb";
  if (const char* cols = std::getenv("COLUMNS")) {
    const int n = std::atoi(cols);
    if (n >= 40 && n <= 1000) s.width = n;
  }
  return s;
}

}  // namespace

Command add_show_command(CLI::App& app) {
  struct Options {
    std::string file, table;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("show", "print a table (or the whole sheet) in the terminal");
  sub->add_option("spec", o->file, "spec file or name (acw-2.1-15mm)")->required();
  sub->add_option("table", o->table, "table id (default: every table)");
  return {sub, [o] {
            const auto spec = compile_one(o->file);
            if (!spec) return kFailed;
            const ShowStyle style = terminal_style();
            if (o->table.empty()) {
              std::cout << show_sheet(*spec, style);
              return kOk;
            }
            const Table* t = spec->table(o->table);
            if (!t) {
              std::vector<std::string> ids;
              for (const auto& x : spec->tables) ids.push_back(x.id);
              print_error(with_suggestion("spec '" + spec->id + "' has no table '" + o->table + "'", o->table, ids));
              return kFailed;
            }
            std::cout << show_table(*t, *spec, style);
            return kOk;
          }};
}

}  // namespace qrsc::cli
