// The resolver's parts, shared by the files that implement it (resolve.cpp: loading, extends
// and apply; resolve_renames.cpp; resolve_scale.cpp: scale conversion; resolve_merge.cpp: a
// variant's patch over its parent). Private to the front end.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/format/format_place.hpp"
#include "qrsc/frontend/resolve.hpp"
#include "qrsc/frontend/spec_cache.hpp"
#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc::resolving {

namespace fs = std::filesystem;

// Keys that belong to the variant mechanism, not to the sheet.
inline const std::set<std::string> kVariantKeys = {"extends", "apply", "renames"};

// The id of a list entry (a map with `id:`), or "".
inline std::string id_of(const Node& n) {
  const NodePtr id = n.is_map() ? n.get("id") : nullptr;
  return id && id->is_scalar() ? id->scalar : std::string();
}

// Applies the factor and the rounding rule to one distance.
inline Fraction scale_value(Fraction v, Fraction factor, const std::string& rounding) {
  const Fraction x = v * factor;
  if (rounding == "nearest") return Fraction((x + Fraction(1, 2)).floor());
  if (rounding == "nearest_half") return Fraction((x * Fraction(2) + Fraction(1, 2)).floor(), 2);
  if (rounding == "down") return Fraction(x.floor());
  return x;
}

// While it lives, the nodes made are another resolution's (or another table's): what is made
// in the frame is not the outer resolution's to change in place.
struct OwnedFrame {
  std::unordered_set<NodePtr>& owned;
  std::unordered_set<NodePtr> outer;
  explicit OwnedFrame(std::unordered_set<NodePtr>& o) : owned(o) { std::swap(outer, owned); }
  ~OwnedFrame() { std::swap(outer, owned); }
  OwnedFrame(const OwnedFrame&) = delete;
  OwnedFrame& operator=(const OwnedFrame&) = delete;
};

class Resolver {
 public:
  Resolver(Diagnostics& diags, const SpecSearchPath& search, SpecCache& cache)
      : diags_(&diags), search_(search), cache_(cache) {}

  NodePtr resolve(const fs::path& file, Resolution& out);
  // The parent as this spec sees it before its own changes: the parent with every rename
  // (of the applied specs and the spec's own) and the scale conversion, but no patches.
  NodePtr baseline(const fs::path& file, Resolution& out);

 private:
  ConstNodePtr load(const fs::path& file);
  // Counts spec files against limits::kMaxSpecFiles, reporting the first excess (at the
  // `extends` or `apply` being followed, else at `at`); false past the limit.
  bool count_files(std::size_t files, const Loc& at);
  NodePtr resolve_uncached(const fs::path& file, const fs::path& canonical, Resolution& out);
  std::optional<fs::path> locate(const fs::path& from, const std::string& name, const Loc& loc) {
    return find_spec(search_, from, name, loc, *diags_);
  }
  void apply_content(NodePtr& tree, const ConstNodePtr& own, const fs::path& file, Resolution& out);
  void apply_renames(NodePtr& tree, const ConstNodePtr& own, Resolution& out);
  // The rename `r` in `map`, an object of `place` (the spec's root, or one of its tables),
  // walked by the format's description. `types`: the table's types (`only`, `except`,
  // `against`) are terms of the renamed term's vocabulary, and follow it.
  void rename_in(Node& map, const format::Place& place, const Rename& r, bool types = true);
  // Where the ids `r` lists are: (the table's place in the tree's tables, the id in it).
  std::vector<std::pair<std::size_t, std::string>> ids_to_follow(const Node& tree, const Rename& r, const Loc& loc);
  // The id `id` of the table follows the rename.
  void follow_rename(Node& table, const Rename& r, const std::string& id, const Loc& loc);
  // Every distance of `map`, an object of `place` (the spec's root, or one of its tables),
  // times the scale factor: walked by the format's description (described_walk.hpp).
  void convert(Node& map, const format::Place& place);
  void convert_scalar(Node& n, bool rate_cell);
  // The patch over `base`, an object of `place` (the spec's root, a table, one of their
  // objects): each key merged as the format's description of it says (a list merging by id,
  // cells by column, errata adding up), any other value replaced.
  void merge_map(Node& base, const Node& patch, const format::Place& place, const std::string& reason, Resolution& out);
  // The entries of a list merging by id (the value of `key`) patched, removed, added.
  void merge_list(Node& base, const Node& patch, const format::Key& key, const std::string& reason, Resolution& out);
  // A table of the parent (in `slot`) patched by `patch` (the entry `patch_node` less its
  // `after`), or what the same patch made of the same table before (derived_nodes.hpp).
  void merge_table(NodePtr& slot, const NodePtr& patch_node, const Node& patch, const std::string& reason,
                   Resolution& out);
  // Whether `item`, whose id `base` (the parent's list `key`) lacks, may be added; if not,
  // reports it at the variant's entry with a note at the parent's.
  bool may_add(const Node& base, const Node& item, const format::Key& key);
  // "in row 'r' of table 't' of rff/acw-2.1-15mm": where the entry being merged sits.
  [[nodiscard]] std::string merging_where() const;
  void replaced(const Node& old_value, const Node& new_value, const std::string& reason, Resolution& out);
  // Copy-on-write. A resolution shares the nodes of its parent's cached resolution and of the
  // parsed files (a patch's nodes go into the tree as they are) and changes only nodes it made:
  // `owned` first replaces the node in `slot` by a copy of its own (one level: its children stay
  // shared), so a variant copies the path to what it changes, not its parent's whole tree.
  NodePtr& owned(NodePtr& slot);
  NodePtr& owned_entry(Node& map, const std::string& key);  // owned() of map[key], which exists
  // Renames and scale conversion touch the whole tree: it is copied whole first, but for its
  // tables (resolve_tables.cpp), which are many and seldom changed by an edit: each is renamed
  // or converted by transform_tables, or found as the same transformation made it before.
  void own_all_but_tables(NodePtr& tree);
  // Runs `f` over the tree with its list of tables emptied for the while.
  void without_tables(Node& tree, const std::function<void()>& f);
  // Replaces each table of the tree (after own_all_but_tables) by `transform` applied to a copy
  // of it, or by what the transformation made of the same table before: `what(i)` describes
  // everything the transformation of table i reads but the table. A table whose transformation
  // reports anything is not kept (its diagnostics would not be replayed).
  void transform_tables(Node& tree, const std::function<std::string(std::size_t)>& what,
                        const std::function<void(Node&, std::size_t)>& transform);

  Diagnostics* diags_;  // where diagnostics go; a cached resolution's own while it is made
  const SpecSearchPath& search_;
  SpecCache& cache_;
  bool renames_only_ = false;
  // The nodes the resolution being made has made, held so that no other node can take the
  // address of one that is freed.
  std::unordered_set<NodePtr> owned_;
  std::vector<fs::path> stack_;
  Fraction factor_{1};
  std::string rounding_;
  Loc ref_loc_;            // the `extends` or `apply` entry being followed, for diagnostics
  std::string patched_;    // the `extends` name of the spec whose patch is being merged
  struct Merging {         // a parent's entry a patch is being merged into
    std::string what, id;  // "table", "charge_effects"
    Loc loc;               // its place in the parent's file
  };
  std::vector<Merging> merging_;  // outermost first
  std::size_t loaded_ = 0;        // spec files loaded, against limits::kMaxSpecFiles
  bool file_limit_reported_ = false;
};

}  // namespace qrsc::resolving
