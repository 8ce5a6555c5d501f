#include "qrsc/frontend/described_walk.hpp"

namespace qrsc {

namespace {

void walk_element(Node& e, const format::Key& key, const format::Place& in, const DescribedVisit& visit,
                  const Node* table);

// The value of `key` (of the object `in`): a scalar, a list of elements, a map keyed by ids
// whose values are elements, or one object.
void walk_value(Node& v, const format::Key& key, const format::Place& in, const DescribedVisit& visit,
                const Node* table) {
  if (v.is_seq()) {
    for (auto& item : v.items) walk_element(*item, key, in, visit, table);
  } else if (v.is_map() && format::keyed_by_id(key)) {
    for (auto& [id, x] : v.entries) {
      if (visit.map_id) visit.map_id(id, key, table);
      walk_element(*x, key, in, visit, table);
    }
  } else {
    walk_element(v, key, in, visit, table);
  }
}

// One element of a key's value: a scalar, or an object of the type the key holds.
void walk_element(Node& e, const format::Key& key, const format::Place& in, const DescribedVisit& visit,
                  const Node* table) {
  if (e.is_scalar()) {
    if (visit.scalar) visit.scalar(e, key, in, table);
  } else if (e.is_seq()) {
    for (auto& item : e.items) walk_element(*item, key, in, visit, table);  // paragraphs of a list entry
  } else if (e.is_map()) {
    const format::Place held = format::Place::held_by(key);
    if (!held.object) return;
    if (held.is("table")) {
      walk_described(e, table_place(e), visit, &e);
    } else {
      walk_described(e, held, visit, table);
    }
  }
}

}  // namespace

format::Place table_place(const Node& table) {
  const format::Place place{&format::object_type("table"), nullptr};
  const NodePtr kind = table.get("kind");
  return kind && kind->is_scalar() ? place.with_kind(kind->scalar) : place;
}

void walk_described(Node& map, const format::Place& place, const DescribedVisit& visit, const Node* table) {
  if (!map.is_map()) return;
  for (auto& [name, v] : map.entries) {
    if (const format::Key* key = place.key(name)) walk_value(*v, *key, place, visit, table);
  }
}

}  // namespace qrsc
