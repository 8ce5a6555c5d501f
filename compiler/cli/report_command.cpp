// qrsc report SPEC -o FILE.html: the designer's report, charts of every rolled table's odds.
#include <iostream>
#include <memory>

#include "qrsc/cli/compile.hpp"
#include "qrsc/reports/odds_documents.hpp"

namespace qrsc::cli {

Command add_report_command(CLI::App& app) {
  struct Options {
    std::string file, out;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("report", "a designer's report: charts of the odds of every rolled table");
  sub->add_option("spec", o->file, "spec file or name (acw-2.1-15mm)")->required();
  sub->add_option("-o,--output", o->out, "the HTML file to write")->required();
  return {sub, [o] {
            const auto spec = compile_one(o->file);
            if (!spec) return kFailed;
            const auto page = render_odds_report_html(*spec);
            if (!page) print_error(page.error());
            return page && write_outputs({{o->out, *page}}) ? kOk : kFailed;
          }};
}

}  // namespace qrsc::cli
