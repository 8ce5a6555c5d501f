// qrsc complete -- WORD...: what a shell may offer for the last WORD of a command line (WORDs are
// the line's words after `qrsc`; the last is the one being completed, possibly empty). The
// scripts of `qrsc completion bash|zsh` call it, so completion knows what qrsc knows: commands
// and options, option values, spec names on the search path, and the tables, rows, modifier ids
// and columns of the spec on the line. The first line printed is the kind of answer, then the
// words that begin with the last WORD, one a line:
//   words   only these words
//   files   these words and the file names the shell completes
//   specs   these words (spec names) and the shell's .yaml files and folders
//   dirs    these words and the shell's folders
#include <algorithm>
#include <iostream>
#include <map>
#include <memory>

#include "qrsc/cli/compile.hpp"
#include "qrsc/cli/completion_words.hpp"
#include "qrsc/frontend/spec_argument.hpp"

namespace qrsc::cli {

namespace {

// What a word of the line is: its role decides what completes it.
const std::map<std::string, Role, std::less<>>& roles_by_name() {
  static const std::map<std::string, Role, std::less<>> kRoles = {
      {"spec", Role::spec},       {"specs", Role::spec},      {"old", Role::spec},           {"new", Role::spec},
      {"table", Role::table},     {"key", Role::row},         {"modifiers", Role::modifier}, {"--mod", Role::modifier},
      {"--modifier", Role::none}, {"--column", Role::column}, {"--include", Role::dir},      {"--output", Role::file}};
  return kRoles;
}

Role role_of(const CLI::Option& o) {
  const auto it = roles_by_name().find(o.get_name());
  return it == roles_by_name().end() ? Role::file : it->second;
}

bool takes_value(const CLI::Option& o) { return o.get_expected_min() > 0; }

std::vector<std::string> spellings(const CLI::Option& o) {
  std::vector<std::string> out;
  for (const auto& s : o.get_snames()) out.push_back("-" + s);
  for (const auto& l : o.get_lnames()) out.push_back("--" + l);
  return out;
}

// The option spelled `word` ("--column", "-c") of the command, or of qrsc itself (its options
// may follow a command's name).
const CLI::Option* option_spelled(const CLI::App& app, const CLI::App* command, const std::string& word) {
  for (const CLI::App* a : {command, &app}) {
    if (a == nullptr) continue;
    for (const CLI::Option* o : a->get_options()) {
      const auto names = spellings(*o);
      if (o->nonpositional() && std::find(names.begin(), names.end(), word) != names.end()) return o;
    }
  }
  return nullptr;
}

// The words of a line before the one being completed, read as qrsc reads them.
struct Line {
  const CLI::App* command = nullptr;
  std::vector<std::filesystem::path> include_dirs;  // -I DIR
  std::map<Role, std::string> given;                // the spec and the table named so far
  std::size_t positionals = 0;
  const CLI::Option* pending = nullptr;  // an option whose value the last word is
};

// The command's positional that the n-th positional word fills (the last one takes the rest).
const CLI::Option* positional(const CLI::App& command, std::size_t n) {
  const CLI::Option* last = nullptr;
  for (const CLI::Option* o : command.get_options()) {
    if (!o->get_positional()) continue;
    if (n == 0) return o;
    --n;
    last = o->get_items_expected_max() > 1 ? o : nullptr;
  }
  return last;
}

void read_word(const CLI::App& app, const std::string& word, Line& line) {
  if (line.pending) {
    if (line.pending->get_name() == "--include") line.include_dirs.emplace_back(word);
    line.pending = nullptr;
  } else if (word.size() > 1 && word[0] == '-') {
    const CLI::Option* o = option_spelled(app, line.command, word);
    if (o && takes_value(*o)) line.pending = o;
  } else if (!line.command) {
    const auto named = app.get_subcommands([&](const CLI::App* s) { return s->get_name() == word; });
    line.command = named.empty() ? nullptr : named.front();
  } else if (const CLI::Option* p = positional(*line.command, line.positionals++)) {
    line.given.emplace(role_of(*p), word);
  }
}

// An IsMember check's values, read from its description ("{text,json}").
std::vector<std::string> member_values(const CLI::Option& o) {
  std::string d;
  try {  // CLI11 reads validators only through a non-const Option, and throws when there is none
    d = const_cast<CLI::Option&>(o).get_validator()->get_description();
  } catch (const CLI::OptionNotFound&) {
    return {};
  }
  if (d.size() < 2 || d.front() != '{' || d.back() != '}') return {};
  std::vector<std::string> out;
  for (std::size_t start = 1; start < d.size();) {
    const std::size_t end = std::min(d.find(',', start), d.size() - 1);
    out.push_back(d.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

Candidates option_names(const CLI::App& app, const CLI::App* command) {
  Candidates c;
  for (const CLI::App* a : {command, &app}) {
    if (a == nullptr) continue;
    for (const CLI::Option* o : a->get_options()) {
      if (!o->nonpositional()) continue;
      for (auto& s : spellings(*o)) c.words.push_back(std::move(s));
    }
  }
  return c;
}

Candidates command_names(const CLI::App& app) {
  Candidates c;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
    c.words.push_back(sub->get_name());
  }
  return c;
}

Candidates for_role(Role role, const Line& line) {
  const SpecSearchPath search = command_line_search_path(line.include_dirs);
  global_options().search = search;
  return role_candidates(role, search, line.given);
}

Candidates candidates(const CLI::App& app, const std::vector<std::string>& words) {
  Line line;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) read_word(app, words[i], line);
  const std::string& current = words.back();
  if (line.pending) {
    if (auto values = member_values(*line.pending); !values.empty()) return {"words", std::move(values)};
    return for_role(role_of(*line.pending), line);
  }
  if (!current.empty() && current[0] == '-') return option_names(app, line.command);
  if (!line.command) return command_names(app);
  const CLI::Option* p = positional(*line.command, line.positionals);
  return p ? for_role(role_of(*p), line) : Candidates{"words", {}};
}

int run_complete(const CLI::App& app, std::vector<std::string> words) {
  if (words.empty()) words.emplace_back();
  global_options().quiet = true;
  Candidates c = candidates(app, words);
  std::sort(c.words.begin(), c.words.end());
  c.words.erase(std::unique(c.words.begin(), c.words.end()), c.words.end());
  std::cout << c.kind << '\n';
  for (const auto& w : c.words) {
    if (w.starts_with(words.back())) std::cout << w << '\n';
  }
  return kOk;
}

}  // namespace

Command add_complete_command(CLI::App& app) {
  auto words = std::make_shared<std::vector<std::string>>();
  auto* sub = app.add_subcommand("complete", "what a shell may offer for the last word of a command line");
  sub->group("");  // hidden: the completion scripts' query
  sub->add_option("words", *words, "the command line's words after qrsc, the last one being completed");
  return {sub, [&app, words] { return run_complete(app, *words); }};
}

}  // namespace qrsc::cli
