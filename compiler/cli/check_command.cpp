// qrsc check SPEC...: structural checks, declared orders, errata, undeclared changes.
#include <memory>

#include "compile.hpp"

namespace qrsc::cli {

Command add_check_command(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    bool werror = false;
    bool inherited = false;
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("check", "check specs and their errata, and changes no erratum explains");
  sub->add_option("specs", o->files, "spec files or names (acw-2.1-15mm, rff/acw-2.1-15mm)")->required();
  sub->add_flag("--werror", o->werror, "treat warnings as errors");
  sub->add_option("--format", o->format, "diagnostics as text or json")->check(CLI::IsMember({"text", "json"}));
  sub->add_flag("--inherited", o->inherited,
                "also list the known limits a variant inherits from its parent sheets (otherwise one line per parent)");
  return {sub, [o] {
            CompileOptions opt;
            opt.werror = o->werror;
            opt.against_parent = true;
            opt.summary = true;
            opt.report_all = true;
            opt.inherited = o->inherited;
            opt.format = o->format == "json" ? Format::json : Format::text;
            return compile_all(o->files, opt) ? kOk : kFailed;
          }};
}

}  // namespace qrsc::cli
