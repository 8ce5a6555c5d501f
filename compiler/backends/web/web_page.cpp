#include "qrsc/backends/web/web_page.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>

#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/common/json_writer.hpp"
#include "qrsc/backends/common/mustache_data.hpp"
#include "qrsc/backends/common/template_document.hpp"
#include "qrsc/backends/common/template_store.hpp"
#include "qrsc/backends/html/layout.hpp"
#include "qrsc/backends/html/table_data.hpp"
#include "qrsc/backends/html/table_partials.hpp"
#include "qrsc/backends/web/offline_app.hpp"
#include "qrsc/backends/web/wasm_module.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/model/percent_text.hpp"
#include "qrsc/model/pool_odds.hpp"
#include "qrsc/model/roll_again.hpp"
#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/runtime_values.hpp"
#include "qrsc/model/success_odds.hpp"
#include "qrsc/model/triggers.hpp"
#include "qrsc/model/words.hpp"
#include "qrsc/model/written_cells.hpp"

namespace qrsc {

namespace {

std::string text_of(const std::vector<RichText>& paragraphs) {
  std::string out;
  for (const auto& p : paragraphs) {
    const std::string para = p.render();
    if (!para.empty()) out += (out.empty() ? "" : " ") + para;
  }
  return out;
}

mst::data item_data(std::size_t list, std::size_t index, const std::string& id, const std::string& value,
                    const std::string& text, int side, int at_most = 1) {
  mst::data i;
  // A modifier counted per occurrence is a count (0 to its most), not a box to tick.
  if (at_most > 1) put(i, "at_most", std::to_string(at_most));
  put(i, "side", std::to_string(side));
  put(i, "id", id);
  put(i, "list", std::to_string(list));
  put(i, "item", std::to_string(index));
  put(i, "value", value);
  put(i, "text", text);
  return i;
}

// One block of a modifier list as printed: a modifier on its own, or a group of them where its
// first member stands, named as the printed sheet names it and with the rule it follows (an
// exclusive group is a choice of one, or none).
mst::data block(mst::data items, const std::string& key, const std::string& name, const std::string& rule,
                bool exclusive) {
  mst::data b;
  put(b, "list_key", key);
  std::string legend = name.empty() ? rule : name + ": " + rule;
  if (name.empty()) legend[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(legend[0])));
  put(b, "legend", legend);
  put(b, "items", std::move(items));
  put(b, "grouped", mst::data(true));
  put(b, "exclusive", mst::data(exclusive));
  return b;
}

mst::data list_blocks(const Table& t, std::size_t list, int side) {
  mst::data blocks = list_of();
  if (const auto* mt = std::get_if<ModifierTable>(&t.body)) {
    std::vector<bool> placed(mt->groups.size(), false);
    for (std::size_t i = 0; i < mt->items.size(); ++i) {
      const ModifierItem& m = mt->items[i];
      if (!m.value) continue;  // a factor (fire points), not a die roll modifier
      const bool grouped = m.group >= 0 && static_cast<std::size_t>(m.group) < mt->groups.size();
      if (!grouped) {
        mst::data one = list_of();
        append(one, item_data(list, i, m.id, m.value_notation(), m.with_notes(m.text.render()), side, m.at_most));
        mst::data b;
        put(b, "items", std::move(one));
        append(blocks, std::move(b));
        continue;
      }
      const auto g = static_cast<std::size_t>(m.group);
      if (placed[g]) continue;
      placed[g] = true;
      const ModifierGroup& group = mt->groups[g];
      mst::data members = list_of();
      for (std::size_t j = i; j < mt->items.size(); ++j) {
        if (mt->items[j].group == m.group && mt->items[j].value) {
          const ModifierItem& member = mt->items[j];
          append(members,
                 item_data(list, j, member.id, member.value_notation(), member.with_notes(member.text.render()), side));
        }
      }
      append(blocks,
             block(std::move(members), std::to_string(side) + "-" + std::to_string(list) + "-" + std::to_string(i),
                   group.name(), group.exclusive ? "one of these at most" : "not cumulative, only the largest counts",
                   group.exclusive));
    }
  } else if (const auto* bt = std::get_if<BandTable>(&t.body)) {
    // A band table of numbered rows: the row its own key selects, one of them.
    mst::data members = list_of();
    for (std::size_t r = 0; r < bt->rows.size(); ++r) {
      const BandRow& row = bt->rows[r];
      if (row.number) append(members, item_data(list, r, row.id, format_signed(*row.number), row.title, side));
    }
    append(blocks, block(std::move(members), std::to_string(side) + "-" + std::to_string(list), bt->key_name,
                         "the row it selects", true));
  }
  return blocks;
}

// What every table's section on the page has: its place, id, title and caption.
mst::data section_data(const Table& t, std::size_t index) {
  mst::data d;
  put(d, "index", std::to_string(index));
  put(d, "table_index", std::to_string(index));
  put(d, "id", t.id);
  put(d, "title", t.title);
  put(d, "caption", t.caption);
  put(d, "has_caption", mst::data(!t.caption.empty()));
  return d;
}

// A table's columns, a choice of one (the first chosen).
mst::data columns_data(const std::vector<Column>& columns) {
  mst::data cols = list_of();
  for (std::size_t c = 0; c < columns.size(); ++c) {
    mst::data col;
    put(col, "index", std::to_string(c));
    put(col, "id", columns[c].id);
    put(col, "name", columns[c].name);
    put(col, "first", mst::data(c == 0));
    append(cols, std::move(col));
  }
  return cols;
}

// The effects a base roll of a single roll's table triggers (list sections with `trigger`): each
// with the base results that fire it (listed, so that the page compares and decides nothing) and,
// where the trigger names its check's table, that table's place on the page to roll it there.
mst::data trigger_data(const Spec& spec, const Table& t, const std::map<std::string, std::size_t>& place_of) {
  mst::data out = list_of();
  const auto& bt = std::get<BandTable>(t.body);
  if (!bt.dice || !bt.dice->net_readable()) return out;
  const IntRange base = base_roll_range(*bt.dice);
  for (const Trigger& tr : triggers_on(spec, t.id)) {
    std::string bases;
    for (std::int64_t v = base.lo; v <= base.hi; ++v) {
      if (tr.section->trigger->band.band.contains(Fraction(v))) bases += (bases.empty() ? "" : ",") + std::to_string(v);
    }
    mst::data d;
    put(d, "bases", bases);
    const std::string text = section_text(*tr.section);
    put(d, "title", title_before(tr.section->title, text));  // as the printed sheet runs them on
    put(d, "text", text);
    const Table* check = spec.table(tr.section->trigger->check);
    const auto at = check ? place_of.find(check->id) : place_of.end();
    put(d, "has_check", mst::data(at != place_of.end()));
    put(d, "check_index", at != place_of.end() ? std::to_string(at->second) : std::string());
    put(d, "check_title", check ? check->title : std::string());
    append(out, std::move(d));
  }
  return out;
}

// A chance as the page carries it: [numerator, denominator, shown], the first two as text (past
// 2^53 a JSON number loses digits in a browser: a d100 pool's, success dice's), the last as
// `qrsc odds` shows it. Digits and percents only: nothing in it needs escaping in <script>.
Json chance_json(Fraction p) {
  return Json::array({std::to_string(p.num()), std::to_string(p.den()), percent_text(p)});
}

// How many dice a unit rolls, from the pool's matrix of dice cells: its rows and columns to
// choose, the unit's number M and the net of the dice the matrix's `modifiers` add, which the
// module counts (qrs_pool_dice, the runtime's qrs::Dice::count_with); a list of none where the
// matrix is not one the module has.
mst::data dice_counter(const Spec& spec, const Table& t) {
  const std::vector<const Table*> matrices = dice_matrices(spec);
  const auto at = std::find(matrices.begin(), matrices.end(), &t);
  const auto* m = std::get_if<Matrix>(&t.body);
  if (!m || at == matrices.end()) return list_of();
  const auto index = static_cast<std::size_t>(at - matrices.begin());
  mst::data d;
  put(d, "matrix", std::to_string(index));
  put(d, "table", t.id);
  put(d, "title", t.title);
  put(d, "caption", t.caption);  // the sheet's words on what M is ("M is the unit's morale; ...")
  put(d, "has_caption", mst::data(!t.caption.empty()));
  put(d, "row_label", m->row_heading.empty() ? std::string("Row") : m->row_heading);
  // The columns' label: the one group over all of them ("Range (hexes)"), else "Column".
  const bool one_group = m->column_groups.size() == 1 && m->column_groups[0].columns.size() == m->columns.size();
  put(d, "column_label", one_group ? m->column_groups[0].name : std::string("Column"));
  // A choice of a row or a column: its place (the module's index), id and name.
  const auto option = [](std::size_t index, const std::string& id, const std::string& name) {
    mst::data o;
    put(o, "index", std::to_string(index));
    put(o, "id", id);
    put(o, "name", name);
    return o;
  };
  mst::data rows = list_of();
  for (std::size_t r = 0; r < m->rows.size(); ++r) {
    mst::data o = option(r, m->rows[r].id, m->rows[r].name);
    // Each cell as printed ("M-2"), for the answer's words.
    Json printed = Json::array();
    for (const MatrixCell& c : m->rows[r].cells) printed.push_back(written_cell(c));
    put(o, "cells", json_line(printed));
    append(rows, std::move(o));
  }
  put(d, "rows", std::move(rows));
  mst::data columns = list_of();
  for (std::size_t c = 0; c < m->columns.size(); ++c) append(columns, option(c, m->columns[c].id, m->columns[c].name));
  put(d, "columns", std::move(columns));
  put(d, "most_unit", std::to_string(kMaxUnitNumber));
  // The dice added or taken away: every net the matrix's lists allow within -24..+24 (past it a
  // count is none, or more dice than any pool's chances are given for), 0 chosen.
  constexpr std::int64_t kMostDiceNet = 24;
  const IntRange net = modifier_range(spec, m->modifiers);
  mst::data nets = list_of();
  for (std::int64_t v = std::max(net.lo, -kMostDiceNet); v <= std::min(net.hi, kMostDiceNet) && !m->modifiers.empty();
       ++v) {
    mst::data o;
    put(o, "value", std::to_string(v));
    put(o, "shown", format_signed(static_cast<int>(v)));
    put(o, "selected", mst::data(v == 0));
    append(nets, std::move(o));
  }
  std::vector<std::string> titles;
  for (const auto& id : m->modifiers) {
    if (const Table* list = spec.table(id)) titles.push_back(list->title);
  }
  put(d, "has_nets", mst::data(!m->modifiers.empty()));
  put(d, "nets", std::move(nets));
  put(d, "nets_title", fmt::format("{}", fmt::join(titles, ", ")));
  return d;
}

// Symbol dice (key.dice.pool): how many of 1 to max_pool_dice dice show each row's symbol, for
// the page to read when the player says how many dice (data, as exact fractions: the page
// computes nothing). Per column, per row, per number of dice n, a chance_json of "k or more"
// for k = 1..n.
mst::data pool_data(const Spec& spec, const BandTable& bt) {
  mst::data d;
  Json columns = Json::array();
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    const PoolOdds pool = pool_odds(bt, c, max_pool_dice(bt.dice->sides));
    Json rows = Json::array();
    for (const SymbolCounts& symbol : pool.symbols) {
      Json by_dice = Json::array();
      for (int n = 1; n <= pool.up_to; ++n) {
        Json at_least = Json::array();
        for (int k = 1; k <= n; ++k) at_least.push_back(chance_json(symbol.at_least(n, k)));
        by_dice.push_back(std::move(at_least));
      }
      rows.push_back(std::move(by_dice));
    }
    columns.push_back(std::move(rows));
  }
  const std::string json = json_line(columns);
  const Table* counts = spec.table(bt.dice->pool);
  put(d, "data", json);
  put(d, "max", std::to_string(max_pool_dice(bt.dice->sides)));
  put(d, "pool_title", counts ? counts->title : bt.dice->pool);
  if (counts) put(d, "counter", dice_counter(spec, *counts));
  return d;
}

// Success dice (key.dice.target): the chance of each row (per column) and of each count among
// n dice, for n from 1 to the exact most (at most 12), at each net modifier the table's lists
// allow within -6..+6, and for a chain at each of its first roll's: data for the page to read
// when the player says how many dice and the net modifiers (the page computes nothing).
// data.dice[n - 1][m - lo][f - first_lo] = {rows: [row][column] chance, counts: [k] chance,
// more: the chance of more than the counts shown, or null, and more_label}, each a chance_json.
mst::data success_data(const Spec& spec, const BandTable& bt) {
  const auto net_range = [&](const BandTable& b) {
    const IntRange r = net_modifier_range(spec, b);
    return std::pair<int, int>{static_cast<int>(std::max<std::int64_t>(r.lo, -6)),
                               static_cast<int>(std::min<std::int64_t>(r.hi, 6))};
  };
  const auto first = chain_first(spec, bt);
  const auto [lo, hi] = net_range(bt);
  const auto [first_lo, first_hi] = first ? net_range(*first->bands) : std::pair<int, int>{0, 0};
  const int most = std::min(max_success_dice(spec, bt), 12);
  // The counts as the widest column tells them apart (every column's rows read them).
  const auto reach = [&](std::size_t c) { return qrs::odds::count_reach(band_column(bt, c), key_domain(bt)); };
  std::size_t widest = 0;
  for (std::size_t c = 1; c < bt.columns.size(); ++c) {
    if (reach(c) > reach(widest)) widest = c;
  }
  Json by_dice = Json::array();
  for (int n = 1; n <= most; ++n) {
    Json by_modifier = Json::array();
    for (int m = lo; m <= hi; ++m) {
      Json by_first = Json::array();
      for (int f = first_lo; f <= first_hi; ++f) {
        Json rows = Json::array();
        for (std::size_t r = 0; r < bt.rows.size(); ++r) rows.push_back(Json::array());
        for (std::size_t c = 0; c < bt.columns.size(); ++c) {
          const auto counts = success_counts(spec, bt, c, n, m, f);
          if (!counts) continue;  // within max_success_dice: never
          const std::vector<Fraction> p = success_row_odds(bt, c, *counts);
          for (std::size_t r = 0; r < bt.rows.size(); ++r) rows[r].push_back(chance_json(p[r]));
        }
        const auto counts = success_counts(spec, bt, widest, n, m, f);
        Json each = Json::array();
        for (int k = 0; counts && k < counts->size; ++k) each.push_back(chance_json(counts->p(k)));
        const bool more = counts && counts->beyond != Fraction(0);
        by_first.push_back(Json{{"rows", std::move(rows)},
                                {"counts", std::move(each)},
                                {"more", more ? chance_json(counts->beyond) : Json(nullptr)},
                                {"more_label", more ? count_label(*counts, counts->size) : std::string()}});
      }
      by_modifier.push_back(std::move(by_first));
    }
    by_dice.push_back(std::move(by_modifier));
  }
  mst::data d;
  put(d, "data", json_line(Json{{"lo", lo}, {"first_lo", first_lo}, {"dice", std::move(by_dice)}}));
  put(d, "max", std::to_string(most));
  const std::optional<int> fixed = fixed_success_dice(spec, bt);
  put(d, "dice", std::to_string(std::min(fixed.value_or(most_success_dice(spec, bt).value_or(1)), most)));
  put(d, "fixed", mst::data(fixed.has_value()));
  put(d, "counting", bt.dice->count_failures ? std::string("Failures") : std::string("Successes"));
  const auto options = [](int from, int to) {
    mst::data list = list_of();
    for (int m = from; m <= to; ++m) {
      mst::data o;
      put(o, "value", std::to_string(m));
      put(o, "shown", m > 0 ? "+" + std::to_string(m) : std::to_string(m));
      put(o, "selected", mst::data(m == 0));
      append(list, std::move(o));
    }
    return list;
  };
  put(d, "modifiers", options(lo, hi));
  put(d, "chain", mst::data(first.has_value()));
  put(d, "first_title", first ? first->table->title : std::string());
  put(d, "first_modifiers", options(first_lo, first_hi));
  put(d, "columns", html::column_names(bt.columns));
  put(d, "single_column", mst::data(bt.single_column()));
  mst::data rows = list_of();
  for (std::size_t r = 0; r < bt.rows.size(); ++r) {
    mst::data rd;
    put(rd, "index", std::to_string(r));
    put(rd, "title", bt.rows[r].title);
    append(rows, std::move(rd));
  }
  put(d, "rows", std::move(rows));
  return d;
}

mst::data table_data(const Spec& spec, const Table& t, std::size_t index, const std::vector<const Table*>& lists) {
  const auto& bt = std::get<BandTable>(t.body);
  mst::data d = section_data(t, index);
  put(d, "key_name", bt.key_heading());
  // The answer's words where no row reads the result: qrsc lookup's.
  put(d, "outside_title", outside_title(bt.outside));
  put(d, "tie_title", kTieNothingTitle);
  // An opposed roll read in the loser's or the winner's column asks each side's type instead.
  const bool by_type = rolled_by_sides(bt) && bt.dice->opposed->column != qrs::ColumnBy::chosen;
  put(d, "has_columns", mst::data(!bt.single_column() && !by_type));
  // Read by the sides' types: the answer names the column read (a type's, or a matchup's).
  put(d, "read_by_type", mst::data(by_type));
  put(d, "columns_title", bt.columns_title.empty() ? "Column" : bt.columns_title);
  put(d, "columns", columns_data(bt.columns));
  // Where a row rolls again, the odds until decided beside each row's (qrs_decided_odds) and
  // qrsc odds' words for them.
  std::vector<std::string> again_titles;
  for (const BandRow& row : bt.rows) {
    if (row.again) again_titles.push_back(row.title);
  }
  if (again_titles.empty()) {
    put(d, "decided", mst::data(false));
  } else {
    mst::data decided;
    put(decided, "heading", until_decided_heading(again_titles));
    put(decided, "never", kNeverDecided);
    put(decided, "tie_both", kDecidedNotForTieBoth);
    put(decided, "too_many", decided_too_many_words());
    put(decided, "past_fractions", kDecidedPastFractions);
    put(d, "decided", std::move(decided));
  }
  mst::data rows = list_of();
  mst::data parts = list_of();
  mst::data unknown = list_of();
  std::size_t part_index = 0;
  for (std::size_t r = 0; r < bt.rows.size(); ++r) {
    const BandRow& row = bt.rows[r];
    mst::data rd;
    put(rd, "index", std::to_string(r));
    put(rd, "id", row.id);
    put(rd, "title", row.title);
    put(rd, "text", text_of(row.paragraphs));
    // The die results of the row as the sheet prints them, per column ("8+"; "Veteran 10+").
    std::string bands;
    for (std::size_t c = 0; c < row.bands.size() && c < bt.columns.size(); ++c) {
      if (!has_band(row.bands[c])) continue;
      bands += (bands.empty() ? "" : " · ") + (bt.single_column() ? "" : bt.columns[c].name + " ") +
               written_band(row.bands[c], bt.key_type);
    }
    put(rd, "bands", bands);
    put(rd, "has_number", mst::data(row.number.has_value()));
    put(rd, "number", row.number ? format_signed(*row.number) : std::string());
    // A row that rolls again: the modifiers it drops ("list/item", space-separated) and its words.
    if (row.again) {
      const std::vector<DroppedModifier> dropped = dropped_on_again(spec, bt, row);
      std::string ids;
      for (const DroppedModifier& m : dropped) ids += (ids.empty() ? "" : " ") + m.list + "/" + m.id;
      mst::data again;
      put(again, "ids", ids);
      put(again, "words", roll_again_words(dropped));
      put(rd, "again", std::move(again));
    } else {
      put(rd, "again", mst::data(false));  // not the table's or the page's
    }
    append(rows, std::move(rd));
    for (const BandPart& p : row.parts) {
      mst::data pd;
      put(pd, "index", std::to_string(part_index++));
      put(pd, "text", p.text.render());
      append(parts, std::move(pd));
    }
    for (std::size_t c = 0; c < row.bands.size(); ++c) {
      if (!row.bands[c].unknown) continue;
      mst::data u;
      put(u, "row", std::to_string(r));
      put(u, "column", std::to_string(c));
      put(u, "title", row.title);
      put(u, "footnote", unknown_footnote(unknown_value_source(t, row.source, &spec.sources)));
      append(unknown, std::move(u));
    }
  }
  put(d, "rows", std::move(rows));
  put(d, "parts", std::move(parts));
  put(d, "unknown", std::move(unknown));
  // The sides that roll: one for a single roll (unnamed), an opposed roll's attacker and
  // defender, each with its own dice and modifier lists.
  const bool by_sides = rolled_by_sides(bt);
  mst::data sides = list_of();
  for (const qrs::Side side : {qrs::Side::attacker, qrs::Side::defender}) {
    if (side == qrs::Side::defender && !by_sides) break;
    std::string name = by_sides ? kSideNames[static_cast<std::size_t>(side)] : "";
    if (!name.empty()) name[0] = static_cast<char>(name[0] - 'a' + 'A');
    mst::data sd;
    put(sd, "side", std::to_string(static_cast<int>(side)));
    put(sd, "named", mst::data(by_sides));
    put(sd, "name", name);
    put(sd, "key_name", by_sides ? name + "'s die result" : bt.key_heading());
    put(sd, "table_index", std::to_string(index));
    put(sd, "by_type", mst::data(by_type));
    // "Attacker's type (its column is read if the attacker loses)".
    std::string who = name;
    if (!who.empty()) who[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(who[0])));
    // "...; it adds its Troop Factors" where the side's type also gives it a modifier.
    const Table* factors = by_type ? spec.table(bt.dice->opposed->side(side).type_modifiers) : nullptr;
    put(sd, "type_legend",
        name + "'s type (its column is read if the " + who +
            (by_type && !bt.dice->opposed->loser_reads() ? " wins" : " loses") +
            (bt.matchups.empty() ? "" : ", or its matchup's") +
            (factors ? "; it adds its " + factors->title + ")" : ")"));
    // A side's type is one of the types' columns, not a matchup's (read by the module when
    // the types meet).
    put(sd, "types", columns_data(bt.type_columns()));
    mst::data ld = list_of();
    const std::vector<const Table*> side_lists = side_modifier_lists(spec, bt, side);
    for (const Table* l : side_lists) {
      const auto at = static_cast<std::size_t>(std::find(lists.begin(), lists.end(), l) - lists.begin());
      mst::data one;
      put(one, "table_id", l->id);
      put(one, "title", by_sides ? name + ": " + l->title : l->title);
      put(one, "blocks", list_blocks(*l, at, static_cast<int>(side)));
      append(ld, std::move(one));
    }
    put(sd, "has_lists", mst::data(!side_lists.empty()));
    put(sd, "lists", std::move(ld));
    append(sides, std::move(sd));
  }
  put(d, "opposed", mst::data(by_sides));
  put(d, "sides", std::move(sides));
  return d;
}

// A matrix shown as printed; one of range columns (`matrix`, its index among the module's range
// matrices) also with the column a distance falls in.
mst::data matrix_data(const Table& t, std::size_t index, std::optional<std::size_t> matrix) {
  const auto& m = std::get<Matrix>(t.body);
  mst::data d = section_data(t, index);
  put(d, "has_distance", mst::data(matrix.has_value()));
  put(d, "matrix", std::to_string(matrix.value_or(0)));
  put(d, "row_heading", m.row_heading);
  put(d, "columns", columns_data(m.columns));
  mst::data rows = list_of();
  std::string group;
  for (const MatrixRow& row : m.rows) {
    mst::data rd;
    put(rd, "id", row.id);
    put(rd, "name", row.name);
    // A heading over the rows of a group (Infantry, Cavalry), where the group changes.
    put(rd, "group_start", mst::data(!row.group.empty() && row.group != group));
    put(rd, "group", row.group);
    put(rd, "span", std::to_string(m.columns.size() + 1));
    group = row.group;
    mst::data cells = list_of();
    for (std::size_t c = 0; c < row.cells.size(); ++c) {
      mst::data cd;
      put(cd, "column", std::to_string(c));
      put(cd, "text", written_cell(row.cells[c]));
      append(cells, std::move(cd));
    }
    put(rd, "cells", std::move(cells));
    append(rows, std::move(rd));
  }
  put(d, "rows", std::move(rows));
  return d;
}

// The factors of the sheet's modifier tables (x 1/2), which add nothing to a roll: listed,
// hidden, for a procedure of the module that multiplies by them (its page part shows them).
mst::data factor_lists(const Spec& spec) {
  mst::data out = list_of();
  for (const Table& t : spec.tables) {
    const auto* mt = std::get_if<ModifierTable>(&t.body);
    if (!mt) continue;
    mst::data items = list_of();
    for (std::size_t i = 0; i < mt->items.size(); ++i) {
      const ModifierItem& m = mt->items[i];
      if (m.factor) append(items, item_data(0, i, m.id, m.value_notation(), m.text.render(), 0));
    }
    if (items.is_empty_list()) continue;
    mst::data l;
    put(l, "id", t.id);
    put(l, "title", t.title);
    put(l, "items", std::move(items));
    append(out, std::move(l));
  }
  return out;
}

// One table of the printed sheet (its layout file, its reference tables too), in its
// order: the ordinal and heading of the printed section it sits in.
struct PrintedPlace {
  const Table* table;
  std::size_t section;
  std::string heading;
};

std::vector<PrintedPlace> printed_order(const html::PlacedLayout& layout) {
  std::vector<PrintedPlace> out;
  std::size_t ordinal = 0;
  for (const auto& page : layout.pages) {
    for (const auto& row : page.rows) {
      for (const auto& column : row) {
        for (const auto& section : column.sections) {
          for (const auto& b : section.blocks) {
            for (const auto& placed : b) out.push_back({placed.table, ordinal, section.title});
          }
          ++ordinal;
        }
      }
    }
  }
  return out;
}

std::size_t position(const std::vector<const Table*>& tables, const Table* t) {
  return static_cast<std::size_t>(std::find(tables.begin(), tables.end(), t) - tables.begin());
}

// The page's own parts, each a script that registers its hooks with the page's (docs/web.md).
constexpr std::array<std::string_view, 4> kPageParts = {"web/dice_pools.js", "web/ranges.js", "web/opposed.js",
                                                        "web/decided.js"};

mst::data page_parts() {
  mst::data out = list_of();
  for (const std::string_view name : kPageParts) {
    mst::data e;
    put(e, "part_script", std::string(load_template(std::string(name))));
    append(out, std::move(e));
  }
  return out;
}

// The page parts of the sheet's system procedures (their package's `page:` files): each one's
// script, <template> markup and style, placed on the page as they are.
mst::data procedure_parts(const Spec& spec) {
  mst::data out = list_of();
  for (const SystemProcedure& p : spec.procedures) {
    mst::data e;
    put(e, "has_page_script", mst::data(!p.page.script.empty()));
    put(e, "page_script", p.page.script);
    put(e, "page_markup", p.page.markup);
    put(e, "page_style", p.page.style);
    append(out, std::move(e));
  }
  return out;
}

}  // namespace

struct WebPageEmitter::Templates {
  explicit Templates(const SheetOptions& options) : printed_options(options) {}
  SheetOptions printed_options;
  // The printed sheet the page prints: made, it has checked every partial of a sheet's tables,
  // which the page's own template uses too.
  HtmlSheetEmitter printed;
  TemplateDocument sheet{"web/sheet.html.mustache", Markup::html, {"web/heading.mustache", "web/as_printed.mustache"}};
  TemplateDocument index{"web/index.html.mustache", Markup::html};
};

WebPageEmitter::WebPageEmitter(const SheetOptions& printed) : templates_(std::make_unique<Templates>(printed)) {}
WebPageEmitter::~WebPageEmitter() = default;

std::string web_sheet_path(const Spec& spec) { return spec.system + "/" + sheet_file_id(spec) + ".web.html"; }

namespace {

// The way from a page at `path` (under the output folder) up to the folder: "../" per folder.
std::string root_of(const std::string& path) {
  std::string up;
  for (const char c : path) {
    if (c == '/') up += "../";
  }
  return up;
}

// The script that installs the offline app when the page is served, and where it finds the
// app's files from a page `root` below the output folder.
void offline_app_data(mst::data& d, const std::string& root) {
  put(d, "offline", std::string(load_template("web/offline.js")));
  put(d, "manifest", root + std::string(kManifestFile));
  put(d, "worker", root + std::string(kServiceWorkerFile));
}

}  // namespace

std::string WebPageEmitter::page(const Spec& spec, const std::string& wasm) const {
  mst::data d;
  put(d, "id", spec.id);
  put(d, "title", spec.title);
  put(d, "subtitle", spec.subtitle);
  put(d, "has_period", mst::data(!spec.period.empty()));
  put(d, "period", spec.period);
  put(d, "style", std::string(load_template("web/sheet.css")));
  put(d, "script", std::string(load_template("web/sheet.js")));
  offline_app_data(d, root_of(web_sheet_path(spec)));
  put(d, "wasm", base64(wasm));
  const std::vector<const Table*> lists = sheet_modifier_lists(spec);
  const std::vector<const Table*> rolled = rolled_tables(spec);
  const std::vector<const Table*> by_range = range_matrices(spec);
  // Every table the printed sheet can print (its reference tables too), in its order, under its
  // sections; each drawn as printed by the sheet's own partials, and made interactive where
  // the module answers it: a rolled table, a matrix (read, or by a distance where its columns
  // are ranges).
  const html::PlacedLayout layout = html::place(*html::load_layouts(), spec, true);
  mst::data groups = list_of();
  mst::data entries = list_of();
  mst::data options = list_of();
  std::string group_title;
  std::size_t group_section = 0;
  const auto close_group = [&] {
    if (options.is_empty_list()) return;
    mst::data g;
    put(g, "title", group_title);
    put(g, "options", std::move(options));
    append(groups, std::move(g));
    options = list_of();
  };
  std::map<std::string, std::size_t> place_of;  // each table's section on the page
  const std::vector<PrintedPlace> order = printed_order(layout);
  for (std::size_t i = 0; const PrintedPlace& place : order) place_of.emplace(place.table->id, i++);
  std::size_t index = 0;
  for (const PrintedPlace& place : order) {
    const Table& t = *place.table;
    if (index == 0 || place.section != group_section) {
      close_group();
      group_section = place.section;
      // A section without a heading is named by its first table.
      group_title = place.heading.empty() ? t.title : place.heading;
    }
    mst::data o;
    put(o, "index", std::to_string(index));
    put(o, "title", t.title);
    append(options, std::move(o));
    mst::data e;
    put(e, "section", std::to_string(place.section));
    put(e, "section_title", place.heading);
    put(e, "printed", html::table_data(t, false, 1, html::TablePrint{nullptr, spec.sources, layout.distances, &spec}));
    const std::size_t at_rolled = position(rolled, &t);
    const std::size_t at_range = position(by_range, &t);
    if (at_rolled < rolled.size()) {
      mst::data r = table_data(spec, t, index, lists);
      put(r, "module_index", std::to_string(at_rolled));
      if (const auto& bt = std::get<BandTable>(t.body); bt.dice && !bt.dice->pool.empty())
        put(r, "pool", pool_data(spec, bt));
      mst::data triggers = trigger_data(spec, t, place_of);
      put(r, "has_triggers", mst::data(!triggers.is_empty_list()));
      put(r, "triggers", std::move(triggers));
      put(e, "rolled", std::move(r));
    } else if (std::holds_alternative<Matrix>(t.body)) {
      put(e, "matrix",
          matrix_data(t, index, at_range < by_range.size() ? std::optional<std::size_t>(at_range) : std::nullopt));
    } else {
      mst::data p = section_data(t, index);
      put(p, "has_caption", mst::data(false));  // the table as printed gives it
      // A table with dice that the module does not roll (a key that is not a whole number);
      // success dice are not rolled either, but their chances are given.
      const auto* bt = std::get_if<BandTable>(&t.body);
      const bool success = bt && bt->dice && bt->dice->success();
      put(p, "not_rolled", mst::data(bt && bt->dice && !success));
      if (success) put(p, "success", success_data(spec, *bt));
      put(e, "as_printed", std::move(p));
    }
    append(entries, std::move(e));
    ++index;
  }
  close_group();
  put(d, "groups", std::move(groups));
  put(d, "entries", std::move(entries));
  put(d, "factor_lists", factor_lists(spec));
  put(d, "parts", page_parts());
  put(d, "procedures", procedure_parts(spec));
  html::set_sheet_partials(d);  // the tables as printed, and the printed sheet, by its own partials
  // What the page prints: the printed sheet's pages as qrsc's HTML sheet and PDF print them.
  std::string out;
  templates_->printed.with_sheet_data(spec, templates_->printed_options, [&](mst::data& printed) {
    put(d, "printed_sheet", std::move(printed));
    out = templates_->sheet.render(d);
  });
  return out;
}

std::string WebPageEmitter::index(const std::vector<const Spec*>& specs) const {
  mst::data d;
  mst::data sheets = list_of();
  for (const Spec* s : specs) {
    mst::data e;
    put(e, "title", s->title);
    put(e, "subtitle", s->subtitle);
    put(e, "path", web_sheet_path(*s));
    append(sheets, std::move(e));
  }
  put(d, "sheets", std::move(sheets));
  offline_app_data(d, "");
  return templates_->index.render(d);
}

std::string base64(const std::string& bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k) v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kDigits[(v >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

}  // namespace qrsc
