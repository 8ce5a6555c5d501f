#include "qrsc/frontend/build_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"

namespace qrsc {

namespace {

// The ids of a table's rows and of its columns, for the kinds that have both (an order's
// exceptions name them); none for the others.
std::pair<std::vector<std::string>, std::vector<std::string>> row_and_column_ids(const Table& t) {
  std::pair<std::vector<std::string>, std::vector<std::string>> out;
  const auto collect = [&out](const auto& rows, const auto& columns) {
    for (const auto& r : rows) out.first.push_back(r.id);
    for (const auto& c : columns) out.second.push_back(c.id);
  };
  if (const auto* bt = std::get_if<BandTable>(&t.body)) collect(bt->rows, bt->columns);
  if (const auto* m = std::get_if<Matrix>(&t.body)) collect(m->rows, m->columns);
  return out;
}

}  // namespace

RichText Builder::text(const NodePtr& n, const std::string& what) {
  RichText t;
  if (!n || n->is_null()) return t;
  if (!n->is_scalar()) {
    diags_.error(n->loc, what + " must be text");
    return t;
  }
  // The scale is read before any table, so every text sees the variant's own.
  std::vector<TextReference> references;
  if (!spec_.figures.empty()) references.push_back({std::string(kScaleReference) + "figures", spec_.figures});
  auto p = parse_text(n->scalar, references);
  if (!p) {
    diags_.error(n->loc, what + ": " + p.error().message);
    return t;
  }
  for (const auto& w : p->warnings) diags_.warning(n->loc, what + ": " + w);
  t.segments = std::move(p->segments);
  t.loc = n->loc;
  return t;
}

RichText Builder::text_of(Object& o, const char* key) {
  return text(o.get(key), "'" + std::string(key) + "' of " + o.what());
}

std::optional<SourceNote> Builder::source(Object& o) {
  const NodePtr n = o.get("source");
  if (!n) return std::nullopt;
  Object s(n, "source note of " + o.what(), diags_, format::object_type("sourceNote"));
  SourceNote note{s.str("doc"), s.str("note"), n->loc};
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
  const std::string id = o.str(key);
  if (!id.empty() && !is_identifier(id)) {
    diags_.error(o.loc_of(key), "'" + shown(id) +
                                    "' is not a valid id (use lower-case letters, digits and _, at most " +
                                    std::to_string(limits::kMaxIdLength) + " characters, not starting with _)");
  }
  return id;
}

bool Builder::within_limit(std::size_t count, std::size_t limit, const Loc& at, const std::string& what) {
  if (count <= limit) return true;
  diags_.error(at, fmt::format("{} has {}; the limit is {}", what, count, limit));
  return false;
}

bool Builder::rows_within_limits(Object& o, std::size_t rows, std::size_t columns, std::size_t max_rows,
                                 std::size_t max_cells) {
  return within_limit(rows, max_rows, o.loc_of("rows"), o.what() + ": rows") &&
         within_limit(rows * columns, max_cells, o.loc_of("rows"), o.what() + ": cells (rows times columns)");
}

std::optional<Spec> Builder::build(const NodePtr& root, const std::string& path) {
  spec_.path = path;
  Object o(root, "the spec", diags_, format::object_type("spec"));
  if (!o.ok()) return std::nullopt;
  if (const auto v = o.integer("qrs"); v && *v != 1) {
    diags_.error(o.loc_of("qrs"), fmt::format("unsupported format version {}; this qrsc reads version 1", *v));
  }
  spec_.id = o.str("id");
  spec_.system = identifier(o, "system");
  spec_.title = o.str("title");
  spec_.subtitle = o.str("subtitle");
  spec_.period = o.str("period");
  spec_.edition = o.str("edition");
  spec_.abstract = o.boolean("abstract", false);
  if (const NodePtr pn = o.get("publisher")) {
    Object p(pn, "publisher", diags_, format::object_type("publisher"));
    spec_.publisher = {p.str("name"), p.str("copyright"), p.str("version"), p.str("date")};
  }
  if (spec_.publisher.version.empty()) spec_.publisher.version = spec_.edition;
  if (const NodePtr sc = o.get("scale")) {
    Object s(sc, "scale", diags_, format::object_type("scale"));
    spec_.figures = s.str("figures");
  }
  for (const auto& n : o.list("sources")) {
    Object s(n, "source document", diags_, format::object_type("sourceDoc"));
    SourceDoc doc{identifier(s), s.str("file"), s.str("title"), s.str("edition"), s.str("date"), s.str("url"), s.loc()};
    spec_.sources.push_back(std::move(doc));
  }
  source(o);  // the spec's own, once its documents are known: checked like any source note
  for (const auto& n : o.list("vocabularies")) vocabulary(n);
  check_unique(spec_.vocabularies, "vocabulary");
  vocabularies_node_ = memo_ ? memo_->shared_reader(o.get("vocabularies")) : o.get("vocabularies");
  sources_node_ = memo_ ? memo_->shared_reader(o.get("sources")) : o.get("sources");
  for (const auto& n : o.list("tables")) table(n);
  check_unique(spec_.tables, "table");
  type_modifiers();
  check_dice();
  matrix_modifiers();
  roll_again();
  type_conditions();
  share_rows();
  for (const auto& n : o.list("errata")) erratum(n);
  check_unique(spec_.errata, "erratum");
  return std::move(spec_);
}

void Builder::vocabulary(const NodePtr& n) {
  Object o(n, "vocabulary", diags_, format::object_type("vocabulary"));
  if (!o.ok()) return;
  Vocabulary v;
  v.id = identifier(o);
  v.title = o.str("title");
  v.loc = o.loc();
  source(o);  // checked like any source note (the model keeps none for a vocabulary or a term)
  for (const auto& tn : o.list("terms")) {
    Object t(tn, "term of vocabulary '" + v.id + "'", diags_, format::object_type("term"));
    if (!t.ok()) continue;
    source(t);
    Term term{identifier(t), t.str("name"), t.str("old_id"), t.str("old_name"), t.loc()};
    v.terms.push_back(std::move(term));
  }
  check_unique(v.terms, "term");
  within_limit(v.terms.size(), limits::kMaxRows, v.loc, "vocabulary '" + v.id + "': terms");
  spec_.vocabularies.push_back(std::move(v));
}

std::vector<Column> Builder::columns(Object& o, std::string& vocabulary_id) {
  std::vector<Column> cols;
  const NodePtr n = o.get("columns");
  if (!n) return cols;
  if (n->is_scalar()) {
    vocabulary_id = n->scalar;
    const Vocabulary* v = spec_.vocabulary(n->scalar);
    if (!v) {
      std::vector<std::string> names;
      for (const auto& voc : spec_.vocabularies) names.push_back(voc.id);
      const std::string msg =
          with_suggestion("columns of " + o.what() + " name unknown vocabulary '" + n->scalar + "'", n->scalar, names);
      diags_.error(n->loc, msg);
      return cols;
    }
    for (const auto& t : v->terms) cols.push_back(Column::of(t.id, t.name, t.loc));
    return cols;
  }
  for (const auto& cn : o.list("columns")) {
    Object c(cn, "column of " + o.what(), diags_, format::object_type("column"));
    if (!c.ok()) continue;
    Column col = Column::of(identifier(c), c.str("name"), c.loc(), c.distance("range"));
    col.against = c.strings("against");
    col.against_loc = c.loc_of("against");
    col.name_loc = c.loc_of(c.has("name") || !col.range ? "name" : "range");
    source(c);  // checked like any source note (the model keeps none for a column)
    if (col.name.empty()) col.name = col.range ? format_inches(*col.range) : col.id;
    cols.push_back(std::move(col));
  }
  check_unique(cols, "column");
  if (cols.empty()) diags_.error(n->loc, o.what() + " has no columns");
  within_limit(cols.size(), limits::kMaxRows, n->loc, o.what() + ": columns");
  return cols;
}

void Builder::table(const NodePtr& n) {
  TableMemo::Source from{n, vocabularies_node_, sources_node_, spec_.figures};
  if (memo_ && n) {
    if (const TableMemo::Built* b = memo_->find(from)) {
      for (const Diagnostic& d : b->diagnostics) diags_.add(d);
      spec_.tables.push_back(b->table);
      return;
    }
  }
  const std::size_t diagnostics_before = diags_.all().size();
  const int errors_before = diags_.error_count();
  std::optional<Table> t = build_table(n);
  if (!t) return;
  auto built = std::make_shared<const Table>(std::move(*t));
  spec_.tables.push_back(built);
  // Kept when it built cleanly and every diagnostic it made was kept (none past the cap).
  const auto& all = diags_.all();
  if (memo_ && n && diags_.error_count() == errors_before && all.size() < Diagnostics::kMaxDiagnostics) {
    memo_->keep(std::move(from), std::move(built),
                {all.begin() + static_cast<std::ptrdiff_t>(diagnostics_before), all.end()});
  }
}

std::optional<Table> Builder::build_table(const NodePtr& n) {
  if (!n || !n->is_map()) {
    diags_.error(n ? n->loc : Loc{}, "a table must be a map of keys");
    return std::nullopt;
  }
  const NodePtr kind_node = n->get("kind");
  const NodePtr id_node = n->get("id");
  const std::string id = id_node && id_node->is_scalar() ? id_node->scalar : "";
  const std::string what = "table '" + id + "'";
  if (!kind_node || !kind_node->is_scalar()) {
    std::string kinds;
    for (const char* name : kTableKindNames) kinds += (kinds.empty() ? "" : ", ") + std::string(name);
    diags_.error(n->loc, what + " needs 'kind' (one of " + kinds + ")");
    return std::nullopt;
  }
  // Each kind's builder, in TableKind's order; the keys each kind takes are the spec format's.
  using BuildBody = void (Builder::*)(Object&, Table&);
  static constexpr std::array<BuildBody, kTableKindNames.size()> kBuild = {
      &Builder::bands, &Builder::modifiers, &Builder::matrix, &Builder::list, &Builder::facts};
  const auto kind = table_kind_from(kind_node->scalar);
  if (!kind) {
    const std::string msg = with_suggestion("unknown table kind '" + kind_node->scalar + "'", kind_node->scalar,
                                            {kTableKindNames.begin(), kTableKindNames.end()});
    diags_.error(kind_node->loc, msg);
    return std::nullopt;
  }
  const auto kind_index = static_cast<std::size_t>(*kind);
  Object o(n, what + " (kind " + kind_node->scalar + ")", diags_, format::table_kinds()[kind_index]);
  const auto text_bytes = [](const auto& self, const Node& node) -> std::size_t {
    std::size_t total = node.scalar.size();
    for (const auto& i : node.items) total += self(self, *i);
    for (const auto& [k, v] : node.entries) total += k.size() + self(self, *v);
    return total;
  };
  if (!within_limit(text_bytes(text_bytes, *n), limits::kMaxTableTextBytes, n->loc, what + ": bytes of text"))
    return std::nullopt;
  Table t;
  t.id = identifier(o);
  t.kind = *kind;
  t.title = o.str("title");
  t.caption = o.str("caption");
  t.notes = o.str("notes");
  t.source = source(o);
  t.loc = o.loc();
  t.title_loc = o.loc_of("title");
  t.order = o.str("order");
  t.appendix = o.str("print") == "appendix";  // the format allows sheet (the default) or appendix
  if (!t.order.empty() && t.order != (t.kind == TableKind::bands ? "columns" : "decreasing")) {
    diags_.error(o.loc_of("order"), t.kind == TableKind::bands || t.kind == TableKind::matrix
                                        ? std::string("order of a ") + table_kind_name(t.kind) + " table must be '" +
                                              (t.kind == TableKind::bands ? "columns" : "decreasing") + "'"
                                        : std::string("only band tables and matrices have an order"));
  }
  (this->*kBuild[kind_index])(o, t);
  const std::vector<NodePtr> exceptions = o.list("order_exceptions");
  const auto [row_ids, column_ids] =
      exceptions.empty() ? std::pair<std::vector<std::string>, std::vector<std::string>>{} : row_and_column_ids(t);
  for (const auto& en : exceptions) {
    Object e(en, "order exception of " + what, diags_, format::object_type("orderException"));
    OrderException ex{e.str("row"), e.str("column"), e.str("reason"), e.loc()};
    // An exception that names no row or column of the table would excuse nothing, in silence.
    for (const auto& [key, id, ids] :
         {std::tuple{"row", &ex.row, &row_ids}, std::tuple{"column", &ex.column, &column_ids}}) {
      if (!id->empty() && std::find(ids->begin(), ids->end(), *id) == ids->end()) {
        diags_.error(e.loc_of(key), with_suggestion("order exception of " + what + " names " + key + " '" + *id +
                                                        "', which the table does not have",
                                                    *id, *ids));
      }
    }
    t.order_exceptions.push_back(std::move(ex));
  }
  return t;
}

std::optional<Spec> build_model(const NodePtr& root, const std::string& path, Diagnostics& diags, TableMemo* memo) {
  Builder b(diags, memo);
  return b.build(root, path);
}

}  // namespace qrsc
