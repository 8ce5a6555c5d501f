// A walk of a spec tree by the format's description (format::Place): each scalar is visited
// with the key it is the value of (or an element of), and each id that keys a map (cells by
// column, bands by row) with its map's key, so that what a pass does to a value follows from
// the key's type and roles. Keys the format does not have are not walked: the reader reports
// them.
#pragma once

#include <functional>
#include <string>

#include "qrsc/format/format_place.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

struct DescribedVisit {
  // A scalar, the key it belongs to, the object the key is in and the table it is in (the
  // nearest entry of `tables`, or null).
  std::function<void(Node& scalar, const format::Key& key, const format::Place& in, const Node* table)> scalar;
  // An id keying a map that is the value of `key` (a column of `cells` or of a row's `bands`).
  std::function<void(std::string& id, const format::Key& key, const Node* table)> map_id;
};

// Walks a map holding the keys of `place` (the spec's root, or one of its tables).
void walk_described(Node& map, const format::Place& place, const DescribedVisit& visit, const Node* table = nullptr);

// A table's place: the format's table with the kind its `kind` names.
format::Place table_place(const Node& table);

}  // namespace qrsc
