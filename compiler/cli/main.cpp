// qrsc: the Quick Reference Sheet compiler. A thin driver: each subcommand lives in its own
// file (build_command.cpp, check_command.cpp, ...).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "qrsc/backends/common/template_store.hpp"
#include "qrsc/base/diagnostics.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/cli/reference.hpp"
#include "qrsc/format/json_schema.hpp"
#include "qrsc/format/key_reference.hpp"
#include "qrsc/frontend/spec_argument.hpp"

using namespace qrsc::cli;

namespace {

// The names (-I, --include, ...) of the options declared on `app` so far that take a value.
std::vector<std::string> options_with_values(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options()) {
    if (o->get_items_expected_max() == 0) continue;  // a flag
    for (const auto& n : o->get_snames()) names.push_back("-" + n);
    for (const auto& n : o->get_lnames()) names.push_back("--" + n);
  }
  return names;
}

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
  app.fallthrough();  // the options below may also follow the subcommand's name
  app.set_version_flag("--version", "qrsc " QRS_VERSION);
  std::string templates;
  app.add_option("--templates", templates, "read templates from this folder instead of the built-in copies");
  GlobalOptions& global = global_options();
  app.add_option("-I,--include", global.search.include_dirs,
                 "also look for the specs that extends: and apply: name in this folder (repeatable; searched after "
                 "the spec's own rules folder, before QRS_PATH and the installed specs)")
      ->allow_extra_args(false)  // one folder per -I, as with a C compiler
      ->check(CLI::ExistingDirectory);
  app.add_flag("-q,--quiet", global.quiet, "print errors only");
  // A run registers the options of the one command it names (CLI11 builds a dozen objects an
  // option: a fifth of a header's build went to declaring options it never read); help, shell
  // completion, the man page and a misspelled name need them all.
  using AddCommand = Command (*)(CLI::App&);
  static constexpr std::pair<const char*, AddCommand> kCommands[] = {
      {"build", add_build_command},     {"check", add_check_command},     {"diff", add_diff_command},
      {"lookup", add_lookup_command},   {"sheet", add_sheet_command},     {"explain", add_explain_command},
      {"show", add_show_command},       {"odds", add_odds_command},       {"report", add_report_command},
      {"publish", add_publish_command}, {"outputs", add_outputs_command}, {"complete", add_complete_command},
      {"lsp", add_lsp_command}};
  const std::string word = first_word(argc, argv, options_with_values(app));
  // Completion reads every command's options.
  const bool named = word != "complete" && std::any_of(std::begin(kCommands), std::end(kCommands),
                                                       [&](const auto& c) { return word == c.first; });
  std::vector<Command> commands;
  for (const auto& [name, add] : kCommands) {
    if (named && word != name) continue;
    commands.push_back(add(app));
    if (commands.back().app->get_name() != name) throw std::logic_error(std::string("command table names ") + name);
  }
  // Shell completion and the man page, generated from the definitions above, so they always
  // match --help.
  std::string shell;
  auto* completion = app.add_subcommand("completion", "print a shell completion script (bash or zsh)");
  completion->add_option("shell", shell, "bash or zsh")->required()->check(CLI::IsMember({"bash", "zsh"}));
  auto* manpage = app.add_subcommand("manpage", "print the man page (troff)");
  // The spec format's description as an editor's JSON Schema or the docs' key reference.
  std::string described_as;
  auto* spec_format = app.add_subcommand(
      "spec-format", "print the spec format: a JSON Schema for editors, or its key reference (Markdown)");
  spec_format->add_option("as", described_as, "schema or reference")
      ->required()
      ->check(CLI::IsMember({"schema", "reference"}));
  std::vector<const CLI::App*> subcommands;
  for (const auto& c : commands) {
    if (!c.app->get_group().empty()) subcommands.push_back(c.app);  // hidden ones are queries for tools
  }
  subcommands.push_back(completion);
  subcommands.push_back(manpage);
  subcommands.push_back(spec_format);
  std::vector<std::string> names;
  for (const auto& c : kCommands) names.emplace_back(c.first);
  names.emplace_back(completion->get_name());
  names.emplace_back(manpage->get_name());
  names.emplace_back(spec_format->get_name());
  // A misspelled subcommand gets a suggestion (CLI11 alone says only that one is required).
  if (!word.empty() && std::find(names.begin(), names.end(), word) == names.end()) {
    std::vector<std::string> shown;  // the commands of --help (every one is registered here)
    for (const CLI::App* c : subcommands) shown.push_back(c->get_name());
    qrsc::cli::print_error(qrsc::with_suggestion("unknown command '" + word + "'", word, shown) +
                           fmt::format(" (commands: {})", fmt::join(shown, ", ")));
    return kUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kOk : kUsage;
  }
  if (!templates.empty()) qrsc::set_template_dir(std::filesystem::path(templates));
  global.search = qrsc::command_line_search_path(std::move(global.search.include_dirs));
  try {
    for (const auto& c : commands) {
      if (*c.app) return c.run();
    }
    if (*completion) {
      std::cout << (shell == "bash" ? bash_completion(app) : zsh_completion(app));
      return kOk;
    }
    if (*manpage) {
      std::cout << man_page(app, subcommands, QRS_VERSION);
      return kOk;
    }
    if (*spec_format) {
      std::cout << (described_as == "schema" ? qrsc::format::spec_json_schema()
                                             : qrsc::format::key_reference_markdown());
      return kOk;
    }
  } catch (const std::exception& e) {  // what no library foresees (memory running out): an error, not a crash
    qrsc::cli::print_error(e.what());
    return kFailed;
  }
  return kUsage;
}
