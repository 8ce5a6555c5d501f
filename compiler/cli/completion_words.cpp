#include "qrsc/cli/completion_words.hpp"

#include <filesystem>
#include <optional>

#include "qrsc/cli/compile.hpp"
#include "qrsc/frontend/spec_argument.hpp"

namespace qrsc::cli {

namespace {

// Every spec name on the search path, by its path under a root and by its file name.
std::vector<std::string> spec_names(const SpecSearchPath& search) {
  std::vector<std::string> out;
  for (const auto& root : command_line_roots(search)) {
    for (auto& name : spec_names_under(root)) {
      out.push_back(std::filesystem::path(name).filename().string());
      out.push_back(std::move(name));
    }
  }
  return out;
}

template <class Entries>
void add_ids(const Entries& entries, std::vector<std::string>& out) {
  for (const auto& e : entries) {
    if (!e.id.empty()) out.push_back(e.id);  // a plain band table's one column has none
  }
}

std::vector<std::string> table_ids(const Spec& spec) {
  std::vector<std::string> out;
  add_ids(spec.tables, out);
  return out;
}

std::vector<std::string> row_ids(const Table& t) {
  std::vector<std::string> out;
  if (const auto* m = std::get_if<Matrix>(&t.body)) add_ids(m->rows, out);
  return out;
}

std::vector<std::string> column_ids(const Table& t) {
  std::vector<std::string> out;
  if (const auto* b = std::get_if<BandTable>(&t.body)) add_ids(b->columns, out);
  if (const auto* m = std::get_if<Matrix>(&t.body)) add_ids(m->columns, out);
  return out;
}

// The ids a lookup of `t` takes as modifiers: the items of the tables its roll names
// (`key.dice.modifiers`), modifier lists and band tables whose rows carry a number.
std::vector<std::string> modifier_ids(const Spec& spec, const Table& t) {
  std::vector<std::string> out;
  const auto* b = std::get_if<BandTable>(&t.body);
  if (!b || !b->dice) return out;
  for (const auto& id : b->dice->modifier_tables()) {
    const Table* m = spec.table(id);
    if (!m) continue;
    if (const auto* list = std::get_if<ModifierTable>(&m->body)) add_ids(list->items, out);
    if (const auto* bands = std::get_if<BandTable>(&m->body)) add_ids(bands->rows, out);
  }
  return out;
}

std::optional<std::string> given_word(const std::map<Role, std::string>& given, Role role) {
  const auto it = given.find(role);
  return it == given.end() ? std::nullopt : std::optional<std::string>(it->second);
}

}  // namespace

Candidates role_candidates(Role role, const SpecSearchPath& search, const std::map<Role, std::string>& given) {
  switch (role) {
    case Role::none: return {"words", {}};
    case Role::file: return {"files", {}};
    case Role::dir: return {"dirs", {}};
    case Role::spec: return {"specs", spec_names(search)};
    default: break;
  }
  const auto spec_word = given_word(given, Role::spec);
  const auto spec = spec_word ? compile_one(*spec_word) : std::nullopt;
  if (!spec) return {"words", {}};
  if (role == Role::table) return {"words", table_ids(*spec)};
  const auto table_word = given_word(given, Role::table);
  const Table* table = table_word ? spec->table(*table_word) : nullptr;
  if (!table) return {"words", {}};
  if (role == Role::row) return {"words", row_ids(*table)};
  if (role == Role::column) return {"words", column_ids(*table)};
  return {"words", modifier_ids(*spec, *table)};
}

}  // namespace qrsc::cli
