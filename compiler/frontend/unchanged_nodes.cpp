#include "qrsc/frontend/unchanged_nodes.hpp"

#include <algorithm>

namespace qrsc {

namespace {

bool same_loc(const Loc& a, const Loc& b) {
  return a.line == b.line && a.col == b.col && (a.file == b.file || (a.file && b.file && *a.file == *b.file));
}

bool same_changes(const NodeChanges* a, const NodeChanges* b) {
  if (!a || !b) return a == b;
  return a->converted_from == b->converted_from && same_loc(a->patched_at, b->patched_at);
}

// Whether `a` and `b` are equal, their children compared by `same_child`.
template <class SameChild>
bool same_node(const Node& a, const Node& b, SameChild same_child) {
  if (a.kind != b.kind || a.quoted != b.quoted || a.scalar != b.scalar || !same_loc(a.loc, b.loc)) return false;
  if (!same_changes(a.changes.get(), b.changes.get())) return false;
  if (a.items.size() != b.items.size() || a.entries.size() != b.entries.size() ||
      a.key_locs.size() != b.key_locs.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.items.size(); ++i) {
    if (!same_child(a.items[i], b.items[i])) return false;
  }
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    if (a.entries[i].first != b.entries[i].first || !same_child(a.entries[i].second, b.entries[i].second)) return false;
  }
  for (std::size_t i = 0; i < a.key_locs.size(); ++i) {
    if (!same_loc(a.key_locs[i], b.key_locs[i])) return false;
  }
  return true;
}

}  // namespace

NodePtr keep_unchanged(NodePtr fresh, const NodePtr& previous) {
  if (!fresh || !previous || fresh->kind != previous->kind) return fresh;
  for (std::size_t i = 0; i < std::min(fresh->items.size(), previous->items.size()); ++i) {
    fresh->items[i] = keep_unchanged(fresh->items[i], previous->items[i]);
  }
  for (std::size_t i = 0; i < fresh->entries.size(); ++i) {
    auto& [key, value] = fresh->entries[i];
    // The same place first (an edit seldom reorders keys), else the key wherever it is.
    if (i < previous->entries.size() && previous->entries[i].first == key) {
      value = keep_unchanged(value, previous->entries[i].second);
    } else if (const NodePtr before = previous->get(key)) {
      value = keep_unchanged(value, before);
    }
  }
  // The children are the same nodes where they are unchanged.
  return same_node(*fresh, *previous, [](const NodePtr& a, const NodePtr& b) { return a == b; }) ? previous : fresh;
}

bool same_tree(const NodePtr& a, const NodePtr& b) {
  if (a == b) return true;
  if (!a || !b) return false;
  return same_node(*a, *b, [](const NodePtr& x, const NodePtr& y) { return same_tree(x, y); });
}

}  // namespace qrsc
