// Ordered lists: sections of (nested) items.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"

namespace qrsc {

ListItem Builder::list_item(const NodePtr& n, const std::string& what) {
  ListItem item;
  if (n && n->is_scalar()) {  // a bare string is an item with only text
    item.text = text(n, what);
    item.loc = n->loc;
    return item;
  }
  Object o(n, what, diags_, format::object_type("listItem"));
  if (!o.ok()) return item;
  item.id = o.str("id");
  if (!item.id.empty() && !is_identifier(item.id))
    diags_.error(o.loc_of("id"), "'" + shown(item.id) + "' is not a valid id");
  item.label = o.str("label");
  item.text = text_of(o, "text");
  item.condition = text_of(o, "condition");
  item.loc = o.loc();
  source(o);  // checked like any source note (the model keeps none for an item)
  // A missing 'text' is the reader's error (the format requires it); an empty one is this one.
  if (const NodePtr tn = o.get("text"); item.text.empty() && tn && !tn->is_null()) {
    diags_.error(tn->loc, what + ": 'text' is empty");
  }
  for (const auto& c : o.list("items")) item.items.push_back(list_item(c, "item of " + what));
  return item;
}

void Builder::list(Object& o, Table& t) {
  ListTable lt;
  for (const auto& n : o.list("sections")) {
    Object s(n, "section of " + o.what(), diags_, format::object_type("section"));
    if (!s.ok()) continue;
    ListSection sec;
    sec.id = identifier(s);
    source(s);  // checked like any source note (the model keeps none for a section)
    sec.title = s.str("title");
    sec.numbered = s.boolean("numbered", false);
    sec.loc = s.loc();
    sec.items_loc = s.loc_of("items");
    if (const NodePtr tn = s.get("trigger")) sec.trigger = trigger(tn, "section '" + sec.id + "'");
    for (const auto& i : s.list("items")) sec.items.push_back(list_item(i, "item of section '" + sec.id + "'"));
    lt.sections.push_back(std::move(sec));
  }
  check_unique(lt.sections, "section");
  std::size_t items = 0;
  const auto count = [&](const auto& self, const std::vector<ListItem>& list) -> void {
    for (const auto& i : list) {
      ++items;
      self(self, i.items);
    }
  };
  for (const auto& sec : lt.sections) count(count, sec.items);
  within_limit(items, limits::kMaxRows, o.loc_of("sections"), o.what() + ": items");
  within_limit(lt.sections.size(), limits::kMaxRows, o.loc_of("sections"), o.what() + ": sections");
  t.body = std::move(lt);
}

}  // namespace qrsc
