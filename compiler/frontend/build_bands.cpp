// Band tables: die-result bands per column, parts, coverage.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "qrsc/base/enum_names.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"

namespace qrsc {

namespace {

// A band of the roll less a value, as the band of the roll in that value's column.
BandCell shifted(const BandCell& margin, int value) {
  BandCell cell = margin;
  if (margin.unknown || !margin.band.present) return cell;
  if (margin.band.has_lo) cell.band.lo = margin.band.lo + Fraction(value);
  if (margin.band.has_hi) cell.band.hi = margin.band.hi + Fraction(value);
  cell.notation = format_band(cell.band, KeyType::integer);
  return cell;
}

}  // namespace

void Builder::band_cell(const NodePtr& n, KeyType key_type, const std::string& what, BandCell& cell) {
  if (!n->is_scalar()) {
    diags_.error(n->loc, "band of " + what + " must be written like '8 or more', '3 - 7' or '1, 2'");
    return;
  }
  if (is_unknown_notation(n->scalar)) {
    cell = {qrs::band_none(), n->scalar, n->loc, true};
    return;
  }
  const BandParse p = parse_band(n->scalar, key_type);
  if (!p) diags_.error(n->loc, what + ": " + p.error().message);
  cell = {p ? *p : qrs::band_none(), n->scalar, n->loc};
}

std::vector<BandCell> Builder::band_cells(Object& o, const BandTable& bt, const std::string& what) {
  std::vector<BandCell> cells(bt.columns.size());
  for (auto& c : cells) c.band = qrs::band_none();
  const auto read = [&](const NodePtr& n, BandCell& cell) { band_cell(n, bt.key_type, what, cell); };
  const NodePtr one = o.get("band");
  const NodePtr many = o.get("bands");
  if (const AgainstValue* against = bt.dice && bt.dice->against ? &*bt.dice->against : nullptr) {
    // One band, the roll less the value, shifted into each value's column.
    if (many) {
      diags_.error(many->loc, fmt::format("{}: a roll against {} has a column for each value; write 'band:', the roll "
                                          "less the {} ('0 or less': at or under it)",
                                          what, against->name, against->name));
      // Its bands go unread: a gap they would leave is not the author's.
      if (!one) {
        for (auto& c : cells) c.unknown = true;
        return cells;
      }
    }
    if (!one) return cells;
    BandCell margin;
    read(one, margin);
    for (std::size_t c = 0; c < cells.size(); ++c) cells[c] = shifted(margin, against->lo + static_cast<int>(c));
    return cells;
  }
  if (bt.single_column()) {
    if (many) diags_.error(many->loc, what + ": this table has one column; write 'band:', not 'bands:'");
    if (one) read(one, cells[0]);
    return cells;
  }
  if (one) diags_.error(one->loc, what + ": this table has columns; write 'bands: { column: band, ... }'");
  if (!many) return cells;
  std::vector<std::string> ids;
  for (const auto& c : bt.columns) ids.push_back(c.id);
  bands_by_id(many, ids, "column", bt.key_type, what, cells);
  return cells;
}

void Builder::bands_by_id(const NodePtr& map, const std::vector<std::string>& ids, const char* id_kind,
                          KeyType key_type, const std::string& what, std::vector<BandCell>& cells) {
  if (!map->is_map()) {
    diags_.error(map->loc, fmt::format("{}: 'bands' must map each {} id to a band", what, id_kind));
    return;
  }
  for (std::size_t i = 0; i < map->entries.size(); ++i) {
    const auto& [id, n] = map->entries[i];
    const auto it = std::find(ids.begin(), ids.end(), id);
    if (it == ids.end()) {
      diags_.error(map->key_locs[i],
                   with_suggestion(fmt::format("{} names unknown {} '{}'", what, id_kind, id), id, ids));
      continue;
    }
    band_cell(n, key_type, what, cells[static_cast<std::size_t>(it - ids.begin())]);
  }
}

namespace {

// A row with parts has in each column the union of its parts' bands, which must be contiguous.
void unite_parts(BandRow& row, const BandTable& bt, const std::string& what, Diagnostics& diags) {
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
      } else if (u.has_hi && b.has_lo && qrs::upper_cut(u) == qrs::lower_cut(b)) {
        u.has_hi = b.has_hi;
        u.hi = b.hi;
        u.hi_closed = b.hi_closed;
      } else {
        contiguous = false;
      }
    }
    if (!contiguous)
      diags.error(row.loc, what + ": the parts' bands in column '" + bt.columns[c].id + "' are not contiguous");
    row.bands[c] = {u, format_band(u, bt.key_type), row.loc};
  }
}

// A fraction key's "at least N" or "more than N" band ends where the next row (by start)
// begins: below a next "at least M", at a next "more than M" (M itself included).
void close_open_bands(BandTable& bt) {
  if (bt.key_type != KeyType::fraction) return;
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    std::vector<qrs::Cut> starts;  // every lower edge of the column, sorted: n log n, not n^2
    for (const auto& row : bt.rows) {
      if (const auto& b = row.bands[c].band; b.present && b.has_lo) starts.push_back(qrs::lower_cut(b));
    }
    std::sort(starts.begin(), starts.end());
    for (auto& row : bt.rows) {
      auto& b = row.bands[c].band;
      if (!b.present || b.has_hi || !b.has_lo) continue;
      if (const auto next = std::upper_bound(starts.begin(), starts.end(), qrs::lower_cut(b)); next != starts.end()) {
        b.has_hi = true;
        b.hi = next->at;
        b.hi_closed = next->after;
      }
    }
  }
}

// What no band covering a key range (from `a` to `b`, each as a cut) is called: "1", "exactly
// 1", "2 to 4", "more than 1 and less than 2".
std::string uncovered(const qrs::Cut& a, const qrs::Cut& b, KeyType type, const qrs::DigitDice& digits) {
  if (type == KeyType::integer) {
    Fraction first = a.at, last = b.at - Fraction(1);
    // Dice read as digits: only the numbers they write are missing (16, not 16 to 20).
    while (digits.count > 0 && first < last && !digits.writes(first.floor())) first += Fraction(1);
    while (digits.count > 0 && first < last && !digits.writes(last.floor())) last = last - Fraction(1);
    return first == last ? format_number(first) : format_number(first) + " to " + format_number(last);
  }
  if (a.at == b.at) return "exactly " + format_number(a.at);
  return format_band(qrs::band_exact(true, a.at, a.after, true, b.at, b.after), type);
}

}  // namespace

void Builder::band_key(Object& o, BandTable& bt) {
  const NodePtr kn = o.get("key");
  if (!kn) return;  // the format requires it: the reader said so
  Object k(kn, "key of " + o.what(), diags_, format::object_type("key"));
  bt.key_name = k.str("name");
  bt.columns_title = k.str("columns_title");
  if (k.str("type") == "fraction") bt.key_type = KeyType::fraction;  // the format allows integer or fraction
  bt.min = k.number("min");
  bt.max = k.number("max");
  if (const NodePtr dn = k.get("dice")) bt.dice = dice(dn, o.what());
  bt.dice_loc = bt.dice_modifiers_loc = k.loc_of("dice");
  if (const NodePtr dn = k.get("dice"); dn && dn->is_map()) {
    if (const NodePtr roll = dn->get("roll")) bt.dice_loc = roll->loc;
    if (const NodePtr lists = dn->get("modifiers")) bt.dice_modifiers_loc = lists->loc;
  }
  if (const std::string outside = k.str("outside"); !outside.empty()) {
    // Another value is reported by the key check (the format's choices are kOutsideNames).
    bt.outside_loc = k.loc_of("outside");
    bt.outside = enum_named<Outside>(kOutsideNames, outside).value_or(Outside::unstated);
  }
  bt.rounding = k.str("rounding");
  bt.rounding_loc = k.loc_of("rounding");
  source(k);  // checked like any source note; it explains the key's dice or rounding
  if (!bt.rounding.empty() && bt.key_type != KeyType::fraction) {
    diags_.error(k.loc_of("rounding"), "only fraction keys are rounded");
  }
}

std::optional<BandRow> Builder::band_row(const NodePtr& rn, const BandTable& bt, const std::string& table) {
  Object r(rn, "row of " + table, diags_, format::object_type("bandRow"));
  if (!r.ok()) return std::nullopt;
  BandRow row;
  row.id = identifier(r);
  row.old_ids = r.strings("old_ids");
  const std::string what = "row '" + row.id + "' of " + table;
  row.title = r.str("title");
  row.label = r.str("label");
  const Loc label_at = r.loc_of("label");
  for (const auto& p : r.strings("text")) {
    NodePtr tn = std::make_shared<Node>();
    tn->kind = Node::Kind::scalar;
    tn->scalar = p;
    tn->loc = r.loc_of("text");
    row.paragraphs.push_back(text(tn, "text of " + what));
  }
  row.number = r.integer("number");
  if (r.has("again")) {
    row.again = r.strings("again");
    row.again_loc = r.loc_of("again");
  }
  row.source = source(r);
  row.loc = r.loc();
  row.title_loc = r.loc_of("title");
  row.number_loc = r.loc_of("number");
  row.bands = band_cells(r, bt, what);
  check_label(row, bt, label_at, what);
  for (const auto& pn : r.list("parts")) {
    Object po(pn, "part of " + what, diags_, format::object_type("part"));
    if (!po.ok()) continue;
    BandPart part;
    part.id = identifier(po);
    part.text = text_of(po, "text");
    part.loc = po.loc();
    source(po);  // checked like any source note (the model keeps none for a part)
    part.bands = band_cells(po, bt, "part '" + part.id + "' of " + what);
    row.parts.push_back(std::move(part));
  }
  check_unique(row.parts, "part");
  const bool banded = r.has("band") || r.has("bands");
  if (row.parts.empty()) return row;  // without band, bands or parts: the reader's error (the format requires one)
  if (banded) {
    diags_.error(r.loc(), what + " has parts; its bands are the union of the parts' bands, so give bands only there");
  }
  unite_parts(row, bt, what, diags_);
  return row;
}

// A row's label is printed in place of its band, over every column: it stands for one band, so
// the row's band must be the same in every column (the sheet's words for a band that differs by
// column go in each column's band).
void Builder::check_label(const BandRow& row, const BandTable& bt, const Loc& at, const std::string& what) {
  // A roll against a value writes one band, shifted into each column: its label stands for it.
  if (row.label.empty() || row.bands.size() < 2 || (bt.dice && bt.dice->against)) return;
  for (std::size_t c = 1; c < row.bands.size(); ++c) {
    if (qrs::same_keys(row.bands[c].band, row.bands[0].band) && row.bands[c].unknown == row.bands[0].unknown) continue;
    diags_.error(
        at,
        fmt::format("{}: its label '{}' is printed over every column, but its band differs by column ({}: {}, "
                    "{}: {}); a label stands for a band every column shares, so drop it and let each "
                    "column print its own band",
                    what, row.label, bt.columns[0].id, row.bands[0].notation, bt.columns[c].id, row.bands[c].notation));
    return;
  }
}

// A roll against a unit's value reads the column of that value: one per value, named by it,
// under the value's name.
void Builder::against_columns(Object& o, BandTable& bt) {
  const AgainstValue& a = *bt.dice->against;
  if (o.has("columns")) {
    diags_.error(o.loc_of("columns"),
                 fmt::format("{}: a roll against {} has a column for each of its values ({} to {}); "
                             "remove 'columns'",
                             o.what(), a.name, a.lo, a.hi));
  }
  if (!bt.columns_title.empty() && bt.columns_title != a.name) {
    diags_.error(a.loc, fmt::format("{}: the columns are headed by the value's name, '{}', not key.columns_title '{}'",
                                    o.what(), a.name, bt.columns_title));
  }
  if (bt.key_type != KeyType::integer) {
    diags_.error(a.loc, o.what() + ": a roll against a value reads a whole-number key; remove key.type: fraction");
  }
  bt.columns.clear();
  bt.columns_vocabulary.clear();
  bt.columns_title = a.name;
  for (int v = a.lo; v <= a.hi; ++v)
    bt.columns.push_back(Column::of(std::to_string(v), std::to_string(v), a.values_loc));
}

void Builder::bands(Object& o, Table& t) {
  BandTable bt;
  band_key(o, bt);
  bt.columns = columns(o, bt.columns_vocabulary);
  for (const auto& c : bt.columns) {
    if (c.against.empty()) continue;
    diags_.error(c.against_loc,
                 fmt::format("column '{}' of {}: 'against' is for a matrix of type modifiers (the types its "
                             "column is read against), not a band table",
                             c.id, o.what()));
  }
  if (bt.dice && bt.dice->against) against_columns(o, bt);
  if (bt.columns.empty()) bt.columns.push_back(Column::of("", "", o.loc()));
  // The limits first: every later step is proportional to rows times columns (or its square).
  const std::vector<NodePtr> row_nodes = o.list("rows");
  if (!rows_within_limits(o, row_nodes.size(), bt.columns.size(), limits::kMaxBandRows, limits::kMaxBandCells)) {
    t.body = std::move(bt);
    return;
  }
  std::size_t part_count = 0;
  for (const auto& rn : row_nodes) {
    if (auto row = band_row(rn, bt, o.what())) {
      part_count += row->parts.size();
      bt.rows.push_back(std::move(*row));
    }
  }
  check_unique(bt.rows, "row");
  matchups(o, bt);
  close_open_bands(bt);
  within_limit(part_count, limits::kMaxBandRows, o.loc_of("rows"), o.what() + ": parts");
  within_limit(part_count * bt.columns.size(), limits::kMaxBandCells, o.loc_of("rows"),
               o.what() + ": part cells (parts times columns)");
  check_coverage(t, bt);
  t.body = std::move(bt);
}

void Builder::check_coverage(const Table& t, const BandTable& bt) {
  // A tie that nothing comes of (tie: none) reads no row, so its key alone may go uncovered.
  const qrs::Maybe<qrs::Band> unread =
      bt.dice && bt.dice->opposed ? qrs::unread_band(bt.dice->opposed->runtime()) : qrs::Maybe<qrs::Band>{};
  const auto only_tie = [&](const qrs::Cut& a, const qrs::Cut& b) {
    return unread && a == qrs::lower_cut(*unread) && qrs::upper_cut(*unread) == b;
  };
  // Dice read as digits write no number between some bands (a d66 shows no 17 to 20): such a
  // gap is none, as the header's qrs::covers_in_order reads it.
  const qrs::DigitDice digits = bt.dice ? bt.dice->runtime().as_digits() : qrs::DigitDice{};
  // A roll against a value: its columns are one band list shifted, so a fault in one is in
  // each; the first column's errors say it once.
  const bool shifted_columns = bt.dice && bt.dice->against;
  const int errors_before = diags_.error_count();
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    if (shifted_columns && diags_.error_count() > errors_before) break;
    // A roll against a value speaks of the bands as written: the roll less the value.
    const std::string col = shifted_columns      ? " (the total less the " + bt.dice->against->name + ")"
                            : bt.single_column() ? ""
                                                 : " in column '" + bt.columns[c].id + "'";
    const Fraction written = shifted_columns ? Fraction(bt.dice->against->lo + static_cast<int>(c)) : Fraction(0);
    // A column with a band the sources do not give cannot be checked for gaps (qrsc check
    // reports the unknown band).
    if (std::any_of(bt.rows.begin(), bt.rows.end(), [&](const BandRow& r) { return r.bands[c].unknown; })) continue;
    struct Edge {
      const BandRow* row;
      qrs::Band band;
    };
    std::vector<Edge> edges;
    for (const auto& row : bt.rows) {
      if (row.bands[c].band.present) edges.push_back({&row, row.bands[c].band});
    }
    std::sort(edges.begin(), edges.end(),
              [](const Edge& a, const Edge& b) { return qrs::starts_before(a.band, b.band); });
    const auto fmt_key = [&](Fraction f) { return format_number(f - written); };
    const auto as_written = [&](qrs::Cut cut) { return qrs::Cut{cut.at - written, cut.after}; };
    if (edges.empty()) {
      // A matchup's column without a band is reported at the matchup (build_matchups.cpp).
      if (c < bt.type_count()) diags_.error(t.loc, "table '" + t.id + "' has no bands" + col);
      continue;
    }
    const auto& first = edges.front().band;
    const bool first_reaches_min = !first.has_lo || (bt.min && !(qrs::Cut{*bt.min, false} < qrs::lower_cut(first)));
    if (!first_reaches_min && !(bt.min && only_tie({*bt.min, false}, qrs::lower_cut(first)))) {
      const bool just_min = bt.min && first.lo == *bt.min;  // "more than 1" over a key that starts at 1
      diags_.error(edges.front().row->bands[c].loc,
                   "table '" + t.id + "'" + col + ": no band covers results " + (just_min ? "of exactly " : "below ") +
                       fmt_key(first.lo) +
                       (bt.min ? " (the key starts at " + format_number(*bt.min) + ")"
                               : "; make the lowest band open-ended ('N or less') or set key.min"));
    }
    for (std::size_t i = 0; i + 1 < edges.size(); ++i) {
      const auto& a = edges[i];
      const auto& b = edges[i + 1];
      const Loc& at = b.row->bands[c].loc;
      if (!a.band.has_hi || (b.band.has_lo && qrs::lower_cut(b.band) < qrs::upper_cut(a.band))) {
        const Fraction from = b.band.has_lo ? b.band.lo : Fraction(0);
        diags_.error(at, "table '" + t.id + "'" + col + ": band of row '" + b.row->id + "' overlaps row '" + a.row->id +
                             "' at " + fmt_key(from));
      } else if (b.band.has_lo && qrs::upper_cut(a.band) < qrs::lower_cut(b.band) &&
                 !only_tie(qrs::upper_cut(a.band), qrs::lower_cut(b.band)) &&
                 !digits.unwritten_between(qrs::upper_cut(a.band), qrs::lower_cut(b.band))) {
        diags_.error(at, "table '" + t.id + "'" + col + ": no band covers " +
                             uncovered(as_written(qrs::upper_cut(a.band)), as_written(qrs::lower_cut(b.band)),
                                       bt.key_type, digits) +
                             " (between rows '" + a.row->id + "' and '" + b.row->id + "')");
      }
    }
    const auto& last = edges.back().band;
    const Fraction top = bt.key_type == KeyType::integer ? last.hi - Fraction(1) : last.hi;
    if (last.has_hi && (!bt.max || qrs::upper_cut(last) < qrs::Cut{*bt.max, true})) {
      diags_.error(edges.back().row->bands[c].loc,
                   "table '" + t.id + "'" + col + ": no band covers results above " + fmt_key(top) +
                       (bt.max ? " (the key goes up to " + format_number(*bt.max) + ")"
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

}  // namespace qrsc
