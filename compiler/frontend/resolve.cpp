#include "qrsc/frontend/resolve.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/canonical_path.hpp"
#include "qrsc/frontend/described_walk.hpp"
#include "qrsc/frontend/resolver.hpp"
#include "qrsc/frontend/schema.hpp"
#include "qrsc/frontend/spec_cache.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/model/words.hpp"

namespace qrsc::resolving {

bool Resolver::count_files(std::size_t files, const Loc& at) {
  loaded_ += files;
  if (loaded_ <= limits::kMaxSpecFiles) return true;
  if (!file_limit_reported_) {
    // Named from the spec being built down to where the limit was crossed: the file reported
    // may be any ancestor, far from what the user asked for.
    std::string chain;
    for (const auto& p : stack_) chain += (chain.empty() ? "" : " -> ") + printable(p.filename().string());
    diags_->error(ref_loc_.file ? ref_loc_ : at,
                  fmt::format("a spec resolves at most {} files (itself, its parents and applied specs){}",
                              limits::kMaxSpecFiles, chain.empty() ? "" : "; resolving " + chain));
    file_limit_reported_ = true;
  }
  return false;
}

ConstNodePtr Resolver::load(const fs::path& file) {
  if (!count_files(1, Loc{std::make_shared<const std::string>(file.string()), 0, 0})) return nullptr;
  const SpecCache::Parsed& parsed = cache_.parse(file);
  diags_->append(parsed.diags);
  // The cached tree itself, not a copy: a spec's own tree is only read (merging copies what it
  // takes into the tree being resolved), so later specs of the run find it as parsed.
  return parsed.tree;
}

NodePtr Resolver::resolve(const fs::path& file, Resolution& out) {
  const fs::path canonical = canonical_path(file);
  if (std::find(stack_.begin(), stack_.end(), canonical) != stack_.end()) {
    std::string chain;
    for (const auto& p : stack_) chain += p.filename().string() + " -> ";
    // At the `extends` that closes the cycle (the file itself when there is none).
    const Loc at = ref_loc_.file ? ref_loc_ : Loc{std::make_shared<const std::string>(file.string()), 0, 0};
    diags_->error(at, "spec inheritance cycle: " + chain + canonical.filename().string());
    return nullptr;
  }
  // A spec resolved before in this run resolves the same way now: it resolved without a cycle,
  // so none of its files is on the stack.
  const std::string key = canonical.string();
  if (const SpecCache::Resolved* hit = cache_.resolved(key)) {
    diags_->append(hit->diags);
    if (!count_files(hit->files, hit->resolution.tree->loc)) return nullptr;
    out = copy_of(hit->resolution);
    if (out.factor) {
      factor_ = *out.factor;
      rounding_ = out.rounding;
    }
    return out.tree;
  }
  SpecCache::Resolved made;
  Diagnostics* const outer = diags_;
  diags_ = &made.diags;
  const std::size_t loaded_before = loaded_;
  NodePtr tree = resolve_uncached(file, canonical, made.resolution);
  diags_ = outer;
  diags_->append(made.diags);
  made.resolution.tree = tree;
  // Kept for the specs that extend it. A failure is not kept, nor a spec compiled for itself
  // (nothing on the stack): keeping it would cost a copy of its whole tree, and if a later spec
  // of the run extends it, resolving it again from its parsed file costs about the same.
  if (!tree || made.diags.has_errors() || stack_.empty()) {
    out = std::move(made.resolution);
    return out.tree;
  }
  out = copy_of(made.resolution);
  made.files = loaded_ - loaded_before;
  cache_.keep_resolved(key, std::move(made));
  return out.tree;
}

NodePtr Resolver::resolve_uncached(const fs::path& file, const fs::path& canonical, Resolution& out) {
  // The nodes this resolution makes are its own; its parent's (resolved in a frame of their
  // own, or copied from the cache) are not.
  const OwnedFrame frame(owned_);
  ConstNodePtr own = load(file);
  if (!own) return nullptr;
  stack_.push_back(canonical);
  out.lineage.push_back(file.string());

  NodePtr tree = std::make_shared<Node>();
  tree->kind = Node::Kind::map;
  tree->loc = own->loc;
  owned_.insert(tree);
  bool ok = true;
  if (const NodePtr ext = own->get("extends")) {
    if (!ext->is_scalar()) {
      diags_->error(ext->loc, "'extends' names one parent spec (a path under rules/ without .yaml)");
      ok = false;
    } else if (const auto parent = locate(file, ext->scalar, ext->loc)) {
      Resolution sub;
      ref_loc_ = ext->loc;
      NodePtr p = resolve(*parent, sub);
      if (!p) {
        ok = false;
      } else {
        tree = p;
        owned_.insert(tree);  // a copy of the parent's top level, made for this spec
        out.lineage.insert(out.lineage.end(), sub.lineage.begin(), sub.lineage.end());
        out.renames = sub.renames;
        out.scaled = sub.scaled;
        if (sub.factor) {
          out.factor = sub.factor;
          out.rounding = sub.rounding;
        }
        // What a spec is called, whether it is abstract, and the errata that explain its
        // parent's own changes are never inherited.
        tree->erase("id");
        tree->erase("abstract");
        tree->erase("errata");
      }
    } else {
      ok = false;
    }
  }
  if (ok) {
    const NodePtr ext = own->get("extends");
    patched_ = ext && ext->is_scalar() ? ext->scalar : std::string();
    apply_content(tree, own, file, out);
  }
  stack_.pop_back();
  return ok ? tree : nullptr;
}

void Resolver::apply_content(NodePtr& tree, const ConstNodePtr& own, const fs::path& file, Resolution& out) {
  // 1. Applied (abstract) specs: their own content, in order.
  if (const NodePtr apply = own->get("apply")) {
    std::vector<NodePtr> names = apply->is_seq() ? apply->items.copy() : std::vector<NodePtr>{apply};
    for (const auto& n : names) {
      if (!n->is_scalar()) {
        diags_->error(n->loc, "'apply' lists abstract specs by name");
        continue;
      }
      const auto path = locate(file, n->scalar, n->loc);
      if (!path) continue;
      ref_loc_ = n->loc;
      const fs::path canonical = canonical_path(*path);
      if (std::find(stack_.begin(), stack_.end(), canonical) != stack_.end()) {
        diags_->error(n->loc, "spec inheritance cycle through applied spec '" + n->scalar + "'");
        continue;
      }
      ConstNodePtr applied = load(*path);
      if (!applied) continue;
      if (applied->get("extends")) {
        diags_->error(n->loc, "applied spec '" + n->scalar +
                                  "' has 'extends'; only self-contained abstract specs can be applied");
        continue;
      }
      const NodePtr abstract = applied->get("abstract");
      if (!abstract || abstract->scalar != "true") {
        diags_->error(n->loc, "applied spec '" + n->scalar + "' must be 'abstract: true'");
      }
      stack_.push_back(canonical);
      out.lineage.push_back(path->string());
      apply_content(tree, applied, *path, out);
      stack_.pop_back();
    }
  }
  // 2. Renames, so that the spec's own patches can use the new names.
  apply_renames(tree, own, out);
  // 3. Scale conversion of everything inherited.
  if (const NodePtr scale = own->get("scale"); scale && scale->is_map()) {
    if (const NodePtr conv = scale->get("convert")) {
      Object c(conv, "scale conversion", *diags_, format::object_type("conversion"));
      const auto f = c.number("factor");
      rounding_ = c.str("rounding");
      if (rounding_.empty()) rounding_ = "none";
      if (f && *f <= Fraction(0)) {
        diags_->error(c.loc_of("factor"), "the scale factor must be positive, not " + format_number(*f));
      } else if (!f) {
        if (c.ok() && !c.has("factor"))
          diags_->error(c.loc(), "scale conversion needs a positive 'factor' such as 1.5");
      } else {
        factor_ = *f;
        out.factor = *f;
        out.rounding = rounding_;
        own_all_but_tables(tree);
        without_tables(*tree, [&] { convert(*tree, format::Place::spec_root()); });
        const std::string what = fmt::format("scale\x1d{}\x1f{}", format_number(factor_), rounding_);
        transform_tables(
            *tree, [&](std::size_t) { return what; },
            [&](Node& table, std::size_t) { convert(table, table_place(table)); });
      }
    }
  }
  // The figure scale is the variant's own in its baseline too: a text that names it
  // (`{scale.figures}`) follows it without being retyped, so it is no change to declare.
  if (const NodePtr scale = own->get("scale"); renames_only_ && scale && scale->is_map() && scale->get("figures")) {
    Node figures;
    figures.kind = Node::Kind::map;
    figures.set("figures", scale->get("figures"));
    Node patch;
    patch.kind = Node::Kind::map;
    patch.set("scale", std::make_shared<Node>(std::move(figures)));
    merge_map(*tree, patch, format::Place::spec_root(), "", out);
  }
  // 4. The spec's own content, as a patch.
  if (renames_only_) return;
  Node patch = *own;
  for (const auto& k : kVariantKeys) patch.erase(k);
  merge_map(*tree, patch, format::Place::spec_root(), "", out);
  if (!own->get("abstract")) tree->erase("abstract");
  if (own->get("abstract")) tree->set("abstract", own->get("abstract"));
}

NodePtr Resolver::baseline(const fs::path& file, Resolution& out) {
  ConstNodePtr own = load(file);
  if (!own) return nullptr;
  const NodePtr ext = own->get("extends");
  if (!ext || !ext->is_scalar()) return nullptr;
  const auto parent = locate(file, ext->scalar, ext->loc);
  if (!parent) return nullptr;
  stack_.push_back(canonical_path(file));
  ref_loc_ = ext->loc;
  NodePtr tree = resolve(*parent, out);
  if (tree) {
    owned_.insert(tree);
    tree->erase("id");
    tree->erase("abstract");
    tree->erase("errata");
    renames_only_ = true;
    apply_content(tree, own, file, out);
    renames_only_ = false;
  }
  stack_.pop_back();
  return tree;
}

}  // namespace qrsc::resolving

namespace qrsc {

namespace fs = std::filesystem;
using resolving::Resolver;

Resolution resolve_baseline(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search, SpecCache& cache) {
  Resolution out;
  Resolver r(diags, search, cache);
  out.tree = r.baseline(file, out);
  return out;
}

Resolution resolve_spec(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search, SpecCache& cache) {
  Resolution out;
  Resolver r(diags, search, cache);
  out.tree = r.resolve(file, out);
  // Only a scaled lineage (or a spec overriding scaled values) has scaled values to place.
  if (out.tree && (out.factor || !out.scaled.empty())) {
    // Every converted distance, in file order, with its place in the sheet: the ids of the list
    // entries it sits in and the column it is under ("movement_rates/infantry_line/open").
    std::map<std::tuple<const std::string*, int, int>, std::string> path_at;  // by the value's location
    const std::function<void(const Node&, const std::string&, const std::string&)> walk =
        [&](const Node& n, const std::string& key, const std::string& path) {
          if (n.is_scalar()) path_at.emplace(std::tuple{n.loc.file.get(), n.loc.line, n.loc.col}, path);
          if (!n.converted_from().empty()) {
            ScaledValue v;
            v.where = fmt::format("{} -> {}", n.converted_from(), n.scalar);
            v.provenance = {Provenance::Kind::converted, n.converted_from()};
            v.loc = n.loc;
            v.path = path;
            out.scaled.push_back(std::move(v));
          }
          for (const auto& i : n.items) {
            const NodePtr id = i->is_map() ? i->get("id") : nullptr;
            walk(*i, key, id && id->is_scalar() ? (path.empty() ? "" : path + "/") + id->scalar : path);
          }
          for (const auto& [k, v] : n.entries) {
            const bool column = key == "cells" || key == "bands";  // cells and bands are keyed by column
            walk(*v, k, column ? path + "/" + k : path);
          }
        };
    walk(*out.tree, "", "");
    // Overrides were recorded where the variant states them; name their place the same way.
    for (auto& v : out.scaled) {
      if (!v.path.empty()) continue;
      if (const auto it = path_at.find({v.loc.file.get(), v.loc.line, v.loc.col}); it != path_at.end())
        v.path = it->second;
    }
  }
  return out;
}

}  // namespace qrsc
