// A variant's patch over its parent: maps key by key, lists of objects by id.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>
#include <stdexcept>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/described_walk.hpp"
#include "qrsc/frontend/resolver.hpp"
#include "qrsc/frontend/schema.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/model/words.hpp"

namespace qrsc::resolving {

NodePtr& Resolver::owned(NodePtr& slot) {
  if (!owned_.count(slot)) {
    slot = std::make_shared<Node>(*slot);
    owned_.insert(slot);
  }
  return slot;
}

NodePtr& Resolver::owned_entry(Node& map, const std::string& key) {
  for (auto& [k, v] : map.entries) {
    if (k == key) return owned(v);
  }
  throw std::logic_error("owned_entry: no key '" + key + "'");  // callers found the key first
}

void Resolver::merge_map(Node& base, const Node& patch, const format::Place& place, const std::string& inherited_reason,
                         Resolution& out) {
  std::string reason = inherited_reason;
  if (const NodePtr o = patch.get("override"); o && o->is_scalar()) reason = o->scalar;
  for (std::size_t i = 0; i < patch.entries.size(); ++i) {
    const auto& [key, pv] = patch.entries[i];
    const NodePtr bv = base.get(key);
    // A key the format does not have is merged as a plain value; the reader reports it.
    const format::Key* described = place.key(key);
    const std::uint8_t flags = described ? described->flags : 0;
    if ((flags & format::kAddsUp) && bv && bv->is_seq() && pv->is_seq()) {  // applied specs' errata add up
      auto& items = owned_entry(base, key)->items;
      items.append(pv->items.begin(), pv->items.end());
      continue;
    }
    // Errors the merged map causes (a key the parent needed is gone, keys that no longer fit
    // a changed kind) are the patch's doing: the builder reports them there.
    if (bv && patch.loc.file) base.set_patched_at(patch.loc);
    if (pv->is_null()) {  // `key: ~` removes what the parent had (e.g. `band` when a row gains columns)
      base.erase(key);
      continue;
    }
    if (!bv) {
      base.set(key, pv, patch.key_locs[i]);
      continue;
    }
    if (described && described->type == format::Type::cells && bv->is_map() && pv->is_map()) {
      Node& cells = *owned_entry(base, key);
      for (const auto& [col, cv] : pv->entries) {
        const NodePtr old = cells.get(col);
        if (cv->is_null()) {
          cells.erase(col);
          continue;
        }
        std::string cell_reason = reason;
        if (cv->is_map()) {
          if (const NodePtr o = cv->get("override"); o && o->is_scalar()) cell_reason = o->scalar;
        }
        if (old) replaced(*old, cv->is_map() && cv->get("value") ? *cv->get("value") : *cv, cell_reason, out);
        cells.set(col, cv);
      }
      continue;
    }
    // Lists whose entries all have ids merge by id; any other list is replaced whole.
    const auto all_have_ids = [](const Node& list) {
      return std::all_of(list.items.begin(), list.items.end(),
                         [](const NodePtr& n) { return n->is_map() && n->get("id"); });
    };
    if (bv->is_seq() && pv->is_seq() && (flags & format::kMergesById) && !pv->items.empty() && all_have_ids(*pv) &&
        all_have_ids(*bv)) {
      merge_list(*owned_entry(base, key), *pv, *described, reason, out);
      continue;
    }
    if (bv->is_map() && pv->is_map()) {
      merge_map(*owned_entry(base, key), *pv, described ? format::Place::held_by(*described) : format::Place{}, reason,
                out);
      continue;
    }
    if (bv->is_scalar()) replaced(*bv, *pv, reason, out);
    base.set(key, pv, patch.key_locs[i]);
  }
}

namespace {

// What one entry of the list is called ("row").
std::string entry_name(const format::Key& key) {
  const format::Place entries = format::Place::held_by(key);
  return entries.object ? std::string(entries.object->word) : "entry";
}

std::vector<std::string> ids_in(const Node& list) {
  std::vector<std::string> ids;
  for (const auto& b : list.items) ids.push_back(id_of(*b));
  return ids;
}

bool is_true(const NodePtr& n) { return n && n->is_scalar() && n->scalar == "true"; }

}  // namespace

std::string Resolver::merging_where() const {
  std::string out;
  for (auto it = merging_.rbegin(); it != merging_.rend(); ++it) {
    out += (out.empty() ? "in " : " of ") + it->what + " '" + it->id + "'";
  }
  if (!patched_.empty()) out += (out.empty() ? "in " : " of ") + patched_;
  return out.empty() ? "in the parent" : out;
}

bool Resolver::may_add(const Node& base, const Node& item, const format::Key& key) {
  if (!(key.flags & format::kDeclaredAdditions) || is_true(item.get("add")) || item.get("after")) return true;
  const std::string id = id_of(item);
  diags_->error(item.loc,
                with_suggestion(fmt::format("no {} '{}' {}", entry_name(key), id, merging_where()), id, ids_in(base)) +
                    " (a new " + entry_name(key) + " says so with 'add: true')");
  if (!merging_.empty()) {
    diags_->note(merging_.back().loc, fmt::format("{} '{}' is here", merging_.back().what, merging_.back().id));
  } else {
    diags_->note(base.loc, "the parent's '" + std::string(key.name) + "' are here");
  }
  return false;
}

void Resolver::merge_list(Node& base, const Node& patch, const format::Key& key, const std::string& reason,
                          Resolution& out) {
  const format::Place entries = format::Place::held_by(key);
  for (const auto& item : patch.items) {
    const std::string id = id_of(*item);
    auto it = std::find_if(base.items.begin(), base.items.end(), [&](const NodePtr& b) { return id_of(*b) == id; });
    if (is_true(item->get("remove"))) {
      if (it == base.items.end()) {
        diags_->error(item->loc, with_suggestion(fmt::format("cannot remove {} '{}': there is none {}", entry_name(key),
                                                             id, merging_where()),
                                                 id, ids_in(base)));
      } else {
        base.items.erase(it);
        // Its path, as a change names it (table/row): the entries being merged, then its id.
        std::string path;
        for (const auto& m : merging_) path += m.id + "/";
        out.removals[path + id] = item->loc;
      }
      continue;
    }
    if (it == base.items.end() && !id.empty()) {
      // An id that followed a rename: patches name the entry by its new id.
      const auto renamed = std::find_if(base.items.begin(), base.items.end(), [&](const NodePtr& b) {
        const NodePtr olds = b->get("old_ids");
        return olds && olds->is_seq() &&
               std::any_of(olds->items.begin(), olds->items.end(), [&](const NodePtr& o) { return o->scalar == id; });
      });
      if (renamed != base.items.end()) {
        diags_->error(item->loc,
                      "'" + id + "' was renamed '" + id_of(**renamed) + "' (it follows a rename); use the new id");
        continue;
      }
    }
    if (it != base.items.end()) {
      if (const NodePtr add = item->get("add")) {
        diags_->error(add->loc, fmt::format("{} '{}' is already {}: without 'add' the entry patches it",
                                            entry_name(key), id, merging_where()));
        diags_->note((*it)->loc, fmt::format("{} '{}' is here", entry_name(key), id));
        continue;
      }
      Node copy = *item;
      copy.erase("after");
      merging_.push_back({entry_name(key), id, (*it)->loc});
      if (entries.is("table")) {
        merge_table(*it, item, copy, reason, out);
      } else {
        merge_map(*owned(*it), copy, entries, reason, out);
      }
      merging_.pop_back();
      continue;
    }
    if (!may_add(base, *item, key)) continue;
    if (entries.is("table") && !item->get("kind")) {
      const std::string msg =
          with_suggestion("the parent has no table '" + id + "' to patch (a new table needs 'kind')", id, ids_in(base));
      diags_->error(item->loc, msg);
      continue;
    }
    const NodePtr after = item->get("after");
    NodePtr fresh = item;
    std::size_t at = base.items.size();
    if (after) {
      auto pos = std::find_if(base.items.begin(), base.items.end(),
                              [&](const NodePtr& b) { return id_of(*b) == after->scalar; });
      if (pos == base.items.end()) {
        diags_->error(after->loc, "'after: " + after->scalar + "' names no entry of '" + std::string(key.name) + "'");
      } else {
        at = static_cast<std::size_t>(pos - base.items.begin()) + 1;
      }
      owned(fresh)->erase("after");
    }
    if (fresh->get("add")) owned(fresh)->erase("add");
    base.items.insert(base.items.begin() + static_cast<std::ptrdiff_t>(at), fresh);
  }
}

void Resolver::merge_table(NodePtr& slot, const NodePtr& patch_node, const Node& patch, const std::string& reason,
                           Resolution& out) {
  // What a patch does to a table reads the table and the patch. Where it is merged only names
  // it in diagnostics, and the reason it inherits only goes into the overrides of converted
  // distances: a merge that reports, overrides a converted distance or removes an entry (whose
  // place the resolution records) is not kept.
  const std::string transformation = "merge";
  if (NodePtr made = cache_.derived().find(slot, transformation, patch_node)) {
    slot = std::move(made);  // shared, so not this resolution's to change: owned() copies it first
    return;
  }
  const NodePtr from = slot;
  NodePtr made = std::make_shared<Node>(*from);
  Diagnostics reported;
  Diagnostics* const outer = diags_;
  diags_ = &reported;
  const std::size_t scaled = out.scaled.size(), removals = out.removals.size();
  {
    const OwnedFrame frame(owned_);
    owned_.insert(made);
    merge_map(*made, patch, table_place(*made), reason, out);
  }
  diags_ = outer;
  diags_->append(reported);
  if (reported.all().empty() && out.scaled.size() == scaled && out.removals.size() == removals)
    cache_.derived().keep(from, transformation, made, patch_node);
  slot = std::move(made);
}

}  // namespace qrsc::resolving
