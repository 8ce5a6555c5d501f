#include "build_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "schema.hpp"

namespace qrsc {

namespace {

constexpr auto kTableKinds = {"bands", "modifiers", "matrix", "list", "facts"};

class Builder {
 public:
  explicit Builder(Diagnostics& diags) : diags_(diags) {}

  std::optional<Spec> build(const NodePtr& root, const std::string& path);

 private:
  RichText text(const NodePtr& n, const std::string& what);
  RichText text_of(Object& o, const char* key);
  std::optional<SourceNote> source(Object& o);
  std::string identifier(Object& o, const char* key = "id");
  template <class T>
  void check_unique(const std::vector<T>& items, const std::string& what);

  void vocabulary(const NodePtr& n);
  std::vector<Column> columns(Object& o, std::string& vocabulary_id, bool required);
  void table(const NodePtr& n);
  void bands(Object& o, Table& t);
  std::vector<BandCell> band_cells(Object& o, const BandTable& bt, const std::string& what);
  void check_coverage(const Table& t, const BandTable& bt);
  void modifiers(Object& o, Table& t);
  void matrix(Object& o, Table& t);
  void list(Object& o, Table& t);
  ListItem list_item(const NodePtr& n, const std::string& what);
  void facts(Object& o, Table& t);
  void erratum(const NodePtr& n);

  Diagnostics& diags_;
  Spec spec_;
};

RichText Builder::text(const NodePtr& n, const std::string& what) {
  RichText t;
  if (!n || n->is_null()) return t;
  if (!n->is_scalar()) {
    diags_.error(n->loc, what + " must be text");
    return t;
  }
  TextParse p = parse_text(n->scalar);
  if (!p.error.empty()) diags_.error(n->loc, what + ": " + p.error);
  for (const auto& w : p.warnings) diags_.warning(n->loc, what + ": " + w);
  t.segments = std::move(p.segments);
  t.loc = n->loc;
  return t;
}

RichText Builder::text_of(Object& o, const char* key) {
  return text(o.get(key), "'" + std::string(key) + "' of " + o.what());
}

std::optional<SourceNote> Builder::source(Object& o) {
  const NodePtr n = o.get("source");
  if (!n) return std::nullopt;
  Object s(n, "source note of " + o.what(), diags_, {"doc", "note"});
  SourceNote note{s.str("doc", true), s.str("note"), n->loc};
  if (!note.doc.empty()) {
    const bool known = std::any_of(spec_.sources.begin(), spec_.sources.end(),
                                   [&](const SourceDoc& d) { return d.id == note.doc || d.file == note.doc; });
    if (!known && !spec_.sources.empty()) {
      std::vector<std::string> names;
      for (const auto& d : spec_.sources) {
        names.push_back(d.id);
        names.push_back(d.file);
      }
      const std::string msg = with_suggestion("source note names unknown document '" + note.doc + "'", note.doc, names);
      diags_.error(s.loc_of("doc"), msg);
    }
  }
  return note;
}

std::string Builder::identifier(Object& o, const char* key) {
  const std::string id = o.str(key, true);
  if (!id.empty() && !is_identifier(id)) {
    diags_.error(o.loc_of(key), "'" + id + "' is not a valid id (use lower-case letters, digits and _)");
  }
  return id;
}

template <class T>
void Builder::check_unique(const std::vector<T>& items, const std::string& what) {
  std::map<std::string, Loc> seen;
  for (const auto& i : items) {
    if (i.id.empty()) continue;
    const auto [it, fresh] = seen.emplace(i.id, i.loc);
    if (!fresh) {
      diags_.error(i.loc, "duplicate " + what + " id '" + i.id + "'");
      diags_.note(it->second, "first defined here");
    }
  }
}

std::optional<Spec> Builder::build(const NodePtr& root, const std::string& path) {
  spec_.path = path;
  Object o(root, "the spec", diags_,
           {"qrs", "id", "system", "title", "subtitle", "period", "edition", "scale", "sources", "vocabularies",
            "tables", "notes", "abstract", "extends", "apply", "renames", "source", "errata"});
  if (!o.ok()) return std::nullopt;
  if (const auto v = o.integer("qrs"); !v) {
    if (!o.has("qrs")) diags_.error(o.loc(), "the spec needs 'qrs: 1' (the format version)");
  } else if (*v != 1) {
    diags_.error(o.loc_of("qrs"), fmt::format("unsupported format version {}; this qrsc reads version 1", *v));
  }
  spec_.id = o.str("id");
  spec_.system = identifier(o, "system");
  spec_.title = o.str("title", true);
  spec_.subtitle = o.str("subtitle");
  spec_.period = o.str("period");
  spec_.edition = o.str("edition");
  spec_.abstract = o.boolean("abstract", false);
  if (const NodePtr sc = o.get("scale")) {
    Object s(sc, "scale", diags_, {"figures", "convert", "notes"});
    spec_.figures = s.str("figures");
  }
  for (const auto& n : o.list("sources")) {
    Object s(n, "source document", diags_, {"id", "file", "title"});
    spec_.sources.push_back({s.str("id", true), s.str("file", true), s.str("title")});
  }
  for (const auto& n : o.list("vocabularies")) vocabulary(n);
  check_unique(spec_.vocabularies, "vocabulary");
  for (const auto& n : o.list("tables")) table(n);
  check_unique(spec_.tables, "table");
  for (const auto& n : o.list("errata")) erratum(n);
  check_unique(spec_.errata, "erratum");
  return std::move(spec_);
}

void Builder::vocabulary(const NodePtr& n) {
  Object o(n, "vocabulary", diags_, {"id", "title", "terms", "source", "notes"});
  if (!o.ok()) return;
  Vocabulary v;
  v.id = identifier(o);
  v.title = o.str("title");
  v.loc = o.loc();
  for (const auto& tn : o.list("terms", true)) {
    Object t(tn, "term of vocabulary '" + v.id + "'", diags_, {"id", "name", "old_id", "old_name", "source", "notes"});
    if (!t.ok()) continue;
    Term term{identifier(t), t.str("name", true), t.str("old_id"), t.str("old_name"), t.loc()};
    v.terms.push_back(std::move(term));
  }
  check_unique(v.terms, "term");
  spec_.vocabularies.push_back(std::move(v));
}

std::vector<Column> Builder::columns(Object& o, std::string& vocabulary_id, bool required) {
  std::vector<Column> cols;
  const NodePtr n = o.get("columns");
  if (!n) {
    if (required) diags_.error(o.loc(), o.what() + " needs 'columns'");
    return cols;
  }
  if (n->is_scalar()) {
    vocabulary_id = n->scalar;
    const Vocabulary* v = spec_.vocabulary(n->scalar);
    if (!v) {
      std::vector<std::string> names;
      for (const auto& voc : spec_.vocabularies) names.push_back(voc.id);
      const std::string msg = with_suggestion("columns of " + o.what() + " name unknown vocabulary '" + n->scalar + "'", n->scalar, names);
      diags_.error(n->loc, msg);
      return cols;
    }
    for (const auto& t : v->terms) cols.push_back({t.id, t.name, std::nullopt, t.loc});
    return cols;
  }
  for (const auto& cn : o.list("columns")) {
    Object c(cn, "column of " + o.what(), diags_, {"id", "name", "range", "source", "notes", "override"});
    if (!c.ok()) continue;
    Column col{identifier(c), c.str("name"), c.distance("range"), c.loc()};
    if (col.name.empty()) col.name = col.range ? format_inches(*col.range) : col.id;
    cols.push_back(std::move(col));
  }
  check_unique(cols, "column");
  if (cols.empty()) diags_.error(n->loc, o.what() + " has no columns");
  return cols;
}

void Builder::table(const NodePtr& n) {
  if (!n || !n->is_map()) {
    diags_.error(n ? n->loc : Loc{}, "a table must be a map of keys");
    return;
  }
  const NodePtr kind_node = n->get("kind");
  const NodePtr id_node = n->get("id");
  const std::string id = id_node && id_node->is_scalar() ? id_node->scalar : "";
  const std::string what = "table '" + id + "'";
  if (!kind_node || !kind_node->is_scalar()) {
    diags_.error(n->loc, what + " needs 'kind' (one of bands, modifiers, matrix, list, facts)");
    return;
  }
  static const std::map<std::string, std::pair<TableKind, std::vector<const char*>>> kKinds = {
      {"bands", {TableKind::bands, {"key", "columns", "rows"}}},
      {"modifiers", {TableKind::modifiers, {"items", "groups"}}},
      {"matrix", {TableKind::matrix, {"cell", "columns", "column_groups", "rows"}}},
      {"list", {TableKind::list, {"sections"}}},
      {"facts", {TableKind::facts, {"items"}}},
  };
  const auto k = kKinds.find(kind_node->scalar);
  if (k == kKinds.end()) {
    const std::string msg = with_suggestion("unknown table kind '" + kind_node->scalar + "'", kind_node->scalar, {kTableKinds.begin(), kTableKinds.end()});
    diags_.error(kind_node->loc, msg);
    return;
  }
  std::vector<const char*> allowed = {"id", "kind", "title", "caption", "notes", "source", "override", "order",
                                      "order_exceptions"};
  allowed.insert(allowed.end(), k->second.second.begin(), k->second.second.end());
  Object o(n, what + " (kind " + kind_node->scalar + ")", diags_, allowed);
  Table t;
  t.id = identifier(o);
  t.kind = k->second.first;
  t.title = o.str("title", true);
  t.caption = o.str("caption");
  t.notes = o.str("notes");
  t.source = source(o);
  t.loc = o.loc();
  t.order = o.str("order");
  if (!t.order.empty() && t.order != (t.kind == TableKind::bands ? "columns" : "decreasing")) {
    diags_.error(o.loc_of("order"), t.kind == TableKind::bands || t.kind == TableKind::matrix
                                        ? std::string("order of a ") + table_kind_name(t.kind) + " table must be '" +
                                              (t.kind == TableKind::bands ? "columns" : "decreasing") + "'"
                                        : std::string("only band tables and matrices have an order"));
  }
  for (const auto& en : o.list("order_exceptions")) {
    Object e(en, "order exception of " + what, diags_, {"row", "column", "reason"});
    OrderException ex{e.str("row", true), e.str("column"), e.str("reason", true), e.loc()};
    t.order_exceptions.push_back(std::move(ex));
  }
  switch (t.kind) {
    case TableKind::bands: bands(o, t); break;
    case TableKind::modifiers: modifiers(o, t); break;
    case TableKind::matrix: matrix(o, t); break;
    case TableKind::list: list(o, t); break;
    case TableKind::facts: facts(o, t); break;
  }
  spec_.tables.push_back(std::move(t));
}

std::vector<BandCell> Builder::band_cells(Object& o, const BandTable& bt, const std::string& what) {
  std::vector<BandCell> cells(bt.columns.size());
  for (auto& c : cells) c.band = qrs::band_none();
  const auto read = [&](const NodePtr& n, BandCell& cell) {
    if (!n->is_scalar()) {
      diags_.error(n->loc, "band of " + what + " must be written like '8 or more', '3 - 7' or '1, 2'");
      return;
    }
    const BandParse p = parse_band(n->scalar, bt.key_type);
    if (!p.error.empty()) diags_.error(n->loc, what + ": " + p.error);
    cell = {p.band, n->scalar, n->loc};
  };
  const NodePtr one = o.get("band");
  const NodePtr many = o.get("bands");
  if (bt.single_column()) {
    if (many) diags_.error(many->loc, what + ": this table has one column; write 'band:', not 'bands:'");
    if (one) read(one, cells[0]);
    return cells;
  }
  if (one) diags_.error(one->loc, what + ": this table has columns; write 'bands: { column: band, ... }'");
  if (!many) return cells;
  if (!many->is_map()) {
    diags_.error(many->loc, what + ": 'bands' must map each column id to a band");
    return cells;
  }
  std::vector<std::string> ids;
  for (const auto& c : bt.columns) ids.push_back(c.id);
  for (std::size_t i = 0; i < many->entries.size(); ++i) {
    const auto& [col, n] = many->entries[i];
    const auto it = std::find(ids.begin(), ids.end(), col);
    if (it == ids.end()) {
      const std::string msg = with_suggestion(what + " names unknown column '" + col + "'", col, ids);
      diags_.error(many->key_locs[i], msg);
      continue;
    }
    read(n, cells[static_cast<std::size_t>(it - ids.begin())]);
  }
  return cells;
}

void Builder::bands(Object& o, Table& t) {
  BandTable bt;
  if (const NodePtr kn = o.get("key")) {
    Object k(kn, "key of " + o.what(), diags_, {"name", "type", "min", "max"});
    bt.key_name = k.str("name");
    const std::string type = k.str("type");
    if (type == "fraction") {
      bt.key_type = KeyType::fraction;
    } else if (!type.empty() && type != "integer") {
      diags_.error(k.loc_of("type"), "key type must be 'integer' (die results) or 'fraction' (fire points)");
    }
    bt.min = k.number("min");
    bt.max = k.number("max");
  } else {
    diags_.error(o.loc(), o.what() + " needs 'key' (e.g. { name: Die result, type: integer })");
  }
  bt.columns = columns(o, bt.columns_vocabulary, false);
  if (bt.columns.empty()) bt.columns.push_back({"", "", std::nullopt, o.loc()});
  for (const auto& rn : o.list("rows", true)) {
    Object r(rn, "row of " + o.what(), diags_,
             {"id", "title", "text", "label", "number", "band", "bands", "parts", "source", "notes", "override"});
    if (!r.ok()) continue;
    BandRow row;
    row.id = identifier(r);
    const std::string what = "row '" + row.id + "' of " + o.what();
    row.title = r.str("title", true);
    row.label = r.str("label");
    for (const auto& p : r.strings("text")) {
      NodePtr tn = std::make_shared<Node>();
      tn->kind = Node::Kind::scalar;
      tn->scalar = p;
      tn->loc = r.loc_of("text");
      row.paragraphs.push_back(text(tn, "text of " + what));
    }
    row.number = r.integer("number");
    row.source = source(r);
    row.loc = r.loc();
    row.bands = band_cells(r, bt, what);
    for (const auto& pn : r.list("parts")) {
      Object po(pn, "part of " + what, diags_, {"id", "text", "band", "bands", "source", "notes"});
      if (!po.ok()) continue;
      BandPart part;
      part.id = identifier(po);
      part.text = text_of(po, "text");
      part.loc = po.loc();
      part.bands = band_cells(po, bt, "part '" + part.id + "' of " + what);
      row.parts.push_back(std::move(part));
    }
    check_unique(row.parts, "part");
    if (!row.parts.empty()) {
      if (r.has("band") || r.has("bands")) {
        diags_.error(r.loc(), what + " has parts; its bands are the union of the parts' bands, so give bands only there");
      }
      // The row's band in each column is the union of its parts' bands.
      for (std::size_t c = 0; c < bt.columns.size(); ++c) {
        std::vector<qrs::Band> present;
        for (const auto& p : row.parts) {
          if (p.bands[c].band.present) present.push_back(p.bands[c].band);
        }
        std::sort(present.begin(), present.end(), qrs::starts_before);
        qrs::Band u = qrs::band_none();
        bool contiguous = true;
        for (const auto& b : present) {
          if (!u.present) {
            u = b;
          } else if (u.has_hi && b.has_lo && u.hi == b.lo) {
            u.has_hi = b.has_hi;
            u.hi = b.hi;
          } else {
            contiguous = false;
          }
        }
        if (!contiguous) {
          diags_.error(row.loc, what + ": the parts' bands in column '" + bt.columns[c].id + "' are not contiguous");
        }
        row.bands[c] = {u, format_band(u, bt.key_type), row.loc};
      }
    } else if (!r.has("band") && !r.has("bands")) {
      diags_.error(r.loc(), what + " needs 'band' (or 'bands' per column, or 'parts')");
    }
    bt.rows.push_back(std::move(row));
  }
  check_unique(bt.rows, "row");
  // "at least N" bands end where the next row (by start) begins.
  if (bt.key_type == KeyType::fraction) {
    for (std::size_t c = 0; c < bt.columns.size(); ++c) {
      for (auto& row : bt.rows) {
        auto& b = row.bands[c].band;
        if (!b.present || b.has_hi || !b.has_lo) continue;
        std::optional<Fraction> next;
        for (const auto& other : bt.rows) {
          const auto& ob = other.bands[c].band;
          if (ob.present && ob.has_lo && ob.lo > b.lo && (!next || ob.lo < *next)) next = ob.lo;
        }
        if (next) {
          b.has_hi = true;
          b.hi = *next;
        }
      }
    }
  }
  check_coverage(t, bt);
  t.body = std::move(bt);
}

void Builder::check_coverage(const Table& t, const BandTable& bt) {
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    const std::string col = bt.single_column() ? "" : " in column '" + bt.columns[c].id + "'";
    struct Edge {
      const BandRow* row;
      qrs::Band band;
    };
    std::vector<Edge> edges;
    for (const auto& row : bt.rows) {
      if (row.bands[c].band.present) edges.push_back({&row, row.bands[c].band});
    }
    std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) { return qrs::starts_before(a.band, b.band); });
    const auto fmt_key = [&](Fraction f) { return format_number(f); };
    if (edges.empty()) {
      diags_.error(t.loc, "table '" + t.id + "' has no bands" + col);
      continue;
    }
    const auto& first = edges.front().band;
    if (first.has_lo && (!bt.min || first.lo > *bt.min)) {
      diags_.error(edges.front().row->bands[c].loc,
                   "table '" + t.id + "'" + col + ": no band covers results below " + fmt_key(first.lo) +
                       (bt.min ? " (the key starts at " + fmt_key(*bt.min) + ")"
                               : "; make the lowest band open-ended ('N or less') or set key.min"));
    }
    for (std::size_t i = 0; i + 1 < edges.size(); ++i) {
      const auto& a = edges[i];
      const auto& b = edges[i + 1];
      const Loc& at = b.row->bands[c].loc;
      if (!a.band.has_hi || (b.band.has_lo && b.band.lo < a.band.hi)) {
        const Fraction from = b.band.has_lo ? b.band.lo : Fraction(0);
        diags_.error(at, "table '" + t.id + "'" + col + ": band of row '" + b.row->id + "' overlaps row '" +
                             a.row->id + "' at " + fmt_key(from));
      } else if (b.band.has_lo && b.band.lo > a.band.hi) {
        const std::string gap = bt.key_type == KeyType::integer && b.band.lo - a.band.hi == Fraction(1)
                                    ? fmt_key(a.band.hi)
                                    : fmt_key(a.band.hi) + " to " +
                                          fmt_key(bt.key_type == KeyType::integer ? b.band.lo - Fraction(1) : b.band.lo);
        diags_.error(at, "table '" + t.id + "'" + col + ": no band covers " + gap + " (between rows '" + a.row->id +
                             "' and '" + b.row->id + "')");
      }
    }
    const auto& last = edges.back().band;
    const Fraction top = bt.key_type == KeyType::integer ? last.hi - Fraction(1) : last.hi;
    if (last.has_hi && (!bt.max || last.hi <= *bt.max)) {
      diags_.error(edges.back().row->bands[c].loc,
                   "table '" + t.id + "'" + col + ": no band covers results above " + fmt_key(top) +
                       (bt.max ? " (the key goes up to " + fmt_key(*bt.max) + ")"
                               : "; make the highest band open-ended ('N or more') or set key.max"));
    }
    if (bt.key_type == KeyType::integer) {
      for (const auto& e : edges) {
        if ((e.band.has_lo && !e.band.lo.is_integer()) || (e.band.has_hi && !e.band.hi.is_integer())) {
          diags_.error(e.row->bands[c].loc, "die-result bands must have whole-number edges");
        }
      }
    }
  }
}

void Builder::modifiers(Object& o, Table& t) {
  ModifierTable mt;
  for (const auto& n : o.list("items", true)) {
    Object i(n, "modifier of " + o.what(), diags_, {"id", "value", "factor", "text", "column", "source", "notes"});
    if (!i.ok()) continue;
    ModifierItem item;
    item.id = identifier(i);
    item.value = i.integer("value");
    item.factor = i.number("factor");
    item.text = text_of(i, "text");
    item.column = i.integer("column").value_or(1);
    item.source = source(i);
    item.loc = i.loc();
    item.value_loc = i.has("value") ? i.loc_of("value") : i.loc_of("factor");
    if (item.value.has_value() == item.factor.has_value()) {
      diags_.error(i.loc(), "modifier '" + item.id + "' needs exactly one of 'value' (+1) or 'factor' (1/2)");
    }
    if (item.column < 1 || item.column > 3) diags_.error(i.loc_of("column"), "column must be 1, 2 or 3");
    mt.items.push_back(std::move(item));
  }
  check_unique(mt.items, "modifier");
  for (const auto& n : o.list("groups")) {
    Object g(n, "modifier group of " + o.what(), diags_, {"id", "title", "members", "note", "source", "notes"});
    if (!g.ok()) continue;
    ModifierGroup group{identifier(g), g.str("title"), g.str("note"), g.strings("members"), g.loc()};
    const int index = static_cast<int>(mt.groups.size());
    std::vector<std::string> ids;
    for (const auto& it : mt.items) ids.push_back(it.id);
    for (const auto& m : group.members) {
      auto it = std::find_if(mt.items.begin(), mt.items.end(), [&](const ModifierItem& x) { return x.id == m; });
      if (it == mt.items.end()) {
        const std::string msg = with_suggestion("group '" + group.id + "' names unknown modifier '" + m + "'", m, ids);
        diags_.error(g.loc_of("members"), msg);
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

void Builder::matrix(Object& o, Table& t) {
  Matrix m;
  const std::string cell = o.str("cell", true);
  if (!cell.empty()) {
    if (const auto ct = cell_type_from(cell)) {
      m.cell = *ct;
    } else {
      diags_.error(o.loc_of("cell"), with_suggestion("unknown cell type '" + cell + "'", cell,
                                                     {"text", "integer", "fire_points", "rate", "dice", "levels"}));
    }
  }
  m.columns = columns(o, m.columns_vocabulary, true);
  std::vector<std::string> ids;
  for (const auto& c : m.columns) ids.push_back(c.id);
  for (const auto& n : o.list("column_groups")) {
    Object g(n, "column group of " + o.what(), diags_, {"name", "columns"});
    ColumnGroup group{g.str("name", true), g.strings("columns")};
    for (const auto& c : group.columns) {
      if (std::find(ids.begin(), ids.end(), c) == ids.end()) {
        diags_.error(g.loc_of("columns"), "column group names unknown column '" + c + "'");
      }
    }
    m.column_groups.push_back(std::move(group));
  }
  for (const auto& rn : o.list("rows", true)) {
    Object r(rn, "row of " + o.what(), diags_, {"id", "name", "group", "cells", "source", "notes", "override"});
    if (!r.ok()) continue;
    MatrixRow row;
    row.id = identifier(r);
    row.name = r.str("name");
    if (row.name.empty()) row.name = row.id;
    row.group = r.str("group");
    row.source = source(r);
    row.loc = r.loc();
    row.cells.resize(m.columns.size());
    const std::string what = "row '" + row.id + "' of " + o.what();
    const auto read = [&](const NodePtr& n, MatrixCell& c) {
      c.loc = n->loc;
      NodePtr value = n;
      if (n->is_map()) {  // { value: ..., override: reason }
        Object v(n, "cell of " + what, diags_, {"value", "override", "source", "notes"});
        value = v.get("value");
        if (!value) {
          diags_.error(n->loc, "cell of " + what + " needs 'value'");
          return;
        }
      }
      if (value->is_null() || (value->is_scalar() && value->scalar.empty())) return;
      if (!value->is_scalar()) {
        diags_.error(value->loc, "cell of " + what + " must be a single value");
        return;
      }
      const RichText rt = text(value, "cell of " + what);
      c.present = true;
      c.notation = rt.render();
      c.value = parse_cell(c.notation, m.cell);
      if (!c.value.error.empty()) {
        diags_.error(value->loc, "cell '" + value->scalar + "' of " + what + ": " + c.value.error);
      }
    };
    if (const NodePtr cells = r.get("cells")) {
      if (cells->is_seq()) {
        if (cells->items.size() > m.columns.size()) {
          diags_.error(cells->loc, fmt::format("{} has {} cells but the table has {} columns", what,
                                               cells->items.size(), m.columns.size()));
        }
        for (std::size_t i = 0; i < cells->items.size() && i < m.columns.size(); ++i) read(cells->items[i], row.cells[i]);
      } else if (cells->is_map()) {
        for (std::size_t i = 0; i < cells->entries.size(); ++i) {
          const auto& [col, n] = cells->entries[i];
          const auto it = std::find(ids.begin(), ids.end(), col);
          if (it == ids.end()) {
            const std::string msg = with_suggestion(what + " names unknown column '" + col + "'", col, ids);
            diags_.error(cells->key_locs[i], msg);
            continue;
          }
          read(n, row.cells[static_cast<std::size_t>(it - ids.begin())]);
        }
      } else {
        diags_.error(cells->loc, "'cells' of " + what + " must map column ids to cells, or list them in column order");
      }
    }
    m.rows.push_back(std::move(row));
  }
  check_unique(m.rows, "row");
  t.body = std::move(m);
}

ListItem Builder::list_item(const NodePtr& n, const std::string& what) {
  ListItem item;
  if (n && n->is_scalar()) {  // a bare string is an item with only text
    item.text = text(n, what);
    item.loc = n->loc;
    return item;
  }
  Object o(n, what, diags_, {"id", "label", "text", "condition", "items", "source", "notes"});
  if (!o.ok()) return item;
  item.id = o.str("id");
  if (!item.id.empty() && !is_identifier(item.id)) diags_.error(o.loc_of("id"), "'" + item.id + "' is not a valid id");
  item.label = o.str("label");
  item.text = text_of(o, "text");
  item.condition = text_of(o, "condition");
  item.loc = o.loc();
  if (item.text.empty()) diags_.error(o.loc(), what + " needs 'text'");
  for (const auto& c : o.list("items")) item.items.push_back(list_item(c, "item of " + what));
  return item;
}

void Builder::list(Object& o, Table& t) {
  ListTable lt;
  for (const auto& n : o.list("sections", true)) {
    Object s(n, "section of " + o.what(), diags_, {"id", "title", "numbered", "items", "source", "notes"});
    if (!s.ok()) continue;
    ListSection sec;
    sec.id = identifier(s);
    sec.title = s.str("title");
    sec.numbered = s.boolean("numbered", false);
    sec.loc = s.loc();
    for (const auto& i : s.list("items", true)) sec.items.push_back(list_item(i, "item of section '" + sec.id + "'"));
    lt.sections.push_back(std::move(sec));
  }
  check_unique(lt.sections, "section");
  t.body = std::move(lt);
}

void Builder::facts(Object& o, Table& t) {
  FactsTable ft;
  for (const auto& n : o.list("items", true)) {
    Object f(n, "fact of " + o.what(), diags_, {"id", "label", "value", "text", "source", "notes", "override"});
    if (!f.ok()) continue;
    Fact fact;
    fact.id = identifier(f);
    fact.label = f.str("label");
    const std::string v = f.str("value");
    if (const auto d = parse_distance(v)) {
      fact.inches = d;
      fact.value = format_inches(*d);
    } else {
      fact.value = text(f.get("value"), "value of fact '" + fact.id + "'").render();
    }
    fact.text = text_of(f, "text");
    fact.loc = f.loc();
    ft.items.push_back(std::move(fact));
  }
  check_unique(ft.items, "fact");
  t.body = std::move(ft);
}

void Builder::erratum(const NodePtr& n) {
  Object o(n, "erratum", diags_, {"id", "doc", "text", "covers", "asserts", "disputed", "notes"});
  if (!o.ok()) return;
  Erratum e;
  e.id = o.str("id", true);
  e.doc = o.str("doc", true);
  e.text = o.str("text");
  e.disputed = o.str("disputed");
  e.covers = o.strings("covers");
  e.loc = o.loc();
  const std::string what = "assertion of erratum '" + e.id + "'";
  static const std::vector<std::pair<const char*, Assertion::Kind>> kKinds = {
      {"starts", Assertion::Kind::starts}, {"ends", Assertion::Kind::ends},   {"band", Assertion::Kind::band},
      {"value", Assertion::Kind::value},   {"cell", Assertion::Kind::cell},   {"exists", Assertion::Kind::exists},
      {"absent", Assertion::Kind::absent}, {"renamed", Assertion::Kind::renamed}, {"contains", Assertion::Kind::contains}};
  for (const auto& an : o.list("asserts")) {
    Object a(an, what, diags_, {"table", "row", "column", "item", "starts", "ends", "band", "value", "cell", "exists",
                                "absent", "renamed", "to", "contains", "disputed"});
    if (!a.ok()) continue;
    Assertion as;
    as.loc = a.loc();
    as.table = a.str("table");
    as.row = a.str("row");
    as.column = a.str("column");
    as.item = a.str("item");
    as.disputed = a.str("disputed");
    int kinds = 0;
    for (const auto& [key, kind] : kKinds) {
      if (!a.has(key)) continue;
      ++kinds;
      as.kind = kind;
      as.expected = a.str(key);
    }
    if (as.kind == Assertion::Kind::renamed) {
      as.from = as.expected;
      as.expected = a.str("to", true);
    } else if (as.table.empty()) {
      diags_.error(a.loc(), what + " needs 'table'");
    }
    if (kinds != 1) {
      diags_.error(a.loc(), what + " needs exactly one of starts, ends, band, value, cell, exists, absent, renamed, contains");
    }
    e.asserts.push_back(std::move(as));
  }
  spec_.errata.push_back(std::move(e));
}

}  // namespace

std::string ModifierItem::value_notation() const {
  if (factor) return "x " + format_number(*factor);
  return value ? format_signed(*value) : "";
}

std::string RichText::render() const {
  std::string out;
  for (const auto& s : segments) out += s.inches ? format_inches(*s.inches) : s.literal;
  return out;
}

std::string RichText::source() const {
  std::string out;
  for (const auto& s : segments) out += s.inches ? "{" + format_number(*s.inches) + "in}" : s.literal;
  return out;
}

bool RichText::empty() const {
  return std::all_of(segments.begin(), segments.end(), [](const TextSegment& s) { return !s.inches && s.literal.empty(); });
}

const char* table_kind_name(TableKind k) {
  static const char* kNames[] = {"bands", "modifiers", "matrix", "list", "facts"};
  return kNames[static_cast<int>(k)];
}

const Table* Spec::table(const std::string& id) const {
  for (const auto& t : tables) {
    if (t.id == id) return &t;
  }
  return nullptr;
}

const Vocabulary* Spec::vocabulary(const std::string& id) const {
  for (const auto& v : vocabularies) {
    if (v.id == id) return &v;
  }
  return nullptr;
}

std::optional<Spec> build_model(const NodePtr& root, const std::string& path, Diagnostics& diags) {
  Builder b(diags);
  return b.build(root, path);
}

}  // namespace qrsc
