// Nodes made from another node by a transformation that reads nothing else (but a second node
// it names): a table with a variant's renames, a table converted to another scale, a table with
// a variant's patch merged in. Kept by the nodes they were made from and a description of the
// transformation, so that a table an edit did not change (its parsed node kept,
// unchanged_nodes.hpp) is not made again, and the table built from the result is found again
// by TableMemo. A result is shared and must never be changed (the resolver copies a node it
// did not make before changing it). The memo keeps its results alive but not the nodes they
// were made from: once one of those is gone, its results cannot be found again and
// forget_unreachable() lets them go.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

class DerivedNodes {
 public:
  // What `transformation` made of `from` (and of `with`, a second node it reads, such as the
  // patch merged into `from`), if it was kept.
  [[nodiscard]] NodePtr find(const NodePtr& from, const std::string& transformation,
                             const NodePtr& with = nullptr) const;
  void keep(const NodePtr& from, const std::string& transformation, NodePtr made, const NodePtr& with = nullptr);
  // Drops the results whose source nodes are gone.
  void forget_unreachable();
  void clear() { made_.clear(); }
  [[nodiscard]] std::size_t size() const { return made_.size(); }

 private:
  struct Entry {
    std::weak_ptr<Node> from, with;  // a node that is gone may leave its address to another
    bool with_null = true;
    NodePtr made;
    [[nodiscard]] bool gone() const { return from.expired() || (!with_null && with.expired()); }
  };
  std::map<std::tuple<const Node*, const Node*, std::string>, Entry> made_;
};

}  // namespace qrsc
