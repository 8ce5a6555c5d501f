// Type modifiers of an opposed roll (a side's `type_modifiers`): what a side adds by its own
// type against the other side's, read from a matrix of whole numbers whose rows are the types
// and whose columns are the other side's types, one each or several (`against`: "against
// foot"). Checked once every table is built, and made the square the runtime reads
// (qrs::Opposed::type_modifiers).
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"

namespace qrsc {

namespace {

// The matrices a side's `type_modifiers` may name: integer matrices.
std::vector<std::string> integer_matrices(const Spec& spec) {
  std::vector<std::string> ids;
  for (const auto& t : spec.tables) {
    const auto* m = std::get_if<Matrix>(&t.body);
    if (m && m->cell == CellType::integer) ids.push_back(t.id);
  }
  return ids;
}

}  // namespace

bool Builder::type_modifier_square(const Table& t, const BandTable& bt, qrs::Side side, std::vector<int>& values) {
  const DiceSide& s = bt.dice->opposed->side(side);
  const std::string what =
      fmt::format("type_modifiers of the {} of table '{}'", kSideNames[static_cast<std::size_t>(side)], t.id);
  const Loc& at = s.type_modifiers_loc;
  const Table* mt = spec_.table(s.type_modifiers);
  const auto* matrix = mt ? std::get_if<Matrix>(&mt->body) : nullptr;
  if (!matrix || matrix->cell != CellType::integer) {
    const std::string why =
        mt ? fmt::format("'{}' is not a matrix of whole numbers (kind: matrix, cell: integer)", mt->id)
           : fmt::format(
                 "no table '{}'; type modifiers are read from a matrix of whole numbers (kind: "
                 "matrix, cell: integer)",
                 s.type_modifiers);
    diags_.error(at, with_suggestion(what + ": " + why, s.type_modifiers, integer_matrices(spec_)));
    return false;
  }
  if (bt.dice->opposed->column == qrs::ColumnBy::chosen || bt.single_column()) {
    diags_.error(at, what +
                         ": a type modifier is read by both sides' types, so it needs an opposed roll read in the "
                         "loser's or the winner's column (key.dice.column: loser or winner) and columns: the types");
    return false;
  }
  const std::vector<Column> types = bt.type_columns();
  const std::size_t n = types.size();
  if (!within_limit(n, limits::kMaxMatchupTypes, at, what + ": types of a table with type modifiers")) return false;
  std::vector<std::string> type_ids;
  for (const auto& c : types) type_ids.push_back(c.id);
  const int errors_before = diags_.error_count();
  const std::string of = fmt::format("matrix '{}' (the {}'s type modifiers of table '{}')", mt->id,
                                     kSideNames[static_cast<std::size_t>(side)], t.id);
  // The type a row or a column id names: its id, or the id it had before a rename of the
  // lineage (the parent's matrix is written in the old words).
  const auto type_named = [&](const std::string& id) -> std::optional<std::size_t> {
    const Term* renamed = renamed_term(bt, id);
    const auto it = std::find(type_ids.begin(), type_ids.end(), renamed ? renamed->id : id);
    if (it == type_ids.end()) return std::nullopt;
    return static_cast<std::size_t>(it - type_ids.begin());
  };
  // Rows: one per type.
  std::vector<const MatrixRow*> row_of(n, nullptr);
  for (const auto& row : matrix->rows) {
    const auto type = type_named(row.id);
    if (!type) {
      diags_.error(row.loc,
                   with_suggestion(fmt::format("row '{}' of {} is no type of the table's columns; each row is a "
                                               "type's modifiers",
                                               row.id, of),
                                   row.id, type_ids));
      continue;
    }
    row_of[*type] = &row;
  }
  for (std::size_t u = 0; u < n; ++u) {
    if (!row_of[u]) {
      diags_.error(
          at, fmt::format("{}: matrix '{}' has no row for type '{}' ({}); every type the side can be needs one", what,
                          mt->id, type_ids[u], types[u].name));
    }
  }
  // Columns: each of the other side's types is read in one.
  std::vector<std::optional<std::size_t>> column_of(n);
  for (std::size_t c = 0; c < matrix->columns.size(); ++c) {
    const Column& col = matrix->columns[c];
    const auto read_against = [&](const std::string& id, const Loc& loc) {
      const auto type = type_named(id);
      if (!type) {
        diags_.error(
            loc,
            with_suggestion(
                fmt::format("column '{}' of {}: '{}' is no type of the table's columns{}", col.id, of, id,
                            col.against.empty() ? "; name the types the column is read against with 'against'" : ""),
                id, type_ids));
        return;
      }
      if (column_of[*type]) {
        diags_.error(loc, fmt::format("column '{}' of {}: type '{}' is read against in column '{}' already", col.id, of,
                                      type_ids[*type], matrix->columns[*column_of[*type]].id));
        return;
      }
      column_of[*type] = c;
    };
    if (col.against.empty()) {
      read_against(col.id, col.loc);
    } else {
      for (const auto& id : col.against) read_against(id, col.against_loc);
    }
  }
  for (std::size_t u = 0; u < n; ++u) {
    if (!column_of[u]) {
      diags_.error(at, fmt::format("{}: no column of matrix '{}' is read against type '{}' ({}); name it in a column's "
                                   "'against'",
                                   what, mt->id, type_ids[u], types[u].name));
    }
  }
  if (diags_.error_count() != errors_before) return false;
  // The square: every cell a whole number (a blank or unknown one cannot be rolled).
  bool complete = true;
  for (std::size_t own = 0; own < n; ++own) {
    for (std::size_t other = 0; other < n; ++other) {
      const MatrixCell& cell = row_of[own]->cells[*column_of[other]];
      if (!cell.value.integer.present) {
        diags_.error(cell.present || cell.unknown ? cell.loc : row_of[own]->loc,
                     fmt::format("{}: the modifier of type '{}' against '{}' (column '{}') is {}; a roll needs every "
                                 "type's modifier against every type",
                                 of, type_ids[own], type_ids[other], matrix->columns[*column_of[other]].id,
                                 cell.unknown ? "'?' (not given in the source)" : "blank"));
        complete = false;
        continue;
      }
      const int value = cell.value.integer.value;
      if (value < -limits::kMaxModifierValue || value > limits::kMaxModifierValue) {
        diags_.error(cell.loc, fmt::format("{}: the modifier of type '{}' against '{}' must be from {} to {}, as a "
                                           "modifier's value, not {}",
                                           of, type_ids[own], type_ids[other], -limits::kMaxModifierValue,
                                           limits::kMaxModifierValue, value));
        complete = false;
        continue;
      }
      values[(static_cast<std::size_t>(side) * n + own) * n + other] = value;
    }
  }
  return complete;
}

void Builder::type_modifiers() {
  std::set<std::string> read;  // the matrices a side reads
  for (std::size_t i = 0; i < spec_.tables.size(); ++i) {
    const Table& t = spec_.tables[i];
    const auto* bt = std::get_if<BandTable>(&t.body);
    if (!bt || !bt->dice || !bt->dice->opposed) continue;
    const OpposedRoll& o = *bt->dice->opposed;
    if (o.sides[0].type_modifiers.empty() && o.sides[1].type_modifiers.empty()) continue;
    const std::size_t n = bt->type_count();
    std::vector<int> values(2 * n * n, 0);
    bool ok = true;
    for (const qrs::Side side : {qrs::Side::attacker, qrs::Side::defender}) {
      const std::string& id = o.side(side).type_modifiers;
      if (id.empty()) continue;
      read.insert(id);
      // Both sides reading one matrix: it is checked once, and the defender's half is the
      // attacker's (each reads its own type's row).
      if (side == qrs::Side::defender && id == o.side(qrs::Side::attacker).type_modifiers) {
        std::copy(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n * n),
                  values.begin() + static_cast<std::ptrdiff_t>(n * n));
        continue;
      }
      ok = type_modifier_square(t, *bt, side, values) && ok;
    }
    if (!ok) continue;
    // The table as built is shared (the memo's); this spec's copy carries the square, which
    // depends on the matrix this spec gives.
    Table with = t;
    OpposedRoll& opposed = *std::get<BandTable>(with.body).dice->opposed;
    opposed.types = n;
    opposed.type_modifier_values = std::move(values);
    spec_.tables.replace(i, std::move(with));
  }
  // `against` says what a column of type modifiers is read against: on a matrix no roll reads
  // so, it says nothing.
  for (const auto& t : spec_.tables) {
    const auto* m = std::get_if<Matrix>(&t.body);
    if (!m || read.contains(t.id)) continue;
    for (const auto& c : m->columns) {
      if (c.against.empty()) continue;
      diags_.error(c.against_loc, fmt::format("column '{}' of matrix '{}': 'against' names the types a column of type "
                                              "modifiers is read against, and no side of an opposed roll reads '{}' "
                                              "as its type_modifiers",
                                              c.id, t.id, t.id));
    }
  }
}

}  // namespace qrsc
