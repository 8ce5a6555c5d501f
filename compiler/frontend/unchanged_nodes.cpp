#include "unchanged_nodes.hpp"

#include <algorithm>

namespace qrsc {

namespace {

bool same_loc(const Loc& a, const Loc& b) {
  return a.line == b.line && a.col == b.col && (a.file == b.file || (a.file && b.file && *a.file == *b.file));
}

// Whether `a` and `b` are equal once their children are: the children must be the same nodes.
bool same_node(const Node& a, const Node& b) {
  if (a.kind != b.kind || a.quoted != b.quoted || a.scalar != b.scalar || !same_loc(a.loc, b.loc)) return false;
  if (a.changes || b.changes) return false;  // a parsed node has none; a resolved one is never reused here
  if (a.items.size() != b.items.size() || a.entries.size() != b.entries.size() ||
      a.key_locs.size() != b.key_locs.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.items.size(); ++i) {
    if (a.items[i] != b.items[i]) return false;
  }
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    if (a.entries[i].first != b.entries[i].first || a.entries[i].second != b.entries[i].second) return false;
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
  return same_node(*fresh, *previous) ? previous : fresh;
}

}  // namespace qrsc
