// The tables one run of qrsc has built, by what each was built from, so that the tables a
// variant shares with its parent are built once however many variants the run compiles.
// Resolution is copy-on-write (Resolver::owned): a table a variant does not change is the very
// node of its parent's resolution. Building a table also reads the spec's vocabularies (a
// matrix's or band table's named columns), its sources (source notes) and its figure scale
// (`{scale.figures}` in any text), so those are part of the key: every input of a table's
// build, and nothing else, is in Source. A table built with errors is not kept; its warnings are, and are replayed.
// The memo does not keep the nodes alive: once a key's nodes are gone (a variant's own
// resolution is not kept after it is compiled) no later lookup can find its table, and
// forget_unreachable() lets the table go with the spec that has it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

class TableMemo {
 public:
  // What a table is built from: its resolved node, the spec's vocabularies and sources, and
  // the figure scale its texts may name.
  struct Source {
    NodePtr table, vocabularies, sources;
    std::string figures;
  };
  struct Built {
    std::shared_ptr<const Table> table;
    std::vector<Diagnostic> diagnostics;
  };

  // A node equal to `n` (same_tree) that an earlier spec's tables read, else `n`, kept as such
  // for later specs: a variant's vocabularies and sources, copied by its renames, are equal to
  // its parent's (or the last edit's), so its tables are found by the same key.
  NodePtr shared_reader(const NodePtr& n);
  // The table built from `s`, if its nodes are the very ones it was built from.
  [[nodiscard]] const Built* find(const Source& s) const;
  void keep(const Source& s, std::shared_ptr<const Table> t, std::vector<Diagnostic> diagnostics);
  // Drops the tables whose nodes are gone (none can be found again).
  void forget_unreachable();
  [[nodiscard]] std::size_t size() const { return built_.size(); }

 private:
  struct Key {
    const Node* table;
    const Node* vocabularies;
    const Node* sources;
    std::string figures;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept;
  };
  // A node of a key, watched: a node that is gone may leave its address to another.
  struct Watched {
    std::weak_ptr<Node> node;
    bool null = true;
    [[nodiscard]] bool gone() const { return !null && node.expired(); }
  };
  struct Entry {
    Watched table, vocabularies, sources;
    Built built;
    [[nodiscard]] bool gone() const { return table.gone() || vocabularies.gone() || sources.gone(); }
  };
  static Key key_of(const Source& s) { return {s.table.get(), s.vocabularies.get(), s.sources.get(), s.figures}; }
  std::unordered_map<Key, Entry, KeyHash> built_;
  std::vector<NodePtr> readers_;  // the last few vocabularies and sources nodes, kept alive
};

}  // namespace qrsc
