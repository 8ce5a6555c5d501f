// Go to definition (a spec named by `extends`/`apply` to its file, a variant's patch entry to
// the parent's, an erratum's `covers` to what it covers), references of a table or row across
// the family, and the document's outline.
#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <map>
#include <set>
#include <stdexcept>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/schema.hpp"
#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/lsp/features.hpp"
#include "qrsc/lsp/sheet_elements.hpp"
#include "qrsc/lsp/text_position.hpp"
#include "qrsc/lsp/yaml_outline.hpp"
#include "qrsc/model/roll_again.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc::lsp {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The protocol's symbol kinds.
constexpr int kClassSymbol = 5;
constexpr int kFieldSymbol = 8;

// The text of a file: the open document's, else what a rename of ours made of it, else the
// disk's as the front end reads a spec (read_spec_file: a regular file within the size limit);
// "" for a file it would not read.
std::string text_of(const Workspace& ws, const fs::path& file) {
  if (const Document* doc = ws.document(uri_of_path(file))) return doc->text;
  if (const std::string* edited = ws.edited_text(canonical_file(file))) return *edited;
  Diagnostics ignored;
  return read_spec_file(file, ignored).value_or("");
}

json location(const Workspace& ws, const Loc& loc) {
  const fs::path file = canonical_file(*loc.file);
  return {{"uri", uri_of_path(file)}, {"range", token_range(text_of(ws, file), loc)}};
}

json file_location(const fs::path& file) {
  const json start = {{"line", 0}, {"character", 0}};
  return {{"uri", uri_of_path(canonical_file(file))}, {"range", {{"start", start}, {"end", start}}}};
}

// Where `spec` states the element at `path` (table, table/row, ...): the first element of it.
std::optional<Loc> where_is(const Spec& spec, const std::string& path) {
  std::optional<Loc> found;
  for_each_element(spec, [&](const SheetElement& e) {
    if (!found && e.path == path && e.loc.file) found = e.loc;
  });
  return found;
}

// The key the line's value belongs to: its own ("extends: x"), or, for a list entry ("- x"),
// the key of the list above it.
std::string key_of_line(std::string_view text, int line) {
  const std::string_view l = line_of(text, line);
  const std::size_t first = l.find_first_not_of(' ');
  if (first == std::string_view::npos) return "";
  if (l[first] == '-') {
    const auto steps = outline_above(text, line, static_cast<int>(first) + 1);
    return steps.empty() ? "" : steps.back().key;
  }
  const std::size_t colon = l.find(':', first);
  return colon == std::string_view::npos ? "" : std::string(l.substr(first, colon - first));
}

// The key whose value the byte of the line is in, within a flow map written on one line
// ("{ table: t, row: r }": "row" at r), or "".
std::string flow_key_at(std::string_view l, std::size_t byte) {
  const std::size_t colon = l.rfind(": ", std::min(byte, l.size()));
  if (colon == std::string_view::npos) return "";
  std::size_t start = colon;
  while (start > 0 && (std::isalnum(static_cast<unsigned char>(l[start - 1])) || l[start - 1] == '_')) --start;
  return std::string(l.substr(start, colon - start));
}

// Where a sheet states the column `id` of `table`.
std::optional<Loc> column_loc(const Spec& spec, const std::string& table, const std::string& id) {
  const Table* t = spec.table(table);
  if (!t) return std::nullopt;
  const std::vector<Column>* columns = nullptr;
  if (const auto* b = std::get_if<BandTable>(&t->body)) columns = &b->columns;
  if (const auto* m = std::get_if<Matrix>(&t->body)) columns = &m->columns;
  if (columns) {
    for (const Column& c : *columns) {
      if (c.id == id && c.loc.file) return c.loc;
    }
  }
  return std::nullopt;
}

// The modifier list of the rolled table `table` that holds item `item` (a row's `again` names
// items of the lists the table's dice add), or "".
std::string list_of_again(const Spec& spec, const std::string& table, const std::string& item) {
  const Table* t = spec.table(table);
  const auto* bt = t ? std::get_if<BandTable>(&t->body) : nullptr;
  if (!bt) return "";
  for (const RollModifier& m : modifiers_of_roll(spec, *bt)) {
    if (m.item->id == item) return *m.list;
  }
  return "";
}

// The rolled tables whose dice add the modifier list `list` (their rows' `again` name its items).
std::set<std::string> tables_rolled_with(const Spec& spec, const std::string& list) {
  std::set<std::string> out;
  for (const Table& t : spec.tables) {
    const auto* bt = std::get_if<BandTable>(&t.body);
    if (!bt || !bt->dice) continue;
    const auto lists = bt->dice->modifier_tables();
    if (std::find(lists.begin(), lists.end(), list) != lists.end()) out.insert(t.id);
  }
  return out;
}

// A reference the format describes (format::refers) written as a key's value: a vocabulary
// (`columns: troop_type`, `vocabulary:`), a term, or a row, column or item of the table the
// line names (`{ table: t, row: r }`) or the entry is in (a group's `members:`, a column
// group's `columns:`).
std::optional<Loc> reference_target(const Spec& spec, std::string_view text, int line, std::size_t byte,
                                    const std::string& word) {
  const std::string_view l = line_of(text, line);
  std::string key = flow_key_at(l, byte);
  if (key.empty()) key = key_of_line(text, line);
  if (key == "doc") {
    for (const SourceDoc& d : spec.sources) {
      if (d.id == word && d.loc.file) return d.loc;
    }
  }
  for (const Vocabulary& v : spec.vocabularies) {
    if ((key == "columns" || key == "vocabulary") && v.id == word) return v.loc;
    for (const Term& t : v.terms) {
      if (key == "term" && t.id == word) return t.loc;
    }
  }
  // A row's `again` names items of the lists its table's dice add.
  if (key == "again") {
    const std::string list = list_of_again(spec, table_at(text, line), word);
    return list.empty() ? std::nullopt : where_is(spec, list + "/" + word);
  }
  // A share's `from` names traits of its list (a matrix row, table/row, is found as any path).
  if (key == "from") {
    const Table* t = spec.table(table_at(text, line));
    const auto* list = t ? std::get_if<ModifierTable>(&t->body) : nullptr;
    if (!list) return std::nullopt;
    for (const Trait& trait : list->traits) {
      if (trait.id == word) return trait.loc;
    }
    return std::nullopt;
  }
  // A group's members are items of its table; a column group's columns, columns.
  if (key == "members") key = "item";
  if (key == "columns") key = "column";
  if (key != "row" && key != "column" && key != "item") return std::nullopt;
  std::string table = flow_value(l, "table");
  if (table.empty()) table = table_at(text, line);
  if (key == "column") return column_loc(spec, table, word);
  return where_is(spec, table + "/" + word);
}

}  // namespace

json definition(Workspace& ws, const Document& doc, const json& params) {
  const json& pos = params["position"];
  const int line = pos["line"].get<int>();
  const std::string_view l = line_of(doc.text, line);
  const std::string word = word_at(l, byte_of(doc.text, line, pos["character"].get<int>()));
  if (word.empty()) return nullptr;
  const std::string key = key_of_line(doc.text, line);
  if (key == "extends" || key == "apply") {
    Diagnostics ignored;
    const auto file = find_spec(ws.search(), doc.path, word, Loc{}, ignored);
    return file ? file_location(*file) : json(nullptr);
  }
  const Spec* own = ws.model(doc.path);
  if (word.find('/') != std::string::npos) {  // covers: table/row[/column]
    const auto loc = own ? where_is(*own, word) : std::nullopt;
    return loc ? location(ws, *loc) : json(nullptr);
  }
  if (own) {
    const auto loc = reference_target(*own, doc.text, line, byte_of(doc.text, line, pos["character"].get<int>()), word);
    if (loc) return location(ws, *loc);
  }
  // An id in a variant: the entry of that id its parents state, nearest parent first.
  const std::string table = table_at(Outline(doc.text), line);
  if (table.empty() || !own) return nullptr;
  const std::string path = word == table ? table : table + "/" + word;
  for (std::size_t i = 1; i < own->inputs.size(); ++i) {
    const auto parent = ws.compile(own->inputs[i]);
    if (const auto loc = parent ? where_is(*parent, path) : std::nullopt) return location(ws, *loc);
  }
  // A root spec: the table the id names (a dice modifier list names tables by id).
  const auto loc = where_is(*own, word);
  return loc ? location(ws, *loc) : json(nullptr);
}

namespace {

bool is_id_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The bytes of `line` where `needle` occurs as a whole (no id character on either side).
std::vector<std::size_t> whole_occurrences(std::string_view line, std::string_view needle) {
  std::vector<std::size_t> at;
  for (std::size_t i = line.find(needle); i != std::string_view::npos; i = line.find(needle, i + 1)) {
    const std::size_t end = i + needle.size();
    if ((i == 0 || !is_id_char(line[i - 1])) && (end == line.size() || !is_id_char(line[end]))) at.push_back(i);
  }
  return at;
}

// The spec files of the family around a document: every spec of its rules folder the front end
// would read (spec_files_under: regular files that stay inside the folder), and the open
// documents and the files their sheets read (a parent found on the search path).
std::set<fs::path> family_files(const Workspace& ws, const Document& doc) {
  constexpr std::size_t kMaxFamilyFiles = 1000;  // a rules folder that is not one (a home folder) stays cheap
  const auto under_root = spec_files_under(rules_root_of(doc.path), kMaxFamilyFiles);
  std::set<fs::path> files(under_root.begin(), under_root.end());
  for (const Spec* spec : ws.models(doc.path)) {
    for (const auto& input : spec->inputs) files.insert(canonical_file(input));
  }
  files.insert(doc.path);
  return files;
}

}  // namespace

namespace {

// One place that names an id: its file, the byte on its line where the id starts, and its
// range on the protocol's terms. The file's text is not kept with it: a file is read once for
// all its places (time and memory linear in the files).
struct Mention {
  fs::path file;
  int line = 0;
  std::size_t byte = 0;
  json range;
};

// The places `found` (bytes of line `n`, sorted and unique) of an id `length` bytes long.
void add_mentions(std::vector<Mention>& out, const fs::path& file, int n, std::string_view l,
                  std::vector<std::size_t> found, std::size_t length) {
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  LineCursor cursor(l);
  for (const std::size_t at : found) {
    json start = {{"line", n}, {"character", cursor.character(at)}};
    json end = {{"line", n}, {"character", cursor.character(at + length)}};
    out.push_back({file, n, at, {{"start", std::move(start)}, {"end", std::move(end)}}});
  }
}

// Every place of the family that names `word`, each file read once: `places(outline, n, l)`
// gives the bytes where line `n` (`l`, which holds the word) names it.
template <class Places>
std::vector<Mention> mentions_of(const Workspace& ws, const Document& doc, const std::string& word,
                                 const Places& places) {
  std::vector<Mention> out;
  for (const fs::path& file : family_files(ws, doc)) {
    const std::string text = text_of(ws, file);
    const Outline outline(text);
    for (int n = 0; n < outline.lines().lines(); ++n) {
      const std::string_view l = outline.lines().line(n);
      if (l.find(word) != std::string_view::npos) add_mentions(out, file, n, l, places(outline, n, l), word.size());
    }
  }
  return out;
}

// The bytes of `line` where `id` is the value of `key` ("key: id", or quoted: "key: \"id\"",
// "key: 'id'"; the key not the end of a longer one, the id not the start of one): where the id
// starts.
std::vector<std::size_t> keyed_occurrences(std::string_view line, std::string_view key, std::string_view id) {
  std::vector<std::size_t> at;
  const std::string head = std::string(key) + ": ";
  for (std::size_t i = line.find(head); i != std::string_view::npos; i = line.find(head, i + 1)) {
    if (i > 0 && is_id_char(line[i - 1])) continue;
    std::size_t value = i + head.size();
    const char quote = value < line.size() && (line[value] == '"' || line[value] == '\'') ? line[value] : '\0';
    if (quote != '\0') ++value;
    if (line.substr(value, id.size()) != id) continue;
    const std::size_t end = value + id.size();
    const bool closed =
        quote != '\0' ? end < line.size() && line[end] == quote : end == line.size() || !is_id_char(line[end]);
    if (closed) at.push_back(value);
  }
  return at;
}

// The key of the list whose entry line `n` (`l`) is written in ("- id: x", or "id: x" on an
// entry's own lines), or "".
std::string list_of(const Outline& outline, int n, std::string_view l) {
  const std::size_t first = l.find_first_not_of(' ');
  if (first == std::string_view::npos) return "";
  const auto steps = outline.above(n, static_cast<int>(first));
  if (l[first] == '-') return steps.empty() ? "" : steps.back().key;
  if (steps.size() < 2 || !steps.back().key.empty()) return "";
  return steps[steps.size() - 2].key;
}

// Whether a key `key` holds line `n` (`l`), at any depth.
bool under_key(const Outline& outline, int n, std::string_view l, std::string_view key) {
  const std::size_t first = l.find_first_not_of(' ');
  const auto steps = outline.above(n, first == std::string_view::npos ? 0 : static_cast<int>(first));
  return std::any_of(steps.begin(), steps.end(), [&](const OutlineStep& s) { return s.key == key; });
}

// Whether `word` is the id of a term of a vocabulary of the document's sheet.
bool is_term(const Spec* spec, const std::string& word) {
  if (!spec) return false;
  return std::any_of(spec->vocabularies.begin(), spec->vocabularies.end(), [&](const Vocabulary& v) {
    return std::any_of(v.terms.begin(), v.terms.end(), [&](const Term& t) { return t.id == word; });
  });
}

// The tables whose places can name a term of a vocabulary: those whose columns it is (their
// bands, cells, matchups, column groups, assertions), the modifier lists whose types it is
// (`only`, `except`) and the matrices of type modifiers of rolls whose columns it is (a column's
// `against`, their rows).
struct VocabularyTables {
  std::set<std::string> columns, lists, type_matrices;
};

VocabularyTables tables_of_vocabulary(const Spec& spec, const std::string& vocabulary) {
  VocabularyTables out;
  for (const Table& t : spec.tables) {
    if (const auto* bt = std::get_if<BandTable>(&t.body)) {
      if (bt->columns_vocabulary != vocabulary) continue;
      out.columns.insert(t.id);
      if (!bt->dice || !bt->dice->opposed) continue;
      for (const DiceSide& side : bt->dice->opposed->sides) {
        if (!side.type_modifiers.empty()) out.type_matrices.insert(side.type_modifiers);
      }
    } else if (const auto* m = std::get_if<Matrix>(&t.body); m && m->columns_vocabulary == vocabulary) {
      out.columns.insert(t.id);
    } else if (const auto* list = std::get_if<ModifierTable>(&t.body); list && list->types_vocabulary == vocabulary) {
      out.lists.insert(t.id);
    }
  }
  return out;
}

bool has_term(const Vocabulary& v, const std::string& id) {
  return std::any_of(v.terms.begin(), v.terms.end(), [&](const Term& t) { return t.id == id; });
}

// The vocabulary of the term `word` written on line `n` (`l`): the vocabulary entry or the
// rename the line is in, else the vocabulary of the table it is in (the one its columns, its
// types or its rows are) or that it names (`table:`); else the first vocabulary with the term.
std::string vocabulary_of_term(const Spec& spec, const Outline& outline, int n, std::string_view l,
                               const std::string& word) {
  std::vector<std::string> candidates{value_of_entry_at(outline, n, "vocabularies", "id"),
                                      value_of_entry_at(outline, n, "renames", "vocabulary")};
  for (std::string table : {table_at(outline, n), flow_value(l, "table")}) {
    const Table* t = table.empty() ? nullptr : spec.table(table);
    if (!t) continue;
    if (const auto* bt = std::get_if<BandTable>(&t->body)) candidates.push_back(bt->columns_vocabulary);
    if (const auto* m = std::get_if<Matrix>(&t->body)) candidates.push_back(m->columns_vocabulary);
    if (const auto* list = std::get_if<ModifierTable>(&t->body)) candidates.push_back(list->types_vocabulary);
    for (const Vocabulary& v : spec.vocabularies) {
      if (tables_of_vocabulary(spec, v.id).type_matrices.contains(table)) candidates.push_back(v.id);
    }
  }
  for (const Vocabulary& v : spec.vocabularies) candidates.push_back(v.id);
  for (const std::string& id : candidates) {
    const Vocabulary* v = id.empty() ? nullptr : spec.vocabulary(id);
    if (v && has_term(*v, word)) return id;
  }
  return "";
}

// Every place of the family that names column `id` of `table`, or with no table the vocabulary
// term `id` (the column id of every table that takes the vocabulary as its columns): its entry
// (under the table's `columns`, or a vocabulary's `terms`) and a variant's `after:` of it, a
// rename's `term:`, the keys of `bands:` and `cells:` maps, `column:` of assertions and order
// exceptions, a column group's `columns:`, a matchup's `loser:` and `winner:`, a term in the
// `against: [...]` of a column of type modifiers and a row of its matrix, in a modifier's
// `only: [...]` and `except: [...]`, and the last part of a `covers` path
// (table/row/id). A term's places are those of its vocabulary (tables_of_vocabulary): another
// vocabulary's term of the same id, or a table's own column, is another thing.
std::vector<Mention> column_mentions(const Workspace& ws, const Document& doc, const std::string& id,
                                     const std::string& table, const std::string& vocabulary = {}) {
  const Spec* spec = table.empty() ? ws.model(doc.path) : nullptr;
  const VocabularyTables of = spec ? tables_of_vocabulary(*spec, vocabulary) : VocabularyTables{};
  return mentions_of(ws, doc, id, [&](const Outline& outline, int n, std::string_view l) {
    std::vector<std::size_t> found;
    const auto in_table = [&] {
      return table.empty() ? of.columns.contains(table_at(outline, n)) : table_at(outline, n) == table;
    };
    // Where a term is declared, renamed or named as a type: in its vocabulary's places.
    const auto in = [&](const std::set<std::string>& tables) { return tables.contains(table_at(outline, n)); };
    const auto add = [&](const std::vector<std::size_t>& at) { found.insert(found.end(), at.begin(), at.end()); };
    const std::string_view list = table.empty() ? "terms" : "columns";
    for (const char* key : {"id", "after"}) {
      const auto at = keyed_occurrences(l, key, id);
      // A matchup's id is a column's too.
      const std::string in_list = list_of(outline, n, l);
      const bool here = table.empty() ? value_of_entry_at(outline, n, "vocabularies", "id") == vocabulary : in_table();
      if (!at.empty() && (in_list == list || (!table.empty() && in_list == "matchups")) && here) add(at);
    }
    // A matchup's `loser:` and `winner:` name types: column ids.
    for (const std::size_t at : whole_occurrences(l, id)) {
      const bool typed = l.find("loser:") < at || l.find("winner:") < at || under_key(outline, n, l, "loser") ||
                         under_key(outline, n, l, "winner");
      const std::size_t bands = l.find("bands:");
      if (typed && (bands == std::string_view::npos || at < bands) && in_table()) found.push_back(at);
    }
    if (table.empty() && value_of_entry_at(outline, n, "renames", "vocabulary") == vocabulary) {
      add(keyed_occurrences(l, "term", id));
    }
    // A column of type modifiers is read against types: the vocabulary's terms (a matrix is not
    // the table whose columns they are, so a table's own column is not followed there); its
    // rows are the types.
    if (table.empty() && list_of(outline, n, l) == "rows" && in(of.type_matrices)) {
      add(keyed_occurrences(l, "id", id));
    }
    // A term in a flow list of types: `against: [...]`, and a modifier's `only: [...]` and
    // `except: [...]` (the types it applies to, or not).
    if (table.empty()) {
      for (const std::size_t at : whole_occurrences(l, id)) {
        for (const auto& [key, tables] :
             {std::pair{std::string_view("against: ["), &of.type_matrices},
              std::pair{std::string_view("only: ["), &of.lists}, std::pair{std::string_view("except: ["), &of.lists}}) {
          const std::size_t list = l.find(key);
          if (list != std::string_view::npos && list < at && l.find(']', list) > at && in(*tables)) found.push_back(at);
        }
      }
    }
    if (const auto at = keyed_occurrences(l, "column", id); !at.empty()) {
      const std::string named = flow_value(l, "table");
      if (table.empty() ? (named.empty() ? in_table() : of.columns.contains(named))
                        : named == table || (named.empty() && in_table())) {
        add(at);
      }
    }
    // A key of a map by column id, on a `bands:`/`cells:` line or below one.
    for (const std::size_t at : whole_occurrences(l, id + ":")) {
      const bool map_key = l.find("bands:") < at || l.find("cells:") < at || under_key(outline, n, l, "bands") ||
                           under_key(outline, n, l, "cells");
      if (map_key && l.compare(at + id.size(), 2, ": ") == 0 && in_table()) found.push_back(at);
    }
    for (const std::size_t at : whole_occurrences(l, id)) {
      std::size_t path = at;
      while (path > 0 && (is_id_char(l[path - 1]) || l[path - 1] == '/')) --path;
      const std::string_view written = l.substr(path, at - path);
      const bool path_end = std::count(written.begin(), written.end(), '/') == 2 && written.back() == '/' &&
                            (table.empty() ? of.columns.contains(std::string(written.substr(0, written.find('/'))))
                                           : written.starts_with(table + "/"));
      const std::size_t group = l.find("columns: [");
      const bool in_group = group != std::string_view::npos && group < at && l.find(']', group) > at && in_table();
      if (path_end || in_group) found.push_back(at);
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
  });
}

// Every place of the family that states `id` as an entry of the top-level list `list` (its
// `id`, or a variant's `after:`) or names it as the value of one of `keys`: a source document
// (`doc:`), a vocabulary (a table's `columns:`, a rename's `vocabulary:`).
std::vector<Mention> listed_mentions(const Workspace& ws, const Document& doc, const std::string& id,
                                     std::string_view list, std::initializer_list<std::string_view> keys) {
  return mentions_of(ws, doc, id, [&](const Outline& outline, int n, std::string_view l) {
    std::vector<std::size_t> found;
    for (const char* key : {"id", "after"}) {
      const auto at = keyed_occurrences(l, key, id);
      if (!at.empty() && list_of(outline, n, l) == list) found.insert(found.end(), at.begin(), at.end());
    }
    for (const std::string_view key : keys) {
      const auto at = keyed_occurrences(l, key, id);
      found.insert(found.end(), at.begin(), at.end());
    }
    return found;
  });
}

// The id at the position and every place of the family that names it: a source document, a
// vocabulary, a term, a column, a table or an entry of one (row, part, item, group, section,
// fact). Each file is read once, line by line, and each place's range worked out on its own
// line: time and memory linear in the files.
std::pair<std::string, std::vector<Mention>> mentions(Workspace& ws, const Document& doc, const json& pos) {
  const int line = pos["line"].get<int>();
  const std::string_view l = line_of(doc.text, line);
  const std::size_t byte = byte_of(doc.text, line, pos["character"].get<int>());
  const std::string word = word_at(l, byte);
  // Ids are short (limits::kMaxIdLength): a longer word names nothing, and searching for one
  // would cost its length on every line.
  if (word.empty() || word.size() > limits::kMaxIdLength) return {};
  const Spec* own = ws.model(doc.path);
  const Outline outline(doc.text);
  const std::string here = table_at(outline, line);
  const bool plain = word.find('/') == std::string::npos;
  std::string key = flow_key_at(l, byte);
  if (key.empty()) key = key_of_line(doc.text, line);
  const std::string list = list_of(outline, line, l);
  if (own && plain) {
    const bool source =
        std::any_of(own->sources.begin(), own->sources.end(), [&](const SourceDoc& d) { return d.id == word; });
    if (source && (key == "doc" || (here.empty() && list == "sources"))) {
      return {word, listed_mentions(ws, doc, word, "sources", {"doc"})};
    }
    const bool vocabulary = std::any_of(own->vocabularies.begin(), own->vocabularies.end(),
                                        [&](const Vocabulary& v) { return v.id == word; });
    if (vocabulary && (key == "vocabulary" || (key == "columns" && !here.empty()) || list == "vocabularies")) {
      return {word, listed_mentions(ws, doc, word, "vocabularies", {"columns", "vocabulary"})};
    }
    // A term (in `terms`, or as a column id: a `bands:` key, `column:`), unless the table the
    // line is in has an entry of that id.
    if (is_term(own, word) && (here.empty() || (here != word && !where_is(*own, here + "/" + word)))) {
      return {word, column_mentions(ws, doc, word, "", vocabulary_of_term(*own, outline, line, l, word))};
    }
    // A column of the table the line names (an assertion's `table:`) or is in.
    std::string table = flow_value(l, "table");
    if (table.empty()) table = here;
    if (!table.empty() && table != word && column_loc(*own, table, word) && !where_is(*own, table + "/" + word)) {
      return {word, column_mentions(ws, doc, word, table)};
    }
  }
  // What is referred to: a table, or an entry of one (table/id as `covers` writes it); a word of
  // a row's `again`, an item of a list its table's dice add.
  std::string table = here, id = word;
  if (key == "again" && own && plain) {
    if (std::string list = list_of_again(*own, here, word); !list.empty()) table = std::move(list);
  }
  const std::set<std::string> rolled_with = own ? tables_rolled_with(*own, table) : std::set<std::string>{};
  if (const std::size_t slash = word.find('/'); slash != std::string::npos) {
    table = word.substr(0, slash);
    id = word.substr(slash + 1, word.find('/', slash + 1) - slash - 1);
  }
  if (id == table) id.clear();
  if (table.empty() || table.size() > limits::kMaxIdLength || id.size() > limits::kMaxIdLength) return {};
  const std::string path = id.empty() ? table : table + "/" + id;
  const std::string named = id.empty() ? table : id;
  return {named, mentions_of(ws, doc, named, [&](const Outline& lines, int n, std::string_view text) {
            // "table/id" anywhere (covers, paths); "table: T" with "row: id" or "item: id" (assertions);
            // "id: id" or "after: id" in the table's own entries; a member of one of its groups.
            std::vector<std::size_t> found;
            for (const std::size_t at : whole_occurrences(text, path)) found.push_back(at + path.size() - named.size());
            const auto table_named = keyed_occurrences(text, "table", table);
            for (const char* key : {"row", "item"}) {
              for (const std::size_t at : keyed_occurrences(text, key, named)) {
                if (!table_named.empty() && !id.empty()) found.push_back(at);
              }
            }
            if (id.empty()) found.insert(found.end(), table_named.begin(), table_named.end());
            for (const char* key : {"id", "after"}) {
              for (const std::size_t at : keyed_occurrences(text, key, named)) {
                if (table_at(lines, n) == table) found.push_back(at);
              }
            }
            if (const std::size_t members = text.find("members: ["); !id.empty() && members != std::string_view::npos) {
              const std::size_t close = text.find(']', members);
              for (const std::size_t at : whole_occurrences(text, named)) {
                if (at > members && at < close && table_at(lines, n) == table) found.push_back(at);
              }
            }
            // A share's `from` in the table's own items names its traits (not the parts of a
            // table/row path, found above).
            if (const std::size_t from = text.find("from:");
                !id.empty() && table_at(lines, n) == table &&
                (from != std::string_view::npos || under_key(lines, n, text, "from"))) {
              for (const std::size_t at : whole_occurrences(text, named)) {
                const bool in_path = (at > 0 && text[at - 1] == '/') || text.compare(at + named.size(), 1, "/") == 0;
                if ((from == std::string_view::npos || at > from) && !in_path) found.push_back(at);
              }
            }
            // A row's `again: [...]` in a table whose dice add the list.
            if (const std::size_t again = text.find("again: ["); !id.empty() && again != std::string_view::npos) {
              const std::size_t close = text.find(']', again);
              for (const std::size_t at : whole_occurrences(text, named)) {
                if (at > again && at < close && rolled_with.contains(table_at(lines, n))) found.push_back(at);
              }
            }
            return found;
          })};
}

}  // namespace

json references(Workspace& ws, const Document& doc, const json& params) {
  const json& pos = params["position"];
  const auto found = mentions(ws, doc, pos).second;
  json out = json::array();
  for (const Mention& m : found) out.push_back({{"uri", uri_of_path(m.file)}, {"range", m.range}});
  return out;
}

json rename(Workspace& ws, const Document& doc, const json& params) {
  const std::string new_id = params["newName"].get<std::string>();
  const json& pos = params["position"];
  if (!is_identifier(new_id)) throw std::invalid_argument("'" + shown(new_id) + "' is not an id ([a-z0-9][a-z0-9_]*)");
  const auto [named, found] = mentions(ws, doc, pos);
  if (found.empty()) return nullptr;
  json changes = json::object();
  for (const Mention& m : found) changes[uri_of_path(m.file)].push_back({{"range", m.range}, {"newText", new_id}});
  // The files that are not open, as the edit leaves them (kept until they are opened or
  // saved), with where each line started before the edit.
  std::map<fs::path, std::pair<std::string, std::vector<std::size_t>>> edited;
  for (auto m = found.rbegin(); m != found.rend(); ++m) {  // last first: each edit keeps the earlier offsets
    if (ws.document(uri_of_path(m->file))) continue;
    auto it = edited.find(m->file);
    if (it == edited.end()) {
      std::string text = text_of(ws, m->file);
      std::vector<std::size_t> starts{0};
      for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1))
        starts.push_back(at + 1);
      it = edited.emplace(m->file, std::make_pair(std::move(text), std::move(starts))).first;
    }
    auto& [text, starts] = it->second;
    if (static_cast<std::size_t>(m->line) < starts.size())
      text.replace(starts[static_cast<std::size_t>(m->line)] + m->byte, named.size(), new_id);
  }
  for (auto& [file, edit] : edited) ws.keep_edited(file, std::move(edit.first));
  return {{"changes", std::move(changes)}};
}

namespace {

int last_line(const Node& n) {
  int last = n.loc.line;
  for (const auto& item : n.items) last = std::max(last, last_line(*item));
  for (const auto& [key, value] : n.entries) last = std::max(last, last_line(*value));
  return last;
}

json symbol(const LineIndex& lines, const Node& entry, int kind, const std::string& detail) {
  const NodePtr id = entry.get("id");
  const Loc at = id ? id->loc : entry.loc;
  const json selection = token_range(lines, at);
  const int last = std::max(last_line(entry) - 1, 0);
  json end = {{"line", last}, {"character", LineCursor(lines.line(last)).character(lines.line(last).size())}};
  return {{"name", id && id->is_scalar() && !id->scalar.empty() ? id->scalar : std::string("(no id)")},
          {"detail", detail},
          {"kind", kind},
          {"range", {{"start", selection["start"]}, {"end", end}}},
          {"selectionRange", selection}};
}

}  // namespace

json document_symbols(const Workspace& ws, const Document& doc) {
  json out = json::array();
  const NodePtr tree = ws.tree(doc);
  const NodePtr tables = tree && tree->is_map() ? tree->get("tables") : nullptr;
  if (!tables || !tables->is_seq()) return out;
  const LineIndex lines(doc.text);
  for (const NodePtr& t : tables->items) {
    if (!t->is_map()) continue;
    const NodePtr kind = t->get("kind");
    const NodePtr title = t->get("title");
    json table = symbol(lines, *t, kClassSymbol,
                        title && title->is_scalar() ? title->scalar
                        : kind && kind->is_scalar() ? kind->scalar
                                                    : "");
    json children = json::array();
    for (const char* list : {"rows", "items", "sections"}) {
      const NodePtr entries = t->get(list);
      if (!entries || !entries->is_seq()) continue;
      for (const NodePtr& e : entries->items) {
        if (e->is_map() && e->get("id")) children.push_back(symbol(lines, *e, kFieldSymbol, list));
      }
    }
    table["children"] = std::move(children);
    out.push_back(std::move(table));
  }
  return out;
}

}  // namespace qrsc::lsp
