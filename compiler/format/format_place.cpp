#include "qrsc/format/format_place.hpp"

namespace qrsc::format {

Place Place::spec_root() { return {&spec(), nullptr}; }

Place Place::held_by(const Key& key) {
  if (key.of.empty()) return {};
  switch (key.type) {
    case Type::object:
    case Type::list:
    case Type::map:
    case Type::columns:
    case Type::cells: return {&object_type(key.of), nullptr};
    default: return {};
  }
}

Place Place::with_kind(std::string_view kind) const { return {object, table_kind(kind)}; }

const Key* Place::key(std::string_view name) const {
  if (!object) return nullptr;
  if (const Key* k = find_key(object->keys, name)) return k;
  if (object->merged_entry) {
    for (const auto& v : variant_entry_keys()) {
      if (v.key.name == name) return &v.key;
    }
  }
  if (kind) return find_key(kind->keys, name);
  // A table whose kind is not known (a variant's patch need not restate it): any kind's key.
  if (object->name == "table") {
    for (const auto& k : table_kinds()) {
      if (const Key* found = find_key(k.keys, name)) return found;
    }
  }
  return nullptr;
}

const TableKindKeys* table_kind(std::string_view name) {
  for (const auto& k : table_kinds()) {
    if (k.kind == name) return &k;
  }
  return nullptr;
}

bool keyed_by_id(const Key& key) {
  return key.type == Type::map || key.type == Type::cells || key.type == Type::row_bands;
}

}  // namespace qrsc::format
