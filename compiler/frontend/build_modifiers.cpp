// Modifier lists: signed values, factors, sheet columns, non-cumulative groups.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "qrs/share.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"

namespace qrsc {

void Builder::modifiers(Object& o, Table& t) {
  ModifierTable mt;
  mt.traits = traits(o);
  for (const auto& n : o.list("items")) {
    Object i(n, "modifier of " + o.what(), diags_, format::object_type("modifier"));
    if (!i.ok()) continue;
    ModifierItem item;
    item.id = identifier(i);
    item.old_ids = i.strings("old_ids");
    item.value = i.integer("value");
    item.factor = i.number("factor");
    item.text = text_of(i, "text");
    item.column = i.integer("column").value_or(1);
    item.at_most = i.integer("at_most").value_or(1);
    item.at_most_loc = i.loc_of("at_most");
    if (item.at_most > 1 && item.factor) {
      diags_.error(item.at_most_loc, "modifier '" + item.id +
                                         "': 'at_most' counts a die-roll modifier per occurrence; a "
                                         "factor ('factor') is not counted so");
    }
    item.source = source(i);
    item.loc = i.loc();
    item.value_loc = i.has("value") ? i.loc_of("value") : i.loc_of("factor");
    // The types it applies to, or not: checked against the vocabulary once every table is
    // built (build_type_conditions.cpp).
    item.only = i.strings("only");
    item.except = i.strings("except");
    item.types_loc = i.has("only") ? i.loc_of("only") : i.loc_of("except");
    for (const auto& [key, types] : {std::pair{"only", &item.only}, std::pair{"except", &item.except}}) {
      if (i.has(key) && types->empty())
        diags_.error(i.loc_of(key), fmt::format("modifier '{}': '{}' names no type", item.id, key));
    }
    item.shares = shares(i, item.id, mt.traits);
    item.shares_loc = i.loc_of("shares");
    if (!item.shares.empty() && item.factor) {
      diags_.error(item.shares_loc, "modifier '" + item.id +
                                        "': 'shares' decide a die-roll modifier from a procedure's total; a factor "
                                        "('factor') is a unit's own");
    }
    mt.items.push_back(std::move(item));
  }
  check_unique(mt.items, "modifier");
  // A path "list/id" (an erratum's `covers`, the editor's definition) names one entry.
  for (const Trait& trait : mt.traits) {
    if (std::any_of(mt.items.begin(), mt.items.end(), [&](const ModifierItem& m) { return m.id == trait.id; }))
      diags_.error(trait.loc, "trait '" + trait.id + "' has the id of a modifier of the list; give it another");
  }
  const auto decided =
      std::count_if(mt.items.begin(), mt.items.end(), [](const ModifierItem& m) { return !m.shares.empty(); });
  within_limit(static_cast<std::size_t>(decided), qrs::kMaxDecided, o.loc_of("items"),
               o.what() + ": modifiers with shares");
  within_limit(mt.items.size(), limits::kMaxRows, o.loc_of("items"), o.what() + ": modifiers");
  for (const auto& n : o.list("groups")) {
    Object g(n, "modifier group of " + o.what(), diags_, format::object_type("modifierGroup"));
    if (!g.ok()) continue;
    ModifierGroup group{
        identifier(g), g.str("title"), g.str("note"), g.strings("members"), g.boolean("exclusive", false), g.loc()};
    source(g);  // checked like any source note (the model keeps none for a group)
    const int index = static_cast<int>(mt.groups.size());
    std::vector<std::string> ids;
    for (const auto& it : mt.items) ids.push_back(it.id);
    for (const auto& m : group.members) {
      auto it = std::find_if(mt.items.begin(), mt.items.end(), [&](const ModifierItem& x) { return x.id == m; });
      if (it == mt.items.end()) {
        const std::string msg = with_suggestion("group '" + group.id + "' names unknown modifier '" + m + "'", m, ids);
        diags_.error(g.loc_of("members"), msg);
      } else if (it->at_most > 1) {
        diags_.error(g.loc_of("members"),
                     "modifier '" + m +
                         "' counts per occurrence ('at_most'), and a group's members "
                         "count once (only the largest of them): it cannot be a member of group '" +
                         group.id + "'");
      } else if (it->group >= 0) {
        diags_.error(g.loc_of("members"), "modifier '" + m + "' is already in group '" +
                                              mt.groups[static_cast<std::size_t>(it->group)].id + "'");
      } else {
        it->group = index;
      }
    }
    mt.groups.push_back(std::move(group));
  }
  check_unique(mt.groups, "group");
  t.body = std::move(mt);
}

}  // namespace qrsc
