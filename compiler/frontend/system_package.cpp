#include "qrsc/frontend/system_package.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "qrsc/frontend/schema.hpp"
#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

// The keys of the file and of a procedure: what each is, for a misspelled key's suggestion.
const std::vector<std::string> kFileKeys = {"procedures"};
const std::vector<std::string> kProcedureKeys = {"id", "title", "web", "page", "reads"};
const std::vector<std::string> kPageKeys = {"script", "markup", "style"};

void unknown_keys(const Node& map, const std::vector<std::string>& known, const std::string& where,
                  Diagnostics& diags) {
  for (std::size_t i = 0; i < map.entries.size(); ++i) {
    const std::string& key = map.entries[i].first;
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    diags.error(map.key_locs[i], with_suggestion("unknown key '" + key + "' in " + where, key, known));
  }
}

// A scalar's text, or "" with an error at the value (or at the map, for a key it lacks).
std::string text(const Node& map, const std::string& key, bool required, Diagnostics& diags) {
  const NodePtr v = map.get(key);
  if (!v || v->is_null()) {
    if (required) diags.error(map.loc, "a procedure needs '" + key + "'");
    return {};
  }
  if (!v->is_scalar() || v->scalar.empty()) {
    diags.error(v->loc, "'" + key + "' is a word or a path");
    return {};
  }
  return v->scalar;
}

// A runtime source (`web`): a path under the runtime's qrs/ folder, a C++ file, no way out.
bool runtime_source(const std::string& path) {
  return path.starts_with("qrs/") && path.ends_with(".cpp") && path.find("..") == std::string::npos &&
         path.find('\\') == std::string::npos;
}

// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
std::string in_words(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  }
  return out;
}

// What each of a procedure's page files may not hold: the page inlines a script in <script>, a
// style in <style> and the markup in its body, so a script or style that ended its element, or
// markup that brought a script, would be read by the browser as something else.
struct PageFile {
  const char* key;
  std::string SystemProcedure::Page::*text;
  std::vector<std::string> forbidden;
  const char* why;
};
const std::vector<PageFile>& page_files() {
  static const std::vector<PageFile> files = {
      {"script",
       &SystemProcedure::Page::script,
       {"</script", "<!--", "<script"},
       "the page holds it in a <script> element"},
      {"markup", &SystemProcedure::Page::markup, {"<script", "<style"}, "its script and style are their own files"},
      {"style", &SystemProcedure::Page::style, {"</style"}, "the page holds it in a <style> element"},
  };
  return files;
}

// The first of `needles` in `text`, case aside, or "".
std::string first_of(const std::string& text, const std::vector<std::string>& needles) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const std::string& n : needles) {
    if (lower.find(n) != std::string::npos) return n;
  }
  return {};
}

// The procedure's page files (`page:` script, markup, style), each a file beside the package
// file, inside its folder, read whole and checked for what would end its element.
void read_page(const Node& page, const fs::path& folder, SystemProcedure& procedure, Diagnostics& diags) {
  if (!page.is_map()) {
    diags.error(page.loc, "'page' is a map: script, markup and style, each a file beside the package file");
    return;
  }
  unknown_keys(page, kPageKeys, "a procedure's page", diags);
  for (const PageFile& f : page_files()) {
    const NodePtr v = page.get(f.key);
    if (!v) continue;
    if (!v->is_scalar() || v->scalar.empty()) {
      diags.error(v->loc, std::string("'") + f.key + "' is a file beside the package file");
      continue;
    }
    std::error_code ec;
    if (!fs::exists(folder / v->scalar, ec)) {
      diags.error(v->loc, std::string("the page's ") + f.key + " file '" + v->scalar + "' does not exist in " +
                              folder.string() + " (a page file is named from the package file's folder)");
      continue;
    }
    std::string why;
    const auto file = file_inside_root(folder / v->scalar, folder, why);
    if (!file) {
      diags.error(v->loc, std::string("the page's ") + f.key + " file '" + v->scalar + "' " + why);
      continue;
    }
    const std::optional<std::string> text = read_spec_file(*file, diags);
    if (!text) continue;
    if (const std::string found = first_of(*text, f.forbidden); !found.empty()) {
      diags.error(v->loc,
                  std::string("the page's ") + f.key + " file '" + v->scalar + "' holds '" + found + "': " + f.why);
      continue;
    }
    procedure.page.*f.text = *text;
    procedure.page_files.push_back(file->string());
  }
}

struct Declared {
  SystemProcedure procedure;
  std::vector<std::string> reads;
};

std::optional<Declared> procedure_of(const Node& n, const fs::path& folder, std::set<std::string>& ids,
                                     Diagnostics& diags) {
  if (!n.is_map()) {
    diags.error(n.loc, "a procedure is a map: id, title, reads and (for the web page) web and page");
    return std::nullopt;
  }
  unknown_keys(n, kProcedureKeys, "a procedure", diags);
  Declared d;
  d.procedure.loc = n.loc;
  d.procedure.id = text(n, "id", true, diags);
  d.procedure.title = text(n, "title", true, diags);
  d.procedure.web = text(n, "web", false, diags);
  if (!d.procedure.id.empty() && !is_identifier(d.procedure.id)) {
    diags.error(n.get("id")->loc, "a procedure's id is lower-case letters, digits and '_', not starting with '_'");
  } else if (!d.procedure.id.empty() && !ids.insert(d.procedure.id).second) {
    diags.error(n.get("id")->loc, "procedure '" + d.procedure.id + "' is declared twice");
  }
  if (!d.procedure.web.empty() && !runtime_source(d.procedure.web)) {
    diags.error(n.get("web")->loc, "'web' names a C++ source of qrsc's runtime, under qrs/ (\"qrs/rff/web_abi.cpp\")");
  }
  if (const NodePtr page = n.get("page")) read_page(*page, folder, d.procedure, diags);
  const NodePtr reads = n.get("reads");
  if (!reads || !reads->is_seq() || reads->items.empty()) {
    diags.error(reads ? reads->loc : n.loc, "a procedure needs 'reads', the list of the tables it reads");
    return std::nullopt;
  }
  for (const NodePtr& t : reads->items) {
    if (t->is_scalar() && !t->scalar.empty()) {
      d.reads.push_back(t->scalar);
    } else {
      diags.error(t->loc, "'reads' lists table ids");
    }
  }
  return d;
}

// The system's file SYSTEM`suffix` in the first of `folders` that has one, or "" (also when it
// leads out of its folder: an error at `at`, as a spec is only read inside its root).
std::string package_file(const std::vector<fs::path>& folders, const std::string& system, const std::string& suffix,
                         const Loc& at, Diagnostics& diags) {
  for (const fs::path& folder : folders) {
    std::error_code ec;
    const fs::path file = folder / (system + suffix);
    if (!fs::exists(file, ec)) continue;
    std::string why;
    if (!file_inside_root(file, folder, why)) {
      diags.error(at, "the system's package file " + file.string() + " " + why);
      return {};
    }
    return file.string();
  }
  return {};
}

}  // namespace

void read_system_package(Spec& spec, const std::vector<fs::path>& folders, const Loc& at, Diagnostics& diags) {
  spec.system_layout = package_file(folders, spec.system, ".layout.yaml", at, diags);
  spec.package_file = package_file(folders, spec.system, ".package.yaml", at, diags);
  if (spec.package_file.empty()) return;
  const NodePtr root = load_yaml_file(spec.package_file, diags);
  if (!root) return;
  if (!root->is_map()) {
    diags.error(root->loc, "a system's package file is a map with 'procedures' (docs/game-code.md)");
    return;
  }
  unknown_keys(*root, kFileKeys, "a system's package file", diags);
  const NodePtr procedures = root->get("procedures");
  if (!procedures || !procedures->is_seq()) {
    diags.error(procedures ? procedures->loc : root->loc, "a system's package file needs 'procedures', a list");
    return;
  }
  std::set<std::string> ids;
  const fs::path folder = fs::path(spec.package_file).parent_path();
  for (const NodePtr& n : procedures->items) {
    std::optional<Declared> d = procedure_of(*n, folder, ids, diags);
    if (!d) continue;
    std::vector<std::string> lacks;
    for (const std::string& id : d->reads) {
      if (!spec.table(id)) lacks.push_back("'" + id + "'");
    }
    if (lacks.empty()) {
      spec.procedures.push_back(std::move(d->procedure));
    } else if (!spec.abstract) {
      // `qrsc build` shows no notes, so the declaration's place is in the warning itself.
      diags.warning(at, std::string("the sheet has no ") + (lacks.size() == 1 ? "table " : "tables ") +
                            in_words(lacks) + ", which its system's procedure '" + d->procedure.id + "' (" +
                            d->procedure.title + ", declared at " + d->procedure.loc.str() +
                            ") reads: its outputs go without the procedure (rename the table back, or add it)");
    }
  }
}

}  // namespace qrsc
