// A file parsed again after an edit, sharing the nodes of its previous parse that the edit did
// not change: whatever was made from such a node (a converted or renamed table, a built table)
// is found again by the node's address, so an edit costs what it changed, not the whole file.
#pragma once

#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

// `fresh` with every subtree equal to the one at the same place in `previous` (same kinds,
// scalars, keys, quoting and locations, to the line and column) replaced by `previous`'s node;
// `previous` itself when the whole tree is unchanged. Map entries are matched by key, list
// items by position. Both trees must be parsed files, never changed after (nodes are shared).
NodePtr keep_unchanged(NodePtr fresh, const NodePtr& previous);
// Whether two trees are equal in everything a reader of them can see (what a variant's
// resolution changed included); two nulls are.
bool same_tree(const NodePtr& a, const NodePtr& b);

}  // namespace qrsc
