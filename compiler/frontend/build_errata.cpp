// Errata: numbered changes, what they cover and their checkable assertions.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "qrsc/frontend/builder.hpp"

namespace qrsc {

void Builder::erratum(const NodePtr& n) {
  Object o(n, "erratum", diags_, format::object_type("erratum"));
  if (!o.ok()) return;
  Erratum e;
  e.id = o.str("id");
  e.doc = o.str("doc");
  e.text = o.str("text");
  e.disputed = o.str("disputed");
  e.covers = o.strings("covers");
  e.supersedes = o.strings("supersedes");
  e.loc = o.loc();
  const std::string what = "assertion of erratum '" + e.id + "'";
  for (const auto& an : o.list("asserts")) {
    Object a(an, what, diags_, format::object_type("assertion"));
    if (!a.ok()) continue;
    Assertion as;
    as.loc = a.loc();
    as.table = a.str("table");
    as.row = a.str("row");
    as.column = a.str("column");
    as.item = a.str("item");
    as.disputed = a.str("disputed");
    // Exactly one kind: the format says so (format::OneOf), and the reader reports otherwise.
    for (std::size_t k = 0; k < Assertion::kKindNames.size(); ++k) {
      const char* key = Assertion::kKindNames[k];
      if (!a.has(key)) continue;
      as.kind = static_cast<Assertion::Kind>(k);
      as.expected = a.str(key);
    }
    if (as.kind == Assertion::Kind::renamed) {  // the format requires 'table' of every other kind
      as.from = as.expected;
      as.expected = a.str("to");
    }
    e.asserts.push_back(std::move(as));
  }
  spec_.errata.push_back(std::move(e));
}

}  // namespace qrsc
