// qrsc explain SPEC: lineage, renames, scale conversion and overrides.
#include <iostream>
#include <memory>

#include "compile.hpp"
#include "notation.hpp"

namespace qrsc::cli {

namespace {

int run_explain(const std::string& file) {
  const auto spec = compile_one(file);
  if (!spec) return kFailed;
  std::cout << spec->id << ": " << spec->path << '\n';
  for (std::size_t i = 1; i < spec->lineage.size(); ++i) std::cout << "  based on " << spec->lineage[i] << '\n';
  for (const auto& r : spec->renames) {
    std::cout << "rename: " << r.from_text << " -> " << r.to_text << "  (" << r.loc.str() << ")\n";
  }
  if (spec->scale_factor) {
    std::cout << "scale: distances x " << format_number(*spec->scale_factor) << ", rounding " << spec->rounding << '\n';
  }
  static const char* kKinds[] = {"stated", "inherited", "converted", "overridden"};
  for (const auto& v : spec->scaled_values) {
    std::cout << v.loc.str() << ": " << kKinds[static_cast<int>(v.provenance.kind)] << ": " << v.where;
    if (v.provenance.kind == Provenance::Kind::overridden) std::cout << " -- " << v.provenance.detail;
    std::cout << '\n';
  }
  return kOk;
}

}  // namespace

Command add_explain_command(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("explain", "show a spec's lineage, renames and scale conversion");
  sub->add_option("spec", *file, "spec file or name (acw-2.1-15mm)")->required();
  return {sub, [file] { return run_explain(*file); }};
}

}  // namespace qrsc::cli
