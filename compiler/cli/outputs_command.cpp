// qrsc outputs [--emit LIST] SPEC...: what `qrsc build` would write, without writing it, for a
// build system that must name its outputs before they exist (qrs_generate() at configure time).
// One line per file, a tab between its kind and its path:
//   spec <TAB> the spec file a name resolved to (absolute)
//   <output> <TAB> a file of that output, relative to the output folder (cpp, html, ...)
// Specs are resolved and compiled as build does, so a name that build would not find, or a spec
// it would reject, fails here with the same message.
#include <filesystem>
#include <iostream>
#include <memory>

#include "qrsc/cli/backend_choice.hpp"
#include "qrsc/cli/compile.hpp"

namespace qrsc::cli {

namespace {

struct OutputsOptions {
  std::vector<std::string> files;
  std::vector<std::string> emit;
};

void print_line(std::string_view kind, const std::string& path) { std::cout << kind << '\t' << path << '\n'; }

int run_outputs(const OutputsOptions& o) {
  const auto chosen = chosen_backends(o.emit);
  if (!chosen) return kUsage;
  global_options().quiet = true;  // a query: its answer on stdout, errors only on stderr
  const auto specs = compile_all(o.files, CompileOptions{});
  if (!specs) return kFailed;
  for (const auto& spec : *specs) {
    print_line("spec", spec.inputs.front());  // the lineage's files, absolute, its own first
    if (spec.abstract) continue;              // abstract specs exist only to be extended: no files
    for (const BackendInfo* b : *chosen) print_line(b->name, b->sheet_path(spec));
  }
  for (const BackendInfo* b : *chosen) {
    for (const std::string_view f : b->run_files) print_line(b->name, std::string(f));
  }
  return kOk;
}

}  // namespace

Command add_outputs_command(CLI::App& app) {
  auto o = std::make_shared<OutputsOptions>();
  auto* sub = app.add_subcommand("outputs", "print the files qrsc build would write (for build systems)");
  sub->group("");  // hidden: a query for qrs_generate(), not a command for people
  sub->add_option("specs", o->files, "spec files or names")->required();
  sub->add_option("--emit", o->emit, "outputs, comma-separated: " + backend_names())->delimiter(',');
  return {sub, [o] { return run_outputs(*o); }};
}

}  // namespace qrsc::cli
