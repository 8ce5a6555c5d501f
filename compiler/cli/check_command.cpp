// qrsc check SPEC...: structural checks, declared orders, errata, undeclared changes; with
// --fix, the format's deprecated spellings rewritten in place first.
#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "qrsc/base/output.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/frontend/deprecated_spellings.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc::cli {
namespace {

// Rewrites each named spec's deprecated spellings (only those tokens), one atomic replacement
// per file; a file that does not parse is left to the check that follows to report.
bool fix_old_spellings(const std::vector<std::string>& args) {
  bool ok = true;
  for (const std::string& arg : args) {
    const auto file = named_spec(arg);
    if (!file) {
      ok = false;
      continue;
    }
    std::ifstream in(*file, std::ios::binary);
    std::stringstream read;
    read << in.rdbuf();
    const std::string text = read.str();
    Diagnostics ignored;
    const NodePtr tree = in ? load_yaml_string(text, *file, ignored) : nullptr;
    if (!tree) continue;
    const auto old = modernize_spellings(*tree);
    if (old.empty()) continue;
    std::size_t fixed = 0;
    const std::string fixed_text = with_current_spellings(text, old, fixed);
    if (fixed == 0) continue;
    if (const auto replaced = replace_file(*file, fixed_text); !replaced) {
      print_error(replaced.error());
      ok = false;
      continue;
    }
    print_note(fmt::format("{}: rewrote {} deprecated spelling{}", *file, fixed, fixed == 1 ? "" : "s"));
  }
  return ok;
}

}  // namespace

Command add_check_command(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    bool werror = false;
    bool inherited = false;
    bool fix = false;
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("check", "check specs and their errata, and changes no erratum explains");
  sub->add_option("specs", o->files, "spec files or names (acw-2.1-15mm, rff/acw-2.1-15mm)")->required();
  sub->add_flag("--werror", o->werror, "treat warnings as errors");
  sub->add_option("--format", o->format, "diagnostics as text or json")->check(CLI::IsMember({"text", "json"}));
  sub->add_flag("--inherited", o->inherited,
                "also list the known limits a variant inherits from its parent sheets (otherwise one line per parent)");
  sub->add_flag("--fix", o->fix,
                "first rewrite the format's deprecated spellings in the named spec files, in place (only those words)");
  return {sub, [o] {
            const bool fixed = !o->fix || fix_old_spellings(o->files);
            CompileOptions opt;
            opt.werror = o->werror;
            opt.against_parent = true;
            opt.summary = true;
            opt.report_all = true;
            opt.inherited = o->inherited;
            opt.format = o->format == "json" ? Format::json : Format::text;
            return compile_all(o->files, opt) && fixed ? kOk : kFailed;
          }};
}

}  // namespace qrsc::cli
