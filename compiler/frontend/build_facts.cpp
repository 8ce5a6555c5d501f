// Facts: labelled values such as the game scale, distances typed.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"

namespace qrsc {

void Builder::facts(Object& o, Table& t) {
  FactsTable ft;
  for (const auto& n : o.list("items")) {
    Object f(n, "fact of " + o.what(), diags_, format::object_type("fact"));
    if (!f.ok()) continue;
    Fact fact;
    fact.id = identifier(f);
    source(f);  // checked like any source note (the model keeps none for a fact)
    fact.label = f.str("label");
    const std::string v = f.str("value");
    if (is_unknown_notation(v)) {
      fact.unknown = true;
      fact.value = kUnknownNotation;
    } else if (const auto d = parse_distance(v)) {
      fact.inches = d;
      fact.value = format_inches(*d);
    } else {
      if (looks_like_distance(v)) {
        diags_.warning(f.loc_of("value"), "value of fact '" + fact.id + "' ('" + v +
                                              "') reads like a distance but is not one (write e.g. 1in, 1 inch, 1\" or "
                                              "1 1/2\"); it stays text and is not converted with the scale");
      }
      fact.value = text(f.get("value"), "value of fact '" + fact.id + "'").render();
    }
    fact.text = text_of(f, "text");
    fact.loc = f.loc();
    ft.items.push_back(std::move(fact));
  }
  check_unique(ft.items, "fact");
  within_limit(ft.items.size(), limits::kMaxRows, o.loc_of("items"), o.what() + ": facts");
  t.body = std::move(ft);
}

}  // namespace qrsc
