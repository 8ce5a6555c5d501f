// A tree's tables renamed or converted one by one, each found again when the same
// transformation of the same table was made before (derived_nodes.hpp).

#include <functional>

#include "qrsc/frontend/resolver.hpp"

namespace qrsc::resolving {

namespace {
// The tree's list of tables, when it has one.
NodePtr* tables_of(Node& tree) {
  for (auto& [k, v] : tree.entries) {
    if (k == "tables" && v->is_seq()) return &v;
  }
  return nullptr;
}
}  // namespace

void Resolver::own_all_but_tables(NodePtr& tree) {
  const std::function<void(const NodePtr&)> add = [&](const NodePtr& n) {
    owned_.insert(n);
    for (const auto& i : n->items) add(i);
    for (const auto& [k, v] : n->entries) add(v);
  };
  tree = std::make_shared<Node>(*tree);
  owned_.insert(tree);
  for (auto& [k, v] : tree->entries) {
    if (k == "tables" && v->is_seq()) {
      v = std::make_shared<Node>(*v);  // the list only: its tables stay shared
      owned_.insert(v);
      continue;
    }
    v = v->clone();
    add(v);
  }
}

void Resolver::without_tables(Node& tree, const std::function<void()>& f) {
  NodePtr* tables = tables_of(tree);
  if (!tables) {
    f();
    return;
  }
  ChildList<NodePtr> items = std::move(owned(*tables)->items);
  (*tables)->items = ChildList<NodePtr>();
  f();
  (*tables)->items = std::move(items);
}

void Resolver::transform_tables(Node& tree, const std::function<std::string(std::size_t)>& what,
                                const std::function<void(Node&, std::size_t)>& transform) {
  NodePtr* tables = tables_of(tree);
  if (!tables) return;
  auto& items = owned(*tables)->items;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string transformation = what(i);
    if (NodePtr made = cache_.derived().find(items[i], transformation)) {
      items[i] = std::move(made);  // shared, so not this resolution's to change: owned() copies it first
      continue;
    }
    const NodePtr from = items[i];
    NodePtr made = from->clone();
    Diagnostics reported;
    Diagnostics* const outer = diags_;
    diags_ = &reported;
    transform(*made, i);
    diags_ = outer;
    diags_->append(reported);
    if (reported.all().empty()) cache_.derived().keep(from, transformation, made);
    items[i] = std::move(made);
  }
}

}  // namespace qrsc::resolving
