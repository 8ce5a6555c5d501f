// Renames: a vocabulary term or a word of the sheet's text, and the ids that follow it.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/described_walk.hpp"
#include "qrsc/frontend/resolver.hpp"
#include "qrsc/frontend/schema.hpp"
#include "qrsc/frontend/types_vocabulary.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/model/words.hpp"

namespace qrsc::resolving {

namespace {
// The vocabulary a table's columns are (its `columns` when that names one), or "" (its own list,
// or no table).
std::string columns_vocabulary(const Node* table) {
  const NodePtr columns = table ? table->get("columns") : nullptr;
  return columns && columns->is_scalar() ? columns->scalar : std::string();
}

// The term `term` of vocabulary `vocabulary` in a resolved tree, or null.
// The ids of the tree's vocabularies, or of one vocabulary's terms (for a suggestion).
std::vector<std::string> vocabulary_ids(const NodePtr& tree, const std::string* terms_of = nullptr) {
  std::vector<std::string> out;
  const NodePtr vocabs = tree->get("vocabularies");
  if (!vocabs || !vocabs->is_seq()) return out;
  for (const auto& v : vocabs->items) {
    const NodePtr id = v->is_map() ? v->get("id") : nullptr;
    if (!id || !id->is_scalar()) continue;
    if (!terms_of) {
      out.push_back(id->scalar);
    } else if (const NodePtr terms = id->scalar == *terms_of ? v->get("terms") : nullptr; terms && terms->is_seq()) {
      for (const auto& t : terms->items) {
        if (const NodePtr tid = t->is_map() ? t->get("id") : nullptr; tid && tid->is_scalar())
          out.push_back(tid->scalar);
      }
    }
  }
  return out;
}

NodePtr existing_term(const NodePtr& tree, const std::string& vocabulary, const std::string& term) {
  const NodePtr vocabs = tree->get("vocabularies");
  if (!vocabs || !vocabs->is_seq()) return nullptr;
  NodePtr found;
  for (const auto& v : vocabs->items) {
    const NodePtr id = v->is_map() ? v->get("id") : nullptr;
    if (!id || id->scalar != vocabulary) continue;
    if (const NodePtr terms = v->get("terms"); terms && terms->is_seq()) {
      for (const auto& t : terms->items) {
        if (const NodePtr tid = t->is_map() ? t->get("id") : nullptr; tid && tid->scalar == term) found = t;
      }
    }
  }
  return found;
}

// The types the tables of a tree name (a modifier list's `only` and `except`, a column's
// `against` in a matrix of type modifiers) and the vocabularies of the rolls that read each
// (their `columns`): what decides whether a term's rename follows into a table's types.
struct TypesNamed {
  std::vector<std::vector<std::string>> named;    // by the table's place in `tables`
  std::vector<std::vector<std::string>> readers;  // by the table's place: the readers' columns
  std::vector<bool> list;                         // a modifier list (else a matrix, or neither)
  std::vector<VocabularyTerms> vocabularies;
};

std::vector<std::string> scalars_of(const NodePtr& n) {
  std::vector<std::string> out;
  if (n && n->is_scalar()) out.push_back(n->scalar);
  if (n && n->is_seq()) {
    for (const auto& item : n->items) {
      if (item->is_scalar()) out.push_back(item->scalar);
    }
  }
  return out;
}

TypesNamed types_named(const Node& tree) {
  TypesNamed t;
  if (const NodePtr vocabs = tree.get("vocabularies"); vocabs && vocabs->is_seq()) {
    for (const auto& v : vocabs->items) {
      if (!v->is_map()) continue;
      VocabularyTerms& terms = t.vocabularies.emplace_back(VocabularyTerms{id_of(*v), {}});
      if (const NodePtr list = v->get("terms"); list && list->is_seq()) {
        for (const auto& term : list->items) terms.terms.push_back(term->is_map() ? id_of(*term) : std::string());
      }
    }
  }
  const NodePtr tables = tree.get("tables");
  if (!tables || !tables->is_seq()) return t;
  const std::size_t n = tables->items.size();
  t.named.resize(n);
  t.readers.resize(n);
  t.list.resize(n);
  std::vector<std::string> ids;
  for (const auto& table : tables->items) ids.push_back(table->is_map() ? id_of(*table) : std::string());
  const auto place = [&](const std::string& id) { return std::find(ids.begin(), ids.end(), id) - ids.begin(); };
  for (std::size_t i = 0; i < n; ++i) {
    const Node& table = *tables->items[i];
    if (!table.is_map()) continue;
    const NodePtr kind = table.get("kind");
    t.list[i] = kind && kind->is_scalar() && kind->scalar == "modifiers";
    for (const char* entries : {"items", "columns"}) {
      const NodePtr list = table.get(entries);
      if (!list || !list->is_seq()) continue;
      for (const auto& e : list->items) {
        if (!e->is_map()) continue;
        for (const char* key : {"only", "except", "against"}) {
          for (const std::string& id : scalars_of(e->get(key))) t.named[i].push_back(id);
        }
      }
    }
    // The rolls of this table read lists (`modifiers`) and matrices (`type_modifiers`).
    const NodePtr columns = table.get("columns");
    const std::string vocabulary = columns && columns->is_scalar() ? columns->scalar : std::string();
    const NodePtr key = table.get("key");
    const NodePtr dice = key && key->is_map() ? key->get("dice") : nullptr;
    if (!dice || !dice->is_map()) continue;
    std::vector<NodePtr> rolls{dice};
    for (const char* side : {"attacker", "defender"}) {
      if (const NodePtr s = dice->get(side); s && s->is_map()) rolls.push_back(s);
    }
    for (const NodePtr& roll : rolls) {
      for (const char* reads : {"modifiers", "type_modifiers"}) {
        for (const std::string& id : scalars_of(roll->get(reads))) {
          if (const auto at = static_cast<std::size_t>(place(id)); at < n) t.readers[at].push_back(vocabulary);
        }
      }
    }
  }
  return t;
}

// By table: whether the term `r` renames is one of the types the table names. A list's types
// are the vocabulary types_vocabulary gives (the builder's rule); a matrix's `against` names
// the types of the rolls that read it; a table no roll reads keeps its types following.
std::vector<bool> types_follow(const TypesNamed& t, const Rename& r) {
  std::vector<bool> out(t.named.size(), false);
  for (std::size_t i = 0; i < t.named.size(); ++i) {
    const auto& named = t.named[i];
    if (std::find(named.begin(), named.end(), r.term) == named.end()) continue;
    const auto& readers = t.readers[i];
    if (t.list[i]) {
      out[i] = types_vocabulary(readers, t.vocabularies, named) == r.vocabulary;
    } else {
      out[i] = readers.empty() || std::find(readers.begin(), readers.end(), r.vocabulary) != readers.end();
    }
  }
  return out;
}

// The tables' types and the vocabulary after the rename (for the renames after it).
void rename_types(TypesNamed& t, const Rename& r, const std::vector<bool>& follow) {
  for (std::size_t i = 0; i < t.named.size(); ++i) {
    if (!follow[i]) continue;
    std::replace(t.named[i].begin(), t.named[i].end(), r.term, r.to);
  }
  for (VocabularyTerms& v : t.vocabularies) {
    if (v.id == r.vocabulary) std::replace(v.terms.begin(), v.terms.end(), r.term, r.to);
  }
}
}  // namespace

void Resolver::apply_renames(NodePtr& tree, const ConstNodePtr& own, Resolution& out) {
  const NodePtr list = own->get("renames");
  if (!list) return;
  if (!list->is_seq()) {
    diags_->error(list->loc, "'renames' must be a list");
    return;
  }
  if (!list->items.empty()) own_all_but_tables(tree);  // a rename may touch any text of the sheet
  // The renames made, with the table each of their ids is in, for the tables after the rest.
  struct Made {
    Rename rename;
    Loc ids_at;
    std::vector<std::pair<std::size_t, std::string>> ids;  // (table's place in `tables`, id)
    std::vector<bool> types;                               // by table: its types follow (types_follow)
  };
  std::vector<Made> made;
  TypesNamed named = types_named(*tree);
  for (const auto& n : list->items) {
    Object o(n, "rename", *diags_, format::object_type("rename"));
    if (!o.as_described()) continue;  // reported: both forms, or neither, would only add errors
    if (out.renames.size() >= limits::kMaxRenames) {
      diags_->error(o.loc(), fmt::format("more than {} renames along this spec's lineage", limits::kMaxRenames));
      break;
    }
    Rename r;
    std::vector<bool> follow;  // a term's: by table, whether its types follow
    r.loc = o.loc();
    r.vocabulary = o.str("vocabulary");
    r.term = o.str("term");
    r.to = o.str("to");
    r.name = o.str("name");
    r.from_text = o.str("from");
    r.ids = o.strings("ids");
    if (!r.vocabulary.empty()) {
      // A vocabulary term: find it to learn its old display name.
      const NodePtr term = existing_term(tree, r.vocabulary, r.term);
      if (!term) {
        // At the id that names nothing: the vocabulary's, or the term's.
        const std::vector<std::string> vocabularies = vocabulary_ids(tree);
        if (std::find(vocabularies.begin(), vocabularies.end(), r.vocabulary) == vocabularies.end()) {
          diags_->error(o.loc_of("vocabulary"),
                        with_suggestion("rename: the parent has no vocabulary '" + r.vocabulary + "'", r.vocabulary,
                                        vocabularies));
        } else {
          diags_->error(
              o.has("term") ? o.loc_of("term") : r.loc,
              with_suggestion("rename: the parent has no term '" + r.term + "' in vocabulary '" + r.vocabulary + "'",
                              r.term, vocabulary_ids(tree, &r.vocabulary)));
        }
        continue;
      }
      if (const NodePtr clash = existing_term(tree, r.vocabulary, r.to); clash && r.to != r.term) {
        diags_->error(r.loc, "rename: vocabulary '" + r.vocabulary + "' already has a term '" + r.to + "'");
        diags_->note(clash->loc, "the parent's term '" + r.to + "' is here");
        continue;
      }
      follow = types_follow(named, r);
      rename_types(named, r, follow);
      const NodePtr old_name = term->get("name");
      r.from_text = old_name && old_name->is_scalar() ? old_name->scalar : r.term;
      if (r.name.empty()) r.name = r.to;
      r.to_text = r.name;
      auto set_scalar = [&](const char* key, const std::string& value) {
        auto s = std::make_shared<Node>();
        s->kind = Node::Kind::scalar;
        s->scalar = value;
        s->loc = r.loc;
        term->set(key, s);
      };
      if (!term->get("old_id")) set_scalar("old_id", r.term);
      if (!term->get("old_name")) set_scalar("old_name", r.from_text);
      set_scalar("id", r.to);
      set_scalar("name", r.name);
    } else {
      // A word of the text; the reader has reported a rename with neither 'from' nor 'vocabulary'.
      if (r.from_text.empty()) continue;
      r.to_text = r.to;
    }
    without_tables(*tree, [&] { rename_in(*tree, format::Place::spec_root(), r); });
    made.push_back({r, o.loc_of("ids"), ids_to_follow(*tree, r, o.loc_of("ids")), std::move(follow)});
    out.renames.push_back(r);
  }
  if (made.empty()) return;
  // Each table, with every rename in order: its text, then its ids the rename lists. What a
  // rename does to a table reads the rename and the table only.
  std::string texts;
  for (const auto& m : made) {
    const Rename& r = m.rename;
    texts += fmt::format("{}\x1f{}\x1f{}\x1f{}\x1f{}\x1e", r.vocabulary, r.term, r.to, r.from_text, r.to_text);
  }
  const auto what = [&](std::size_t table) {
    std::string ids;
    for (std::size_t k = 0; k < made.size(); ++k) {
      for (const auto& [t, id] : made[k].ids) {
        if (t == table) ids += fmt::format("{}\x1f{}\x1f{}\x1e", k, id, made[k].ids_at.str());
      }
      ids += table < made[k].types.size() && made[k].types[table] ? "T" : "-";
    }
    return "renames\x1d" + texts + "\x1d" + ids;
  };
  transform_tables(*tree, what, [&](Node& table, std::size_t at) {
    for (const auto& m : made) {
      rename_in(table, table_place(table), m.rename, at < m.types.size() && m.types[at]);
      for (const auto& [t, id] : m.ids) {
        if (t == at) follow_rename(table, m.rename, id, m.ids_at);
      }
    }
  });
}

namespace {

// How a renamed word is written inside ids: "Extended Line" -> "extended_line".
std::string id_word(const std::string& text) {
  std::string out;
  for (char c : text)
    out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
                                                       : '_';
  return out;
}

// The id with every whole `_`-separated occurrence of `from` replaced ("crack_unit" -> "elite_unit").
std::string replace_id_word(const std::string& id, const std::string& from, const std::string& to) {
  std::string padded = "_" + id + "_";
  const std::string f = "_" + from + "_", t = "_" + to + "_";
  for (std::size_t at = padded.find(f); at != std::string::npos; at = padded.find(f, at + t.size() - 1)) {
    padded.replace(at, f.size(), t);
  }
  return padded.substr(1, padded.size() - 2);
}

}  // namespace

// The ids a rename lists follow it: the row or item (and a modifier group of the same id, and
// the groups' member lists) takes the renamed id, and keeps the old one in `old_ids` so the
// header can offer it as a deprecated alias. First where each id is: (the table's place in the
// list of tables, the id in it); an id that names no table, or lacks the renamed word, is
// reported here.
std::vector<std::pair<std::size_t, std::string>> Resolver::ids_to_follow(const Node& tree, const Rename& r,
                                                                         const Loc& loc) {
  const std::string from = id_word(r.vocabulary.empty() ? r.from_text : r.term);
  const std::string to = id_word(r.vocabulary.empty() ? r.to_text : r.to);
  const NodePtr tables = tree.get("tables");
  std::vector<std::pair<std::size_t, std::string>> out;
  for (const auto& path : r.ids) {
    const auto slash = path.find('/');
    const std::string table_id = path.substr(0, slash);
    const std::string id = slash == std::string::npos ? std::string() : path.substr(slash + 1);
    std::optional<std::size_t> table;
    if (tables && tables->is_seq()) {
      for (std::size_t i = 0; i < tables->items.size(); ++i) {
        if (id_of(*tables->items[i]) == table_id) table = i;
      }
    }
    if (!table || id.empty()) {
      diags_->error(loc, "rename: '" + path + "' names no table/id of the sheet being renamed");
      continue;
    }
    if (replace_id_word(id, from, to) == id) {
      diags_->error(loc, "rename: id '" + id + "' does not contain the renamed word '" + from + "'");
      continue;
    }
    out.emplace_back(*table, id);
  }
  return out;
}

void Resolver::follow_rename(Node& table, const Rename& r, const std::string& id, const Loc& loc) {
  const std::string from = id_word(r.vocabulary.empty() ? r.from_text : r.term);
  const std::string to = id_word(r.vocabulary.empty() ? r.to_text : r.to);
  const std::string new_id = replace_id_word(id, from, to);
  bool found = false;
  for (const char* list : {"rows", "items", "groups"}) {
    const NodePtr entries = table.get(list);
    if (!entries || !entries->is_seq()) continue;
    for (auto& e : entries->items) {
      if (const NodePtr members = e->get("members"); members && members->is_seq()) {
        for (auto& m : members->items) {
          if (m->is_scalar() && m->scalar == id) m->scalar = new_id;
        }
      }
      if (id_of(*e) != id) continue;
      found = true;
      const NodePtr idn = e->get("id");
      auto old = idn->clone();
      idn->scalar = new_id;
      if (std::string(list) == "groups") continue;  // groups are not C++ names: no alias
      NodePtr olds = e->get("old_ids");
      if (!olds || !olds->is_seq()) {
        olds = std::make_shared<Node>();
        olds->kind = Node::Kind::sequence;
        olds->loc = loc;
        e->set("old_ids", olds);
      }
      olds->items.push_back(old);
    }
  }
  if (!found) diags_->error(loc, "rename: table '" + id_of(table) + "' has no row, item or group '" + id + "'");
}

void Resolver::rename_in(Node& map, const format::Place& place, const Rename& r, bool types) {
  // What a value is follows from its key in the format's description: a key's sheet text
  // (kSheetText) takes a renamed word; a source's note and title, the author's notes and ids
  // are not sheet text, whatever their keys are called.
  DescribedVisit visit;
  visit.scalar = [&](Node& n, const format::Key& key, const format::Place& in, const Node* table) {
    // A matchup's types (terms of its table's columns, when they are a vocabulary), the types a
    // column of type modifiers is read against and the types a modifier applies to (or not)
    // name terms: a renamed term renames them. A matchup of a table whose columns are another
    // vocabulary, or its own list, names other terms or columns of the same id.
    const format::Refers refers = in.object ? format::refers(in.object->name, key.name) : format::Refers::nothing;
    const bool names_type = in.is("matchup") && refers == format::Refers::column
                                ? columns_vocabulary(table) == r.vocabulary
                                : types && ((in.is("modifier") && refers == format::Refers::term) ||
                                            (in.is("column") && key.name == "against"));
    if (!r.vocabulary.empty() && n.scalar == r.term && names_type) {
      n.scalar = r.to;
      return;
    }
    // The key first: most scalars are not sheet text, and the search reads every character.
    if ((key.flags & format::kSheetText) && contains_ignoring_case(n.scalar, r.from_text)) {
      n.scalar = replace_word(n.scalar, r.from_text, r.to_text);
    }
  };
  // Cells and a row's bands are keyed by column id: a renamed term renames its column, in a
  // table whose columns are the term's vocabulary. A matchup's bands are keyed by row id.
  visit.map_id = [&](std::string& id, const format::Key& key, const Node* table) {
    if (!r.vocabulary.empty() && key.type != format::Type::row_bands && id == r.term &&
        columns_vocabulary(table) == r.vocabulary) {
      id = r.to;
    }
  };
  walk_described(map, place, visit, place.is("table") ? &map : nullptr);
}

}  // namespace qrsc::resolving
