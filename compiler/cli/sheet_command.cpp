// qrsc sheet SPEC -o OUT.html|OUT.pdf [--paper letter|a4] [--change-marks [--since OLD]]: one
// printable sheet, through the html or the pdf backend.
#include <iostream>
#include <memory>

#include "qrsc/analysis/diff.hpp"
#include "qrsc/backends/registry.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/cli/earlier_edition.hpp"

namespace qrsc::cli {

namespace {

struct SheetOptions {
  std::string file, out;
  std::string since;  // mark only the changes since this earlier edition
  BackendOptions backend;
};

int run_sheet(const SheetOptions& o) {
  const BackendInfo* info = find_backend(ends_with(o.out, ".pdf") ? "pdf" : "html");
  Diagnostics diags;
  const auto backend = make_backend(*info, o.backend, diags);
  diags.print(std::cerr);
  if (!backend) return kFailed;
  const auto specs = compile_all({o.file}, CompileOptions{});
  if (!specs) return kFailed;
  const Spec& spec = specs->front();
  if (spec.abstract) {
    print_error(o.file + " is abstract: it has no sheet of its own");
    return kFailed;
  }
  std::optional<Spec> marked;  // with --since: the sheet with only the errata new since the earlier edition
  if (!o.since.empty()) {
    const auto earlier = compile_earlier_edition(o.since, spec);
    if (!earlier) return kFailed;
    marked = spec;
    marked->errata = errata_since(*earlier, spec);
  }
  std::vector<OutputFile> files = backend->sheet_files(marked ? *marked : spec, diags);
  diags.print(std::cerr);
  if (diags.has_errors()) return kFailed;
  return write_outputs({{o.out, std::move(files.front().content)}}) ? kOk : kFailed;
}

}  // namespace

Command add_sheet_command(CLI::App& app) {
  auto o = std::make_shared<SheetOptions>();
  auto* sub = app.add_subcommand("sheet", "a printable sheet: HTML, or PDF through headless Chromium");
  sub->add_option("spec", o->file, "spec file or name (acw-2.1-15mm)")->required();
  sub->add_option("-o,--output", o->out, "OUT.html or OUT.pdf")
      ->required()
      ->check(CLI::Validator(
          [](std::string& s) {
            return ends_with(s, ".html") || ends_with(s, ".pdf") ? std::string() : "must end in .html or .pdf";
          },
          "OUT.html|OUT.pdf"));
  sub->add_option("--paper", o->backend.paper, "page size")
      ->check(CLI::IsMember({"letter", "a4"}))
      ->capture_default_str();
  sub->add_option("--chromium", o->backend.chromium, "the Chromium to print with (default /usr/bin/chromium)");
  sub->add_flag("--appendix", o->backend.appendix, "add the reference tables (print: appendix) on further pages");
  sub->add_flag("--change-marks", o->backend.change_marks,
                "print each numbered change beside the rows, cells and items it covers, with a legend");
  sub->add_option(
      "--since", o->since,
      "with --change-marks, mark only the changes since an earlier edition: a spec file, or a git revision");
  return {sub, [o] { return run_sheet(*o); }};
}

}  // namespace qrsc::cli
