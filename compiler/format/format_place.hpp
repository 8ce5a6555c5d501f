// Where a value of a spec is in the format's description: the object type whose keys a map
// there has, with a table's kind. Walks of a spec (the editor's completion; the resolver's
// merge of a variant, renames, scale conversion and old spellings) follow the description with
// it and read each key's type and roles from the key itself, not from its name, which several
// objects share with other roles (a source document's `title` is no sheet text; a table's is).
#pragma once

#include <string_view>

#include "qrsc/format/spec_format.hpp"

namespace qrsc::format {

struct Place {
  const ObjectType* object = nullptr;   // null: outside the format, or a value that holds no object
  const TableKindKeys* kind = nullptr;  // for a table: its kind's keys, when its kind is known

  // The spec itself.
  static Place spec_root();
  // The objects a key's value holds (its entries' for a list, its values' for a map or cells);
  // nothing for a key whose values are not objects.
  static Place held_by(const Key& key);
  // This place, a table whose `kind` is `kind` (a kind the format lacks leaves it without one).
  [[nodiscard]] Place with_kind(std::string_view kind) const;

  // The key of this name: the object's, its kind's (any kind's, for a table whose kind is not
  // known), or a variant's entry keys (add, after, remove) on an entry of a list that merges by
  // id; null for a key the format does not have.
  [[nodiscard]] const Key* key(std::string_view name) const;
  [[nodiscard]] bool is(std::string_view object_name) const { return object && object->name == object_name; }
};

// A table kind by name, or null.
const TableKindKeys* table_kind(std::string_view name);

// Whether a map that is a key's value is keyed by ids (a map of objects or bands, cells by
// column, bands by row) rather than by the keys of an object.
bool keyed_by_id(const Key& key);

}  // namespace qrsc::format
