// qrsc: the Quick Reference Sheet compiler. A thin driver: each subcommand lives in its own
// file (build_command.cpp, check_command.cpp, ...).
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "compile.hpp"
#include "diagnostics.hpp"
#include "reference.hpp"
#include "template_store.hpp"

using namespace qrsc::cli;

namespace {

// The first argument that is not an option (nor the value of one of `with_value`).
std::string first_word(int argc, char** argv, const std::vector<std::string>& with_value) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (std::find(with_value.begin(), with_value.end(), a) != with_value.end()) {
      ++i;
    } else if (a.empty() || a[0] != '-') {
      return a;
    }
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"qrsc: compiles wargame Quick Reference Sheet specs into C++ headers and sheets", "qrsc"};
  app.require_subcommand(1);
  std::string templates;
  app.add_option("--templates", templates, "read templates from this folder instead of the built-in copies");
  const std::vector<Command> commands = {add_build_command(app),  add_check_command(app),
                                         add_diff_command(app),   add_lookup_command(app),
                                         add_sheet_command(app),  add_explain_command(app),
                                         add_show_command(app)};
  // A misspelled subcommand gets a suggestion (CLI11 alone says only that one is required).
  // Generated from the definitions above, so they always match --help.
  std::string shell;
  auto* completion = app.add_subcommand("completion", "print a shell completion script (bash or zsh)");
  completion->add_option("shell", shell, "bash or zsh")->required()->check(CLI::IsMember({"bash", "zsh"}));
  auto* manpage = app.add_subcommand("manpage", "print the man page (troff)");
  std::vector<const CLI::App*> subcommands;
  for (const auto& c : commands) subcommands.push_back(c.app);
  subcommands.push_back(completion);
  subcommands.push_back(manpage);
  std::vector<std::string> names;
  for (const CLI::App* c : subcommands) names.push_back(c->get_name());
  if (const std::string word = first_word(argc, argv, {"--templates"});
      !word.empty() && std::find(names.begin(), names.end(), word) == names.end()) {
    std::cerr << "qrsc: error: " << qrsc::with_suggestion("unknown command '" + word + "'", word, names)
              << " (commands: " << fmt::format("{}", fmt::join(names, ", ")) << ")\n";
    return kUsage;
  }
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
    if (*completion) {
      std::cout << (shell == "bash" ? bash_completion(app, subcommands) : zsh_completion(app, subcommands));
      return kOk;
    }
    if (*manpage) {
      std::cout << man_page(app, subcommands, QRSC_VERSION);
      return kOk;
    }
  } catch (const std::exception& e) {
    std::cerr << "qrsc: error: " << e.what() << '\n';
    return kFailed;
  }
  return kUsage;
}
