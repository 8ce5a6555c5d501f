// qrsc: the Quick Reference Sheet compiler. A thin driver: each subcommand lives in its own
// file (build_command.cpp, check_command.cpp, ...).
#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>

#include "compile.hpp"
#include "template_store.hpp"

using namespace qrsc::cli;

int main(int argc, char** argv) {
  CLI::App app{"qrsc: compiles wargame Quick Reference Sheet specs into C++ headers and sheets"};
  app.require_subcommand(1);
  std::string templates;
  app.add_option("--templates", templates, "read templates from this folder instead of the built-in copies");
  const std::vector<Command> commands = {add_build_command(app),  add_check_command(app),
                                         add_diff_command(app),   add_lookup_command(app),
                                         add_sheet_command(app),  add_explain_command(app),
                                         add_publish_command(app)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kOk : kUsage;
  }
  if (!templates.empty()) qrsc::set_template_dir(std::filesystem::path(templates));
  try {
    for (const auto& c : commands) {
      if (*c.app) return c.run();
    }
  } catch (const std::exception& e) {
    std::cerr << "qrsc: error: " << e.what() << '\n';
    return kFailed;
  }
  return kUsage;
}
