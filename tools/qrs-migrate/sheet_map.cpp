#include "sheet_map.hpp"

#include <algorithm>
#include <iostream>
#include <vector>

#include "qrsc/backends/cpp/cpp_names.hpp"
#include "qrsc/backends/cpp/emit_cpp.hpp"
#include "qrsc/frontend/frontend.hpp"

namespace qrs_migrate {

using namespace qrsc;

namespace {

// An id with the ids it had before renames it followed (terms keep one old id, rows and
// items a list).
struct Named {
  std::string id;
  std::vector<std::string> old_ids;
};

template <class T>
std::vector<Named> named(const std::vector<T>& entries) {
  std::vector<Named> out;
  for (const auto& e : entries) out.push_back({e.id, e.old_ids});
  return out;
}
std::vector<Named> named(const std::vector<Term>& terms) {
  std::vector<Named> out;
  for (const auto& t : terms)
    out.push_back({t.id, t.old_id.empty() ? std::vector<std::string>{} : std::vector<std::string>{t.old_id}});
  return out;
}
std::vector<Named> named(const std::vector<Column>& columns) {
  std::vector<Named> out;
  for (const auto& c : columns) out.push_back({c.id, {}});
  return out;
}
std::vector<Named> named_parts(const BandTable& bt) {
  std::vector<Named> out;
  for (const auto& r : bt.rows) {
    for (const auto& p : r.parts) out.push_back({p.id, {}});
  }
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// The target entry an entry of the source becomes: the same id; or one that followed a rename
// of it (crack_unit -> elite_unit); or, moving back to an older sheet, the id it was renamed
// from; or one that shares an old id with it (two sheets that renamed alike).
std::optional<std::string> counterpart(const Named& from, const std::vector<Named>& to) {
  for (const auto& t : to) {
    if (t.id == from.id) return t.id;
  }
  for (const auto& t : to) {
    if (contains(t.old_ids, from.id) || contains(from.old_ids, t.id)) return t.id;
  }
  for (const auto& t : to) {
    for (const auto& o : from.old_ids) {
      if (contains(t.old_ids, o)) return t.id;
    }
  }
  return std::nullopt;
}

EnumMap enum_map(const std::vector<Named>& from, const std::vector<Named>& to) {
  EnumMap m;
  for (const auto& f : from) {
    const auto t = counterpart(f, to);
    if (!t) continue;
    m.enumerators[cpp_identifier(f.id)] = cpp_identifier(*t);
    // The source header's deprecated aliases for older ids migrate too.
    for (const auto& o : f.old_ids) m.enumerators.emplace(cpp_identifier(o), cpp_identifier(*t));
  }
  return m;
}

// The enums a table declares, by name, with their entries.
std::map<std::string, std::vector<Named>> table_enums(const Table& t) {
  std::map<std::string, std::vector<Named>> out;
  if (const auto* bt = std::get_if<BandTable>(&t.body)) {
    out["Effect"] = named(bt->rows);
    if (auto parts = named_parts(*bt); !parts.empty()) out["Part"] = parts;
    if (!bt->single_column() && bt->columns_vocabulary.empty()) out["Column"] = named(bt->columns);
  } else if (const auto* mt = std::get_if<ModifierTable>(&t.body)) {
    out["Modifier"] = named(mt->items);
  } else if (const auto* m = std::get_if<Matrix>(&t.body)) {
    out["Row"] = named(m->rows);
    if (m->columns_vocabulary.empty()) out["Column"] = named(m->columns);
  }
  return out;
}

}  // namespace

std::optional<std::string> SheetMap::enumerator(const std::string& enum_key, const std::string& name) const {
  const auto e = enums.find(enum_key);
  if (e == enums.end()) return std::nullopt;
  const auto it = e->second.enumerators.find(name);
  if (it == e->second.enumerators.end()) return std::nullopt;
  return it->second;
}

SheetMap sheet_map(const Spec& from, const Spec& to) {
  SheetMap m;
  m.from_spec = from.path;
  m.to_spec = to.path;
  m.from_header = cpp_header_path(from);
  m.to_header = cpp_header_path(to);
  m.from_namespace = cpp_namespace(from);
  m.to_namespace = cpp_namespace(to);
  m.from_leaf = m.from_namespace.substr(m.from_namespace.rfind(':') + 1);
  m.to_leaf = m.to_namespace.substr(m.to_namespace.rfind(':') + 1);
  for (const auto& v : from.vocabularies) {
    if (const Vocabulary* tv = to.vocabulary(v.id))
      m.enums[cpp_type_name(v.id)] = enum_map(named(v.terms), named(tv->terms));
  }
  for (const auto& t : from.tables) {
    const Table* tt = to.table(t.id);
    m.tables[cpp_identifier(t.id)] = tt != nullptr;
    if (!tt) continue;
    auto target = table_enums(*tt);
    for (const auto& [name, entries] : table_enums(t)) {
      if (const auto it = target.find(name); it != target.end()) {
        m.enums[cpp_identifier(t.id) + "::" + name] = enum_map(entries, it->second);
      }
    }
  }
  return m;
}

std::optional<SheetMap> build_sheet_map(const std::filesystem::path& from, const std::filesystem::path& to,
                                        const SpecSearchPath& search) {
  Diagnostics diags;
  const auto f = compile_spec(from, diags, search);
  const auto t = compile_spec(to, diags, search);
  diags.print(std::cerr);
  if (!f || !t || diags.has_errors()) return std::nullopt;
  if (f->abstract || t->abstract) {
    std::cerr << "qrs-migrate: an abstract spec has no header; name sheets that qrsc builds\n";
    return std::nullopt;
  }
  if (f->system != t->system) {
    std::cerr << "qrs-migrate: " << f->path << " (" << f->system << ") and " << t->path << " (" << t->system
              << ") are different games; code moves only between sheets of one game system\n";
    return std::nullopt;
  }
  return sheet_map(*f, *t);
}

}  // namespace qrs_migrate
