// Matrices: typed cells by row and column, column groups, range columns.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"

namespace qrsc {

void Builder::matrix(Object& o, Table& t) {
  Matrix m;
  const std::string cell = o.str("cell");
  if (!cell.empty()) {
    if (const auto ct = cell_type_from(cell)) m.cell = *ct;  // another is reported by the key check
  }
  m.row_heading = o.str("row_heading");
  m.modifiers = o.strings("modifiers");
  m.modifiers_loc = o.loc_of("modifiers");
  m.columns = columns(o, m.columns_vocabulary);
  std::vector<std::string> ids;
  for (const auto& c : m.columns) ids.push_back(c.id);
  for (const auto& n : o.list("column_groups")) {
    Object g(n, "column group of " + o.what(), diags_, format::object_type("columnGroup"));
    ColumnGroup group{g.str("name"), g.strings("columns")};
    for (const auto& c : group.columns) {
      if (std::find(ids.begin(), ids.end(), c) == ids.end()) {
        diags_.error(g.loc_of("columns"), "column group names unknown column '" + c + "'");
      }
    }
    m.column_groups.push_back(std::move(group));
  }
  const std::vector<NodePtr> row_nodes = o.list("rows");
  // A cell holding exact numbers costs the compilers more to build in the table's one constant
  // expression (measured, docs/reliability.md): a rate cell counts as four, a fraction as two.
  const std::size_t weight = m.cell == CellType::rate ? 4 : m.cell == CellType::fraction ? 2 : 1;
  if (!rows_within_limits(o, row_nodes.size(), m.columns.size(), limits::kMaxRows, limits::kMaxCells / weight)) {
    t.body = std::move(m);
    return;
  }
  for (const auto& rn : row_nodes) {
    Object r(rn, "row of " + o.what(), diags_, format::object_type("matrixRow"));
    if (!r.ok()) continue;
    MatrixRow row;
    row.id = identifier(r);
    row.old_ids = r.strings("old_ids");
    row.name = r.str("name");
    if (row.name.empty()) row.name = row.id;
    row.group = r.str("group");
    row.source = source(r);
    row.loc = r.loc();
    row.name_loc = r.loc_of("name");
    row.cells.resize(m.columns.size());
    const std::string what = "row '" + row.id + "' of " + o.what();
    const auto read = [&](const NodePtr& n, MatrixCell& c) {
      c.loc = n->loc;
      NodePtr value = n;
      if (n->is_map()) {  // { value: ..., override: reason }
        Object v(n, "cell of " + what, diags_, format::object_type("cell"));
        value = v.get("value");
        source(v);           // checked like any source note (the model keeps none for a cell)
        if (!value) return;  // the format requires it: the reader said so
      }
      if (value->is_null() || (value->is_scalar() && value->scalar.empty())) return;
      if (!value->is_scalar()) {
        diags_.error(value->loc, "cell of " + what + " must be a single value");
        return;
      }
      if (is_unknown_notation(value->scalar)) {
        c.unknown = true;
        c.notation = kUnknownNotation;
        return;
      }
      const RichText rt = text(value, "cell of " + what);
      c.present = true;
      c.notation = rt.render();
      const CellParse parsed = parse_cell(c.notation, m.cell);
      if (parsed) {
        c.value = *parsed;
      } else {
        diags_.error(value->loc, "cell '" + value->scalar + "' of " + what + ": " + parsed.error().message);
      }
    };
    if (const NodePtr cells = r.get("cells")) {
      if (cells->is_seq()) {
        if (cells->items.size() > m.columns.size()) {
          diags_.error(cells->loc, fmt::format("{} has {} cells but the table has {} columns", what,
                                               cells->items.size(), m.columns.size()));
        }
        for (std::size_t i = 0; i < cells->items.size() && i < m.columns.size(); ++i)
          read(cells->items[i], row.cells[i]);
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

// A dice matrix's `modifiers`: modifier lists, whose items add whole dice. Only dice cells are
// counts that dice can be added to.
void Builder::matrix_modifiers() {
  for (const auto& t : spec_.tables) {
    const auto* m = std::get_if<Matrix>(&t.body);
    if (!m || m->modifiers.empty()) continue;
    const std::string what = "matrix '" + t.id + "'";
    if (m->cell != CellType::dice) {
      diags_.error(m->modifiers_loc, what + ": 'modifiers' add dice to a count, so they need dice cells (cell: dice)");
      continue;
    }
    for (const auto& id : m->modifiers) {
      const Table* list = spec_.table(id);
      if (!list || list->kind != TableKind::modifiers) {
        diags_.error(m->modifiers_loc,
                     with_suggestion(fmt::format("{}: '{}' is not a modifier list (kind: modifiers); its items are the "
                                                 "dice added to or taken from a cell's count",
                                                 what, id),
                                     id, table_ids(spec_, TableKind::modifiers)));
      }
    }
  }
}

}  // namespace qrsc
