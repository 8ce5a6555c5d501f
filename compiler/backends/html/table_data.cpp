#include "qrsc/backends/html/table_data.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

#include "qrsc/backends/html/sheet_text.hpp"
#include "qrsc/model/percent_text.hpp"
#include "qrsc/model/pool_odds.hpp"
#include "qrsc/model/roll_rule.hpp"
#include "qrsc/model/success_odds.hpp"
#include "qrsc/model/words.hpp"
#include "qrsc/model/written_cells.hpp"

namespace qrsc::html {

namespace {

mst::data text_item(const std::string& text) {
  mst::data d;
  put(d, "text", text);
  return d;
}

// What one table's drawing needs beyond the table: its change marks (when printed) and the
// places where it prints a value the sources do not give, for the footnote.
struct TableContext {
  const Table& table;
  const ChangeMarks* marks;
  const std::vector<SourceDoc>& sources;   // to cite a source note's document by its title
  DistanceStyle distances;                 // how distances are written, in cells and text alike
  const Spec* spec;                        // the sheet (the titles of the tables a table names)
  std::vector<std::string> unknown_notes;  // the source notes that explain each unknown

  // Sets has_mark and mark on d for the part of the table at `path` below the table id.
  void mark(mst::data& d, const std::string& path) const {
    const std::string m = marks ? marks->at(path.empty() ? table.id : table.id + "/" + path) : std::string();
    put(d, "has_mark", !m.empty());
    put(d, "mark", m);
  }
  // Remembers an unknown value and which source note explains it (unknown_value_source). One
  // line per document, short enough for a full page.
  void unknown(const std::optional<SourceNote>& row_source, const std::string& /*row_name*/) {
    const std::string where = unknown_value_source(table, row_source, &sources);
    if (std::find(unknown_notes.begin(), unknown_notes.end(), where) == unknown_notes.end())
      unknown_notes.push_back(where);
  }
};

// ------------------------------------------------------------------ tables, by kind

// The rows [first, last) of each of the `split` blocks a long table is printed in, side by
// side; one block (possibly empty) when split <= 1.
std::vector<std::pair<std::size_t, std::size_t>> block_ranges(std::size_t rows, int split) {
  const auto parts = static_cast<std::size_t>(std::max(1, split));
  const std::size_t per_block = std::max<std::size_t>(1, (rows + parts - 1) / parts);
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t first = 0; first < rows; first += per_block)
    out.emplace_back(first, std::min(rows, first + per_block));
  if (out.empty()) out.emplace_back(0, 0);
  return out;
}

mst::data blocks_of(mst::data&& lines, int split) {
  auto& all = lines.list_items();  // moved from, one line at a time
  mst::data blocks = list_of();
  for (const auto& [first, last] : block_ranges(all.size(), split)) {
    mst::data block_lines = list_of();
    for (std::size_t i = first; i < last; ++i) append(block_lines, std::move(all[i]));
    mst::data block;
    put(block, "lines", std::move(block_lines));
    append(blocks, std::move(block));
  }
  return blocks;
}

std::string band_text(const BandCell& c, KeyType type) { return sheet_number(written_band(c, type)); }

// One printed line of a band table: the die results, then the effect. `cell_marks` holds
// each cell's change mark (or is empty).
mst::data band_line(const std::vector<std::string>& cells, bool span_all, std::size_t columns, const std::string& title,
                    const std::vector<std::string>& paragraphs, bool continues,
                    const std::vector<std::string>& cell_marks = {}) {
  mst::data line;
  mst::data cell_list = list_of();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    mst::data cd;
    put(cd, "text", cells[i]);
    put(cd, "span", std::to_string(span_all ? columns : 1));
    put(cd, "unknown", is_unknown_notation(cells[i]));
    const std::string m = i < cell_marks.size() ? cell_marks[i] : std::string();
    put(cd, "has_mark", !m.empty());
    put(cd, "mark", m);
    append(cell_list, std::move(cd));
  }
  put(line, "cells", std::move(cell_list));
  put(line, "has_title", !title.empty());
  put(line, "title", title_before(title, paragraphs.empty() ? std::string() : paragraphs.front()));
  mst::data paras = list_of();
  for (const auto& p : paragraphs) append(paras, text_item(p));
  put(line, "paragraphs", std::move(paras));
  put(line, "continues", continues);
  return line;
}

// Symbol dice whose spec asks for it (`pool_odds`): under the table, the chance that at least k
// of n dice show each symbol, n from 1 to pool_odds; symbols shown on as many faces share
// their figures, so they share a column group. One block per column of the table.
mst::data pool_odds_data(const BandTable& bt) {
  mst::data blocks = list_of();
  if (!bt.dice || bt.dice->pool.empty() || bt.dice->pool_odds < 1) return blocks;
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    const PoolOdds pool = pool_odds(bt, c, bt.dice->pool_odds);
    const auto groups = alike_symbols(pool);
    mst::data block;
    put(block, "caption",
        fmt::format("Several dice{}: the chance (%) that k or more of the dice rolled show the symbol",
                    bt.single_column() ? "" : ", " + bt.columns[c].name));
    mst::data heads = list_of();
    for (const auto& g : groups) {
      std::vector<std::string> titles;
      for (const std::size_t i : g) titles.push_back(bt.rows[pool.symbols[i].row].title);
      mst::data h;
      put(h, "name", fmt::format("{}{}", fmt::join(titles, ", "), g.size() > 1 ? " (each)" : ""));
      put(h, "span", std::to_string(pool.up_to));
      mst::data ks = list_of();
      for (int k = 1; k <= pool.up_to; ++k) append(ks, text_item(std::to_string(k) + "+"));
      put(h, "ks", std::move(ks));
      append(heads, std::move(h));
    }
    put(block, "groups", std::move(heads));
    mst::data rows = list_of();
    for (int n = 1; n <= pool.up_to; ++n) {
      mst::data row;
      put(row, "dice", std::to_string(n));
      mst::data cells = list_of();
      for (const auto& g : groups) {
        for (int k = 1; k <= pool.up_to; ++k) {
          append(cells, text_item(k <= n ? percent_number(pool.symbols[g.front()].at_least(n, k), 0) : std::string()));
        }
      }
      put(row, "cells", std::move(cells));
      append(rows, std::move(row));
    }
    put(block, "rows", std::move(rows));
    append(blocks, std::move(block));
  }
  return blocks;
}

mst::data band_data(const BandTable& bt, int split, TableContext& ctx) {
  mst::data d;
  const bool single = bt.single_column();
  // A table whose every row carries a number is a list of modifiers ("-5 less than 1 fire
  // point") and is printed like one.
  const bool modifier_style = !bt.rows.empty() && std::all_of(bt.rows.begin(), bt.rows.end(),
                                                              [](const BandRow& r) { return r.number.has_value(); });
  bool has_effects = false;
  mst::data lines = list_of();
  for (const auto& r : bt.rows) {
    std::vector<std::string> cell_marks;
    for (const auto& c : bt.columns) cell_marks.push_back(ctx.marks ? ctx.marks->at(ctx.table.id, r.id, c.id) : "");
    for (const auto& c : r.bands) {
      if (c.unknown) ctx.unknown(r.source, r.title);
    }
    std::vector<std::string> paragraphs;
    for (const auto& p : r.paragraphs) paragraphs.push_back(p.render(ctx.distances));
    // A label already names the row; its title is not repeated beside it.
    const std::string title = !r.label.empty() && same_words(r.label, r.title) ? std::string() : r.title;
    if (r.parts.empty()) {
      std::vector<std::string> cells;
      const bool label_spans = !r.label.empty();
      if (label_spans) {
        cells.push_back(sheet_number(r.label));
      } else {
        for (const auto& c : r.bands) cells.push_back(band_text(c, bt.key_type));
      }
      mst::data line = band_line(cells, label_spans, bt.columns.size(), title, paragraphs, false,
                                 label_spans ? std::vector<std::string>{} : cell_marks);
      put(line, "number", r.number ? sheet_number(format_signed(*r.number)) : std::string());
      ctx.mark(line, r.id);
      append(lines, std::move(line));
      has_effects = has_effects || !title.empty() || !paragraphs.empty();
      continue;
    }
    // A row with parts is printed one line per part: the first line carries the effect's
    // name and text, each line its part's own text (the sheet's "Charge checked." lines).
    for (std::size_t i = 0; i < r.parts.size(); ++i) {
      const BandPart& part = r.parts[i];
      std::vector<std::string> cells;
      for (const auto& c : part.bands) cells.push_back(band_text(c, bt.key_type));
      std::vector<std::string> paras = i == 0 ? paragraphs : std::vector<std::string>{};
      const std::string part_text = part.text.render(ctx.distances);
      if (!part_text.empty()) {
        if (paras.empty()) {
          paras.push_back(part_text);
        } else {
          paras.back() += " " + part_text;
        }
      }
      mst::data line = band_line(cells, false, bt.columns.size(), i == 0 ? title : std::string(), paras, i > 0,
                                 i == 0 ? cell_marks : std::vector<std::string>{});
      put(line, "number", i == 0 && r.number ? sheet_number(format_signed(*r.number)) : std::string());
      if (i == 0) {
        ctx.mark(line, r.id);
      } else {
        ctx.mark(line, r.id + "/" + part.id);
      }
      append(lines, std::move(line));
    }
    has_effects = true;
  }
  put(d, "blocks", blocks_of(std::move(lines), split));
  put(d, "modifier_style", modifier_style);
  put(d, "has_numbers",
      std::any_of(bt.rows.begin(), bt.rows.end(), [](const BandRow& r) { return r.number.has_value(); }));
  put(d, "has_effects", has_effects);
  put(d, "multi", !single);
  put(d, "key_name", bt.key_heading());
  const std::string rule = roll_rule(bt, ctx.spec);
  put(d, "roll_rule", rule);
  put(d, "has_roll_rule", !rule.empty());
  // The sheet's heading over the columns ("Target" over Crack ... Green), in place of the key's.
  put(d, "has_columns_title", !single && !bt.columns_title.empty());
  put(d, "columns_title", bt.columns_title);
  put(d, "column_count", std::to_string(bt.columns.size()));
  put(d, "columns", column_names(bt.columns));
  put(d, "pool_odds", pool_odds_data(bt));
  return d;
}

// The key letter beside each member of a non-cumulative group ("a", "b", ...).
std::string group_key(int group) { return std::string(1, static_cast<char>('a' + group % 26)); }

mst::data modifier_data(const ModifierTable& mt, TableContext& ctx) {
  mst::data d;
  int last_column = 1;
  for (const auto& m : mt.items) last_column = std::max(last_column, m.column);
  mst::data columns = list_of();
  for (int c = 1; c <= last_column; ++c) {
    mst::data items = list_of();
    for (const auto& m : mt.items) {
      if (m.column != c) continue;
      mst::data item;
      put(item, "value", sheet_number(sheet_fraction(m.value_notation())));
      put(item, "text", m.with_notes(m.text.render(ctx.distances)));
      put(item, "in_group", m.group >= 0);
      put(item, "group_key", m.group >= 0 ? group_key(m.group) : std::string());
      ctx.mark(item, m.id);
      append(items, std::move(item));
    }
    mst::data col;
    put(col, "items", std::move(items));
    append(columns, std::move(col));
  }
  put(d, "columns", std::move(columns));
  put(d, "two_columns", last_column > 1);
  // The rules of the groups, printed under the list: members carry their group's key; of a
  // group that is not cumulative only the modifier of largest magnitude counts, of an exclusive
  // one (a unit's one rating) only one member can apply at all.
  for (const bool exclusive : {false, true}) {
    std::vector<std::size_t> of_kind;
    for (std::size_t g = 0; g < mt.groups.size(); ++g) {
      if (mt.groups[g].exclusive == exclusive) of_kind.push_back(g);
    }
    mst::data groups = list_of();
    for (const std::size_t g : of_kind) {
      mst::data gd;
      put(gd, "key", group_key(static_cast<int>(g)));
      put(gd, "name", mt.groups[g].name());
      put(gd, "last", g == of_kind.back());
      append(groups, std::move(gd));
    }
    put(d, exclusive ? "has_exclusive_groups" : "has_groups", !of_kind.empty());
    put(d, exclusive ? "exclusive_groups" : "groups", std::move(groups));
  }
  put(d, "has_group_note", !mt.groups.empty());  // one paragraph for both rules
  return d;
}

// A rate cell's distances ("16 / 22", "4.5"), written the sheet's way; a multiplier ("x1.5")
// as written.
std::string rate_text(const MatrixCell& c, DistanceStyle distances) {
  const qrs::Rate& r = c.value.rate;
  if (!r.present || r.is_multiplier) return c.notation;
  const std::string full = format_distance(r.full, distances);
  return r.has_double_quick ? full + " / " + format_distance(r.double_quick, distances) : full;
}

std::string cell_text(const MatrixCell& c, CellType type, DistanceStyle distances) {
  if (!c.present) return written_cell(c);  // "?" or a blank
  if (c.notation == "-") return sheet_number(c.notation);
  switch (type) {
    case CellType::integer:
    case CellType::dice:  // M-2: morale minus two
      return sheet_number(c.notation);
    case CellType::fraction: return sheet_fraction(c.notation);
    case CellType::rate: return rate_text(c, distances);
    default:  // text as written; rates "12 / 16"; levels "2/-1", where "-" is "no worn level"
      return c.notation;
  }
}

// Header cells over the columns: each named group over its columns, blanks between.
mst::data column_group_data(const Matrix& m) {
  mst::data out = list_of();
  std::string current;
  bool current_named = false;
  int span = 0;
  const auto flush = [&] {
    if (span == 0) return;
    mst::data g;
    put(g, "name", current);
    put(g, "named", current_named);
    put(g, "span", std::to_string(span));
    append(out, std::move(g));
  };
  for (const auto& col : m.columns) {
    std::string name;
    bool named = false;
    for (const auto& g : m.column_groups) {
      if (std::find(g.columns.begin(), g.columns.end(), col.id) != g.columns.end()) {
        name = g.name;
        named = true;
        break;
      }
    }
    if (span > 0 && name == current && named == current_named) {
      ++span;
      continue;
    }
    flush();
    current = name;
    current_named = named;
    span = 1;
  }
  flush();
  return out;
}

// A column's heading; a range column named by its range ("6\"") writes it the sheet's way.
std::string column_name(const Column& c, DistanceStyle distances) {
  return c.range && c.name == format_inches(*c.range) ? format_inches(*c.range, distances) : c.name;
}

mst::data matrix_data(const Matrix& m, int split, TableContext& ctx) {
  mst::data d;
  const bool row_groups =
      std::any_of(m.rows.begin(), m.rows.end(), [](const MatrixRow& r) { return !r.group.empty(); });
  mst::data columns = list_of();
  for (const auto& c : m.columns) {
    mst::data cd;
    put(cd, "name", column_name(c, ctx.distances));
    append(columns, std::move(cd));
  }
  mst::data blocks = list_of();
  for (const auto& [start, end] : block_ranges(m.rows.size(), split)) {
    mst::data rows = list_of();
    for (std::size_t i = start; i < end; ++i) {
      const MatrixRow& r = m.rows[i];
      mst::data row;
      // The row heading ("Infantry") spans its run of rows.
      const bool starts = i == start || m.rows[i - 1].group != r.group;
      std::size_t span = 1;
      while (starts && i + span < end && m.rows[i + span].group == r.group) ++span;
      put(row, "group_cell", row_groups && starts);
      put(row, "group_start", row_groups && starts && i != start);
      put(row, "group", r.group);
      put(row, "group_span", std::to_string(span));
      put(row, "name", r.name);
      ctx.mark(row, r.id);
      mst::data cells = list_of();
      for (std::size_t c = 0; c < r.cells.size(); ++c) {
        mst::data cell = text_item(cell_text(r.cells[c], m.cell, ctx.distances));
        put(cell, "unknown", r.cells[c].unknown);
        if (r.cells[c].unknown) ctx.unknown(r.source, r.group.empty() ? r.name : r.group + " " + r.name);
        ctx.mark(cell, r.id + "/" + m.columns[c].id);
        append(cells, std::move(cell));
      }
      put(row, "cells", std::move(cells));
      append(rows, std::move(row));
    }
    mst::data block;
    put(block, "rows", std::move(rows));
    put(block, "columns", std::move(columns));
    put(block, "column_groups", column_group_data(m));
    put(block, "has_column_groups", !m.column_groups.empty());
    put(block, "has_row_groups", row_groups);
    put(block, "has_row_heading", !m.row_heading.empty());
    put(block, "row_heading", m.row_heading);
    put(block, "cell_type", cell_type_name(m.cell));
    append(blocks, std::move(block));
  }
  put(d, "blocks", std::move(blocks));
  // A column of type modifiers read against several types says which.
  mst::data against = list_of();
  for (const auto& c : m.columns) {
    if (!c.against.empty() && ctx.spec) append(against, text_item(against_line(*ctx.spec, ctx.table, c)));
  }
  put(d, "against", std::move(against));
  return d;
}

// `path` is "section" for marks; `index` counts the section's items in print order.
mst::data list_items(const std::vector<ListItem>& items, bool numbered, const TableContext& ctx,
                     const std::string& path, std::size_t& index) {
  mst::data out = list_of();
  int n = 0;
  for (const auto& i : items) {
    mst::data item;
    ++n;
    const std::string marker = !i.label.empty() ? i.label + "." : numbered ? std::to_string(n) + "." : std::string();
    put(item, "has_marker", !marker.empty());
    put(item, "marker", marker);
    put(item, "text", i.text.render(ctx.distances));
    put(item, "has_condition", !i.condition.empty());
    put(item, "condition", i.condition.render(ctx.distances));
    put(item, "has_items", !i.items.empty());
    ctx.mark(item, path + "/" + std::to_string(index++));
    put(item, "items", list_items(i.items, false, ctx, path, index));
    append(out, std::move(item));
  }
  return out;
}

mst::data list_data(const ListTable& lt, TableContext& ctx) {
  mst::data d;
  mst::data sections = list_of();
  // A list whose every section is a title and one plain item is a list of named effects and
  // reads one line each: "Charge Home. Resolve ...".
  const bool inline_item = std::all_of(lt.sections.begin(), lt.sections.end(), [](const ListSection& s) {
    return !s.title.empty() && s.items.size() == 1 && s.items[0].items.empty() && s.items[0].label.empty() &&
           s.items[0].condition.empty() && !s.numbered;
  });
  for (const auto& s : lt.sections) {
    mst::data sd;
    const std::string first = inline_item ? s.items[0].text.render(ctx.distances) : std::string();
    put(sd, "inline", inline_item);
    put(sd, "inline_text", first);
    put(sd, "section_title", inline_item ? title_before(s.title, first) : s.title);
    put(sd, "has_section_title", !s.title.empty());
    std::size_t index = 0;
    put(sd, "items", list_items(s.items, s.numbered, ctx, s.id, index));
    // An inline section prints its one item beside its title: a mark on either goes there.
    ctx.mark(sd, inline_item && ctx.marks && ctx.marks->at(ctx.table.id + "/" + s.id).empty() ? s.id + "/0" : s.id);
    append(sections, std::move(sd));
  }
  put(d, "sections", std::move(sections));
  return d;
}

mst::data facts_data(const FactsTable& ft, TableContext& ctx) {
  mst::data d;
  mst::data items = list_of();
  for (const auto& f : ft.items) {
    mst::data item;
    put(item, "has_label", !f.label.empty());
    put(item, "label", f.label);
    put(item, "has_value", !f.value.empty());
    put(item, "value", f.inches ? format_inches(*f.inches, ctx.distances) : f.value);
    put(item, "unknown", f.unknown);
    if (f.unknown) ctx.unknown(std::nullopt, ctx.table.title);
    ctx.mark(item, f.id);
    put(item, "text", f.text.render(ctx.distances));
    append(items, std::move(item));
  }
  put(d, "items", std::move(items));
  return d;
}

}  // namespace

mst::data column_names(const std::vector<Column>& columns) {
  mst::data list = list_of();
  for (const auto& c : columns) {
    mst::data cd;
    put(cd, "name", c.name);
    append(list, std::move(cd));
  }
  return list;
}

std::string names_printed(const Table& t, const Spec* spec) {
  const auto* bt = std::get_if<BandTable>(&t.body);
  return bt ? roll_rule(*bt, spec) : std::string();
}

mst::data table_data(const Table& t, bool show_title, int split, const TablePrint& print) {
  mst::data d;
  TableContext ctx{t, print.marks, print.sources, print.distances, print.spec, {}};
  ctx.mark(d, "");
  put(d, "table_id", t.id);
  put(d, "kind", table_kind_name(t.kind));
  put(d, "table_title", t.title);
  put(d, "show_title", show_title && !t.title.empty());
  put(d, "has_caption", !t.caption.empty());
  put(d, "caption", t.caption);
  // The body under its kind's name, which the partial of that kind reads.
  put(d, table_kind_name(t.kind),
      visit_kind(t.body, Overloaded{[&](const BandTable& b) { return band_data(b, split, ctx); },
                                    [&](const ModifierTable& m) { return modifier_data(m, ctx); },
                                    [&](const Matrix& m) { return matrix_data(m, split, ctx); },
                                    [&](const ListTable& l) { return list_data(l, ctx); },
                                    [&](const FactsTable& f) { return facts_data(f, ctx); }}));
  // "?" is explained under the table: not in the sources, and where the spec says why.
  mst::data notes = list_of();
  for (const auto& n : ctx.unknown_notes) append(notes, text_item(n));
  put(d, "has_unknown", !ctx.unknown_notes.empty());
  put(d, "unknown_notes", std::move(notes));
  return d;
}

}  // namespace qrsc::html
