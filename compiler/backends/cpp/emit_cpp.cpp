#include "qrsc/backends/cpp/emit_cpp.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>

#include "qrs/band_build.hpp"
#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/common/mustache_data.hpp"
#include "qrsc/backends/common/template_store.hpp"
#include "qrsc/backends/cpp/cpp_init.hpp"
#include "qrsc/backends/cpp/cpp_names.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/model/roll_again.hpp"
#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/runtime_values.hpp"
#include "qrsc/model/success_odds.hpp"

namespace qrsc {

namespace {

// A bound of a key's domain, as the qrs::Maybe<qrs::Fraction> qrs::covers_in_order takes.
std::string cpp_bound(const std::optional<Fraction>& f) { return f ? cpp_fraction(*f) : "{}"; }

std::string join_paragraphs(const std::vector<RichText>& ps) {
  std::string out;
  for (const auto& p : ps) out += (out.empty() ? "" : "\n") + p.render();
  return out;
}

// Deprecated enumerators for the ids a rename replaced, so code written against the parent
// sheet still compiles, with a warning that names the new id ("crack is renamed to elite in
// <spec>": the template adds the spec's path, so that a table's data are the table's alone).
template <class T>
mst::data renamed_aliases(const std::vector<T>& entries, std::vector<std::string> (*old_ids_of)(const T&)) {
  std::set<std::string> taken;
  for (const auto& e : entries) taken.insert(cpp_identifier(e.id));
  mst::data list = list_of();
  for (const auto& e : entries) {
    for (const auto& old : old_ids_of(e)) {
      const std::string name = cpp_identifier(old);
      if (!taken.insert(name).second) continue;  // an old id another entry now has: no alias
      mst::data a;
      put(a, "old_enumerator", name);
      put(a, "enumerator", cpp_identifier(e.id));
      put(a, "message", fmt::format("{} is renamed to {}", old, e.id));
      append(list, std::move(a));
    }
  }
  return list;
}

template <class T>
std::vector<std::string> entry_old_ids(const T& e) {
  return e.old_ids;
}
std::vector<std::string> term_old_ids(const Term& t) {
  return t.old_id.empty() ? std::vector<std::string>{} : std::vector<std::string>{t.old_id};
}

// Entries that become enumerators, for the template: each one's enumerator, id and its words
// (under `words_key`: a column's name, a trait's text).
template <class T, class Words>
mst::data enumerated(const std::vector<T>& entries, const char* words_key, Words words_of) {
  mst::data list = list_of();
  for (const T& e : entries) {
    mst::data entry;
    put(entry, "enumerator", cpp_identifier(e.id));
    put(entry, "id", cpp_text(e.id));
    put(entry, words_key, cpp_text(words_of(e)));
    append(list, std::move(entry));
  }
  return list;
}

void add_columns(mst::data& d, const std::vector<Column>& columns, const std::string& vocabulary) {
  put(d, "columns", enumerated(columns, "name", [](const Column& c) { return c.name; }));
  put(d, "column_count", std::to_string(columns.size()));
  put(d, "column_enum_type", cpp_enum_type(columns.size()));
  if (!vocabulary.empty()) {
    mst::data v;
    put(v, "vocabulary_type", cpp_type_name(vocabulary));
    put(d, "vocabulary_columns", std::move(v));
  } else {
    put(d, "inline_columns", true);
  }
}

// The dense index of a band table (qrs::DenseIndex): the row of every key lo/scale,
// (lo+1)/scale, ... in each column, computed here by the runtime's own qrs::fill_dense_index
// and written as literal data, so that the compiler of every program that includes the header
// does not build it again. A row is kept in a byte below 255 rows, else in 16 bits; the
// largest value means no row.
mst::data dense_index_data(const BandTable& bt, int lo, std::int64_t span, std::int64_t scale) {
  const bool small = bt.rows.size() < 0xFF;
  const std::size_t no_row = small ? 0xFF : 0xFFFF;
  mst::data index;
  put(index, "lo", std::to_string(lo));
  put(index, "span", std::to_string(span));
  put(index, "scale", std::to_string(scale));
  put(index, "scaled", scale != 1);
  put(index, "row_type", small ? "unsigned char" : "std::uint16_t");
  put(index, "no_row", std::to_string(no_row));
  mst::data columns = list_of();
  std::vector<std::size_t> slots(static_cast<std::size_t>(span));
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    const std::vector<qrs::Band> bands = band_column(bt, c);
    qrs::fill_dense_index(qrs::View<qrs::Band>(bands), lo, scale, slots.data(), slots.size());
    for (auto& s : slots) s = s == qrs::npos ? no_row : s;
    mst::data col;
    put(col, "slots", fmt::format("{}", fmt::join(slots, ", ")));
    append(columns, std::move(col));
  }
  put(index, "slot_columns", std::move(columns));
  return index;
}

// The lookups' key parameter: a die result is `result`; any other key is named as the spec
// names it ("Fire points" -> fire_points), or `key` when that name spells no identifier, and
// never the column parameter's name.
std::string key_parameter(const BandTable& bt) {
  if (bt.key_type == KeyType::integer) return "result";
  const std::string name = bt.key_id();
  if (name.empty() || name == "column") return "key";
  return cpp_identifier(name);
}

mst::data band_rows(const BandTable& bt) {
  mst::data rows = list_of();
  for (const auto& r : bt.rows) {
    mst::data row;
    put(row, "enumerator", cpp_identifier(r.id));
    put(row, "init",
        CppInit()
            .text(r.id)
            .text(r.title)
            .text(join_paragraphs(r.paragraphs))
            .add(cpp_bool(r.number.has_value()), !r.number)
            .add(std::to_string(r.number.value_or(0)), r.number.value_or(0) == 0)
            .str());
    append(rows, std::move(row));
  }
  return rows;
}

// How a band table finds the row of a key: a dense index over keys k/scale (one slot per key,
// O(1)) while it stays small, past that a binary search over the bands in key order (O(log n)),
// which every table also gets for its coverage check.
struct BandIndexPlan {
  std::int64_t scale = 1;  // makes every edge whole (1 for die results; halves, quarters scale up)
  std::int64_t lo = 0;     // the key of the first slot: one below the lowest edge ("-2 or less")
  std::int64_t span = 1;   // slots per column
  bool dense = false;
};

BandIndexPlan plan_band_index(const BandTable& bt) {
  std::vector<Fraction> edges;
  bool exact = false;  // an exact comparison ("more than 1") is not a run of k/scale slots
  for (const auto& r : bt.rows) {
    for (const auto& c : r.bands) {
      if (!c.band.present) continue;
      exact = exact || c.band.exact_edges();
      if (c.band.has_lo) edges.push_back(c.band.lo);
      if (c.band.has_hi) edges.push_back(c.band.hi);
    }
  }
  const std::size_t band_edges = edges.size();
  if (bt.min) edges.push_back(*bt.min);
  if (bt.max) edges.push_back(*bt.max);
  BandIndexPlan plan;
  // Past kMaxDenseSpan parts of a whole no dense index fits; stop before the lcm can grow.
  for (const auto& e : edges) {
    if (plan.scale > limits::kMaxDenseSpan) break;
    plan.scale = std::lcm(plan.scale, e.den());
  }
  const bool scalable = plan.scale <= limits::kMaxDenseSpan;
  if (!scalable) plan.scale = 1;
  // From the lowest edge to the highest, across all columns (edges are at most 10^9 and the
  // scale at most kMaxDenseSpan, so this stays in 64 bits). An integer key's bounds widen the
  // index; a fraction key's only set its scale.
  std::optional<std::int64_t> lo, hi;
  const std::size_t widening = bt.key_type == KeyType::integer ? edges.size() : band_edges;
  for (std::size_t i = 0; i < widening; ++i) {
    const std::int64_t v = (edges[i] * plan.scale).floor();
    lo = lo ? std::min(*lo, v) : v;
    hi = hi ? std::max(*hi, v) : v;
  }
  if (lo) *lo -= 1;
  plan.lo = lo.value_or(0);
  plan.span = lo && hi ? *hi - *lo + 1 : 1;
  const std::size_t columns = bt.single_column() ? 1 : bt.columns.size();
  plan.dense = !exact && scalable && plan.span <= limits::kMaxDenseSpan &&
               static_cast<std::size_t>(plan.span) * columns <= static_cast<std::size_t>(limits::kMaxDenseSlots);
  return plan;
}

// Each column's bands and the order of its rows by key, as qrs::covers_in_order checks it: by
// lower edge, and at one edge the empty bands [x, x) first, in row order (the sort is stable).
mst::data band_columns(const BandTable& bt) {
  mst::data columns = list_of();
  std::size_t order_offset = 0;
  const auto empty = [](const qrs::Band& b) { return b.has_lo && b.has_hi && b.lo == b.hi; };
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    mst::data col;
    std::vector<std::size_t> order;
    for (std::size_t r = 0; r < bt.rows.size(); ++r) {
      if (bt.rows[r].bands[c].band.present) order.push_back(r);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const qrs::Band& x = bt.rows[a].bands[c].band;
      const qrs::Band& y = bt.rows[b].bands[c].band;
      if (qrs::starts_before(x, y) || qrs::starts_before(y, x)) return qrs::starts_before(x, y);
      return empty(x) && !empty(y);
    });
    put(col, "index", std::to_string(c));
    put(col, "position", std::to_string(c + 1));
    put(col, "order_count", std::to_string(order.size()));
    put(col, "order_offset", std::to_string(order_offset));
    order_offset += order.size();
    put(col, "order", fmt::format("{}", fmt::join(order, ", ")));
    std::string cells;  // the column's bands, each followed by ", " (one string: the bulk of a table)
    for (const qrs::Band& b : band_column(bt, c)) cells += cpp_band(b) + ", ";
    put(col, "cells", std::move(cells));
    append(columns, std::move(col));
  }
  return columns;
}

// The lookups' shared expression for the row of a key, and the checks of the key's domain
// (outside it there is no row, as `qrsc lookup` says; key.outside: clamp reads the end's row).
void put_key_lookup(mst::data& d, const BandTable& bt, const BandIndexPlan& plan) {
  const bool single = bt.single_column();
  const std::string key_param = key_parameter(bt);
  const std::string column_index = single ? std::string("0") : std::string("static_cast<std::size_t>(column)");
  put(d, "key_param", key_param);
  put(d, "column_param", single ? std::string() : std::string("Column column, "));
  put(d, "column_index", column_index);
  const std::string column_arg = single ? std::string() : ", " + column_index;
  if (!plan.dense) {
    put(d, "row_of_key",
        fmt::format("qrs::find_in_order(kBands[{0}], detail::kOrder[{0}], qrs::Fraction({1}))", column_index,
                    key_param));
  } else if (bt.key_type == KeyType::fraction) {
    put(d, "row_of_key", fmt::format("detail::kIndex.at<{}>({}{})", plan.scale, key_param, column_arg));
  } else {
    put(d, "row_of_key", fmt::format("detail::kIndex({}{})", key_param, column_arg));
  }
  if (plan.dense) put(d, "dense", dense_index_data(bt, static_cast<int>(plan.lo), plan.span, plan.scale));
  // Past the key's range a key is read as its domain says (qrs::KeyDomain::read, kDomain).
  if (bt.key_type == KeyType::fraction) {
    put(d, "fraction_key", true);
    put(d, "key_scale", std::to_string(plan.scale));
    put(d, "bounded", bt.min || bt.max);
    return;
  }
  put(d, bt.min || bt.max ? "bounded_integer" : "total", true);
}

// The rows that roll again and the modifiers each drops (qrs::RollAgain: one entry per
// modifier, one with no modifier for a row that keeps them all).
void put_roll_again(mst::data& d, const Spec& spec, const BandTable& bt) {
  mst::data again = list_of();
  std::size_t count = 0;
  for (std::size_t r = 0; r < bt.rows.size(); ++r) {
    if (!bt.rows[r].again) continue;
    std::vector<DroppedModifier> dropped = dropped_on_again(spec, bt, bt.rows[r]);
    if (dropped.empty()) dropped.push_back({});
    for (const DroppedModifier& m : dropped) {
      mst::data one;
      put(one, "init", CppInit().add(std::to_string(r)).text(m.list).text(m.id).str());
      append(again, std::move(one));
      ++count;
    }
  }
  put(d, "again", std::move(again));
  put(d, "has_again", count > 0);
  put(d, "again_count", std::to_string(count));
}

// The ids of modifier tables as the header lists them (kModifierTables).
void put_modifier_tables(mst::data& d, const std::vector<std::string>& ids) {
  mst::data mods = list_of();
  for (const auto& m : ids) {
    mst::data md;
    put(md, "id", cpp_text(m));
    append(mods, std::move(md));
  }
  put(d, "modifier_tables", std::move(mods));
  put(d, "has_modifier_tables", !ids.empty());
  put(d, "modifier_count", std::to_string(ids.size()));
}

// A roll read at a net modifier: its kRoll (an opposed roll's resolver follows the tables).
mst::data dice_data(const DiceRoll& r) {
  mst::data dd;
  put(dd, "count", std::to_string(r.count));
  put(dd, "sides", std::to_string(r.sides));
  put(dd, "difference", cpp_bool(r.difference));
  put(dd, "pool", cpp_bool(!r.pool.empty()));
  put(dd, "digits", r.digits);
  std::string notation = r.digits ? roll_notation(r) : dice_notation(r.count, r.sides);
  if (r.difference) notation = "each side " + notation + ", the difference of the modified results";
  if (!r.pool.empty()) notation += " symbol dice, as many as " + r.pool + " gives";
  put(dd, "roll_notation", notation);
  put_modifier_tables(dd, r.modifiers);
  return dd;
}

// Success dice: one die as the runtime reads it (qrs/success_pool.hpp), and the table a chain
// throws per success of (by id: its kSuccess is that table's, whatever a variant makes it).
mst::data success_data(const DiceRoll& r) {
  mst::data sd;
  const qrs::SuccessDie die = success_die(r);
  put(sd, "notation", roll_notation(r));
  put(sd, "init",
      fmt::format("{}, {}, {}, {}, {}", die.sides, die.target, cpp_band(die.reroll), cpp_band(die.explode),
                  cpp_bool(die.count_failures)));
  put(sd, "per_success_of", cpp_text(r.per_success_of));
  return sd;
}

// The parts (sub-results) of every row, in row order, with their bands per column.
std::optional<mst::data> parts_data(const BandTable& bt) {
  mst::data list = list_of();
  std::size_t count = 0;
  for (const auto& r : bt.rows) {
    for (const auto& p : r.parts) {
      mst::data item;
      put(item, "enumerator", cpp_identifier(p.id));
      put(item, "text", cpp_text(p.text.render()));
      append(list, std::move(item));
      ++count;
    }
  }
  if (count == 0) return std::nullopt;
  const bool single = bt.single_column();
  mst::data pd;
  put(pd, "part_list", std::move(list));
  put(pd, "part_count", std::to_string(count));
  put(pd, "column_count", single ? std::string("1") : std::to_string(bt.columns.size()));
  put(pd, "column_param", single ? std::string() : std::string("Column column, "));
  put(pd, "column_index", single ? std::string("0") : std::string("static_cast<std::size_t>(column)"));
  put(pd, "key_param", key_parameter(bt));
  mst::data pcols = list_of();
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    mst::data col;
    std::string cells;
    for (const qrs::Band& b : part_column(bt, c)) cells += cpp_band(b) + ", ";
    put(col, "cells", std::move(cells));
    append(pcols, std::move(col));
  }
  put(pd, "part_columns", std::move(pcols));
  return pd;
}

mst::data band_data(const BandTable& bt, const Spec& spec) {
  mst::data d;
  put(d, "aliases", renamed_aliases<BandRow>(bt.rows, entry_old_ids<BandRow>));
  // Matchups make the columns an enum of the table's own: the types' ids a rename replaced
  // stay as its deprecated enumerators, as the vocabulary's enum keeps them.
  const Vocabulary* types = bt.matchups.empty() ? nullptr : spec.vocabulary(bt.columns_vocabulary);
  if (types) put(d, "column_aliases", renamed_aliases<Term>(types->terms, term_old_ids));
  const bool single = bt.single_column();
  put(d, "single_column", single);
  put(d, "key_name", bt.key_name.empty() ? std::string("result") : bt.key_name);
  if (bt.dice && bt.dice->against) {
    mst::data a;
    put(a, "name", bt.dice->against->name);
    put(a, "lo", std::to_string(bt.dice->against->lo));
    put(a, "hi", std::to_string(bt.dice->against->hi));
    put(d, "against", std::move(a));
  }
  put(d, "rows", band_rows(bt));
  put(d, "effect_enum_type", cpp_enum_type(bt.rows.size()));
  put(d, "row_count", std::to_string(bt.rows.size()));
  if (single) {
    put(d, "column_count", "1");
    put(d, "columns", list_of());
  } else {
    // Matchups add columns of their own to the types': the columns are then an enum of the
    // table's, whatever the types are.
    add_columns(d, bt.columns, bt.matchups.empty() ? bt.columns_vocabulary : std::string());
  }
  const BandIndexPlan plan = plan_band_index(bt);
  put(d, "band_columns", band_columns(bt));
  put(d, "domain_min", cpp_bound(bt.min));
  put(d, "domain_max", cpp_bound(bt.max));
  // A tie that nothing comes of (tie: none) reads no row: its key is the one gap allowed.
  const qrs::Maybe<qrs::Band> unread =
      bt.dice && bt.dice->opposed ? qrs::unread_band(bt.dice->opposed->runtime()) : qrs::Maybe<qrs::Band>{};
  // Nor need the numbers dice read as digits do not write (qrs::covers_in_order's last argument).
  const qrs::DigitDice digits = bt.dice ? bt.dice->runtime().as_digits() : qrs::DigitDice{};
  std::string unread_arg = unread ? ", " + cpp_band(*unread) : std::string();
  if (digits.count > 0)
    unread_arg += fmt::format("{}, qrs::DigitDice{{{}, {}}}", unread ? "" : ", {}", digits.count, digits.faces);
  put(d, "unread_band", unread_arg);
  put(d, "outside", std::string(kOutsideNames[static_cast<std::size_t>(bt.outside)]));
  put_key_lookup(d, bt, plan);
  if (bt.dice && bt.dice->net_readable()) put(d, "dice", dice_data(*bt.dice));
  if (bt.dice && bt.dice->success()) put(d, "success", success_data(*bt.dice));
  put_roll_again(d, spec, bt);
  put(d, "rounding", bt.rounding.empty() ? std::string("none") : bt.rounding);
  if (auto parts = parts_data(bt)) put(d, "parts", std::move(*parts));
  return d;
}

// The traits a unit can have and the modifiers whose shares the units decide (qrs/share.hpp),
// for a list that declares either.
std::optional<mst::data> shares_data(const ModifierTable& mt) {
  if (mt.traits.empty() && !mt.by_share()) return std::nullopt;
  mst::data d;
  put(d, "traits", enumerated(mt.traits, "text", [](const Trait& t) { return t.text; }));
  put(d, "has_traits", !mt.traits.empty());
  put(d, "trait_count", std::to_string(mt.traits.size()));
  put(d, "trait_enum_type", cpp_enum_type(mt.traits.size()));
  std::vector<std::string> units, rules;
  for (std::size_t i = 0; i < mt.items.size(); ++i) {
    for (const Share& s : mt.items[i].shares) {
      rules.push_back(CppInit()
                          .add(std::to_string(i), i == 0)
                          .add(cpp_fraction(s.at_least))
                          .add(std::to_string(units.size()), units.empty())
                          .add(std::to_string(s.from.size()))
                          .str());
      for (const auto& unit : s.from) {
        std::uint32_t bits = 0;
        CppInit init;
        const ShareTerm* row = nullptr;  // the matrix row the unit reads, if named
        for (const ShareTerm& term : unit) {
          if (!term.table.empty()) row = &term;
          for (std::size_t t = 0; t < mt.traits.size(); ++t) {
            if (mt.traits[t].id == term.trait) bits |= std::uint32_t{1} << t;
          }
        }
        init.add(fmt::format("0x{:x}U", bits), bits == 0);
        if (row) init.text(row->table).text(row->row);
        units.push_back(init.str());
      }
    }
  }
  put(d, "units", fmt::format("{}", fmt::join(units, ", ")));
  put(d, "rules", fmt::format("{}", fmt::join(rules, ", ")));
  put(d, "has_rules", !rules.empty());
  put(d, "unit_count", std::to_string(units.size()));
  put(d, "rule_count", std::to_string(rules.size()));
  return d;
}

mst::data modifier_data(const ModifierTable& mt) {
  mst::data d;
  put(d, "aliases", renamed_aliases<ModifierItem>(mt.items, entry_old_ids<ModifierItem>));
  mst::data items = list_of();
  for (const auto& m : mt.items) {
    mst::data item;
    put(item, "enumerator", cpp_identifier(m.id));
    const qrs::Modifier rm = runtime_modifier(mt, m);
    put(item, "init",
        CppInit()
            .add(std::to_string(rm.value), rm.value == 0)
            .add(cpp_number(rm.factor), rm.factor == Fraction(1))
            .add(rm.group == qrs::kNoGroup ? std::string("qrs::kNoGroup") : std::to_string(rm.group),
                 rm.group == qrs::kNoGroup)
            .add(cpp_bool(rm.exclusive), !rm.exclusive)
            .add(std::to_string(rm.at_most), rm.at_most == 1)
            .str());
    put(item, "text_init",
        CppInit()
            .text(m.id)
            .text(m.value_notation())
            .text(m.text.render())
            .add(std::to_string(m.column), m.column == 1)
            .str());
    append(items, std::move(item));
  }
  put(d, "items", std::move(items));
  put(d, "has_items", !mt.items.empty());
  put(d, "item_count", std::to_string(mt.items.size()));
  put(d, "enum_type", cpp_enum_type(mt.items.size()));
  put(d, "group_count", std::to_string(mt.groups.size()));
  mst::data groups = list_of();
  for (const auto& g : mt.groups) {
    mst::data gd;
    put(gd, "rule", g.exclusive ? "One applies at most" : "Not cumulative");
    put(gd, "title", g.name());
    put(gd, "note", g.note.empty() ? std::string() : ". " + g.note);
    append(groups, std::move(gd));
  }
  put(d, "groups", std::move(groups));
  put(d, "per_occurrence",
      std::any_of(mt.items.begin(), mt.items.end(), [](const ModifierItem& m) { return m.at_most > 1; }));
  // Modifiers for some types only: each modifier's mask of the vocabulary's terms, and a total
  // by a side's type.
  if (!mt.types_vocabulary.empty()) {
    mst::data typed;
    put(typed, "type_type", cpp_type_name(mt.types_vocabulary));
    std::vector<std::string> masks;
    for (const auto& m : mt.items) masks.push_back(fmt::format("0x{:x}ULL", m.type_mask));
    put(typed, "type_masks", fmt::format("{}", fmt::join(masks, ", ")));
    put(d, "typed", std::move(typed));
  }
  if (auto shares = shares_data(mt)) put(d, "shares", std::move(*shares));
  return d;
}

mst::data matrix_data(const Matrix& m) {
  mst::data d;
  put(d, "aliases", renamed_aliases<MatrixRow>(m.rows, entry_old_ids<MatrixRow>));
  add_columns(d, m.columns, m.columns_vocabulary);
  put(d, "cell_type", cpp_cell_type(m.cell));
  put_modifier_tables(d, m.modifiers);
  mst::data rows = list_of();
  for (const auto& r : m.rows) {
    mst::data row;
    put(row, "enumerator", cpp_identifier(r.id));
    put(row, "id", cpp_text(r.id));
    put(row, "name", cpp_text(r.name));
    put(row, "group", cpp_text(r.group));
    std::string cells;  // the row's cells, each followed by ", "
    for (const auto& c : r.cells) cells += cpp_cell(c, m.cell) + ", ";
    put(row, "cells", std::move(cells));
    append(rows, std::move(row));
  }
  put(d, "rows", std::move(rows));
  put(d, "has_rows", !m.rows.empty());
  put(d, "row_count", std::to_string(m.rows.size()));
  if (const auto ranges = column_ranges(m.columns)) {
    mst::data rd;
    mst::data list = list_of();
    for (const Fraction range : *ranges) {
      mst::data r;
      put(r, "value", cpp_number(range));
      append(list, std::move(r));
    }
    put(rd, "range_list", std::move(list));
    put(d, "ranges", std::move(rd));
  }
  put(d, "enum_type", cpp_enum_type(m.rows.size()));
  return d;
}

void flatten(const std::vector<ListItem>& items, int depth, const std::string& section, mst::data& out,
             std::size_t& n) {
  for (const auto& i : items) {
    mst::data item;
    put(item, "init",
        CppInit()
            .add(std::to_string(depth), depth == 0)
            .text(section)
            .text(i.label)
            .text(i.text.render())
            .text(i.condition.render())
            .str());
    append(out, std::move(item));
    ++n;
    flatten(i.items, depth + 1, section, out, n);
  }
}

mst::data list_data(const ListTable& lt) {
  mst::data d;
  mst::data items = list_of();
  mst::data sections = list_of();
  std::size_t n = 0;
  mst::data triggers = list_of();
  std::size_t trigger_count = 0;
  for (const auto& s : lt.sections) {
    mst::data sd;
    put(sd, "title", cpp_text(s.title));
    put(sd, "id", cpp_text(s.id));
    append(sections, std::move(sd));
    flatten(s.items, 0, s.id, items, n);
    if (s.trigger) {
      mst::data td;
      put(td, "init", CppInit().text(s.id).text(s.trigger->table).add(cpp_band(s.trigger->band.band)).str());
      append(triggers, std::move(td));
      ++trigger_count;
    }
  }
  put(d, "triggers", std::move(triggers));
  put(d, "has_triggers", trigger_count > 0);
  put(d, "trigger_count", std::to_string(trigger_count));
  put(d, "items", std::move(items));
  put(d, "has_items", n > 0);
  put(d, "item_count", std::to_string(n));
  put(d, "sections", std::move(sections));
  put(d, "has_sections", !lt.sections.empty());
  put(d, "section_count", std::to_string(lt.sections.size()));
  return d;
}

mst::data facts_data(const FactsTable& ft) {
  mst::data d;
  mst::data items = list_of();
  for (const auto& f : ft.items) {
    mst::data item;
    put(item, "init", CppInit().text(f.id).text(f.value).text(f.text.render()).str());
    append(items, std::move(item));
  }
  put(d, "items", std::move(items));
  put(d, "has_items", !ft.items.empty());
  put(d, "item_count", std::to_string(ft.items.size()));
  return d;
}

// The tie rule, the ratio floor, the matchups and the type modifiers of a qrs::Opposed
// initializer, where they are not the defaults.
std::string init_tie(const OpposedRoll& o) {
  const bool matchups = !o.matchup_columns.empty();
  const bool type_modifiers = !o.type_modifier_values.empty();
  const bool types = matchups || type_modifiers;
  const bool floor = types || (o.key == qrs::OpposedKey::ratio && o.ratio_floor != Fraction(1));
  if (o.tie == qrs::Tie::one_side && !floor) return {};
  static constexpr std::array<const char*, 3> kTies = {"one_side", "none", "both"};
  return fmt::format(", qrs::Tie::{}{}{}{}", kTies[static_cast<std::size_t>(o.tie)],
                     floor ? ", " + cpp_number(o.ratio_floor) : "",
                     types ? fmt::format(", {}, {}", matchups ? "detail::kMatchupColumns" : "nullptr", o.types) : "",
                     type_modifiers ? ", detail::kTypeModifiers" : "");
}

// A table's types where both sides' types are read together (matchups, type modifiers): the
// sides' types (the vocabulary's enum, or one of the types' columns), the square of columns
// each type reads against each (qrs::Opposed::matchup_columns) and what each side adds by its
// type against the other's (qrs::Opposed::type_modifiers).
mst::data matchup_data(const BandTable& bt) {
  const OpposedRoll& o = *bt.dice->opposed;
  mst::data d;
  if (bt.columns_vocabulary.empty()) {
    std::vector<std::string> names;
    for (std::size_t c = 0; c < o.types; ++c) names.push_back(cpp_identifier(bt.columns[c].id));
    put(d, "type_decl", fmt::format("enum class Type : {} {{ {} }};", cpp_enum_type(o.types), fmt::join(names, ", ")));
  } else {
    put(d, "type_decl", "using Type = " + cpp_type_name(bt.columns_vocabulary) + ";");
  }
  if (!o.matchup_columns.empty()) put(d, "square", fmt::format("{}", fmt::join(o.matchup_columns, ", ")));
  if (!o.type_modifier_values.empty())
    put(d, "type_modifiers", fmt::format("{}", fmt::join(o.type_modifier_values, ", ")));
  return d;
}

// An opposed roll's resolver (qrs/opposed.hpp), after every table so that each side's
// modifier lists are declared before it: the roll as data, a struct per side (its base roll,
// the modifiers of each of its lists, its type when a loser's or winner's column is read),
// resolve() and odds().
mst::data opposed_data(const Spec& spec, const Table& t, const BandTable& bt, const std::string& sheet_namespace) {
  const OpposedRoll& o = *bt.dice->opposed;
  mst::data d;
  put(d, "namespace", cpp_identifier(t.id));
  put(d, "roll_notation", roll_notation(*bt.dice));
  const auto roll = [](const DiceSide& s) { return fmt::format("{{{}, {}, false, false}}", s.count, s.sides); };
  put(d, "init",
      fmt::format("{}, {}, qrs::OpposedKey::{}, qrs::ColumnBy::{}, qrs::Side::{}", roll(o.side(qrs::Side::attacker)),
                  roll(o.side(qrs::Side::defender)), kOpposedKeyNames[static_cast<std::size_t>(o.key)],
                  kColumnByNames[static_cast<std::size_t>(o.column)],
                  kSideNames[static_cast<std::size_t>(o.tie_loser)]) +
          init_tie(o));
  put(d, "tie_rule", o.tie != qrs::Tie::one_side);
  put(d, "tie_none", o.tie == qrs::Tie::none);
  put(d, "tie_both", o.tie == qrs::Tie::both);
  const bool single = bt.single_column();
  const bool typed = o.column != qrs::ColumnBy::chosen;
  put(d, "typed", typed);
  const bool both_types = !o.matchup_columns.empty() || !o.type_modifier_values.empty();
  put(d, "type_type", both_types ? "Type" : "Column");
  if (both_types) put(d, "matchups", matchup_data(bt));
  put(d, "chosen_param", !single && !typed ? std::string(", Column column") : std::string());
  put(d, "chosen_arg", !single && !typed ? std::string(", column") : std::string());
  put(d, "chosen_index", !single && !typed ? std::string("static_cast<std::size_t>(column)") : std::string("0"));
  put(d, "type_index_a", typed ? std::string("static_cast<std::size_t>(a.type)") : std::string("0"));
  put(d, "type_index_d", typed ? std::string("static_cast<std::size_t>(d.type)") : std::string("0"));
  put(d, "column_arg", single ? std::string() : std::string("static_cast<Column>(c), "));
  put(d, "column_type", single ? std::string("std::size_t") : std::string("Column"));
  put(d, "column_value", single ? std::string("c") : std::string("static_cast<Column>(c)"));
  put(d, "defender_column_value", single ? std::string("dc") : std::string("static_cast<Column>(dc)"));
  put(d, "key_arg",
      bt.key_type == KeyType::integer ? std::string("static_cast<int>(key.floor())") : std::string("key"));
  put(d, "row_count", std::to_string(bt.rows.size()));
  for (const qrs::Side side : {qrs::Side::attacker, qrs::Side::defender}) {
    mst::data lists = list_of();
    for (const auto& id : o.side(side).modifiers) {
      mst::data m;
      put(m, "type", sheet_namespace + "::" + cpp_identifier(id));
      put(m, "member", cpp_identifier(id));
      const Table* list = spec.table(id);
      const auto* mt = list ? std::get_if<ModifierTable>(&list->body) : nullptr;
      put(m, "typed_list", mt && !mt->types_vocabulary.empty());
      append(lists, std::move(m));
    }
    put(d, side == qrs::Side::attacker ? "attacker_lists" : "defender_lists", std::move(lists));
  }
  return d;
}

mst::data table_data(const Spec& spec, const Table& t) {
  mst::data td;
  put(td, "namespace", cpp_identifier(t.id));
  put(td, "table_id", t.id);
  put(td, "title", t.title);
  put(td, "title_text", cpp_text(t.title));
  put(td, "caption_text", cpp_text(t.caption));
  put(td, "kind", table_kind_name(t.kind));
  // The body under its kind's name, which the template's section of that kind reads.
  put(td, table_kind_name(t.kind),
      visit_kind(t.body, Overloaded{[&spec](const BandTable& b) { return band_data(b, spec); },
                                    [](const ModifierTable& m) { return modifier_data(m); },
                                    [](const Matrix& m) { return matrix_data(m); },
                                    [](const ListTable& l) { return list_data(l); },
                                    [](const FactsTable& f) { return facts_data(f); }}));
  return td;
}

}  // namespace

std::string cpp_header_path(const Spec& spec) { return spec.system + "/" + sheet_file_id(spec) + ".hpp"; }

std::string cpp_namespace(const Spec& spec) {
  return "qrs::" + cpp_identifier(spec.system) + "::" + cpp_identifier(sheet_file_id(spec));
}

namespace {
constexpr const char* kHeaderTemplate = "cpp/sheet.hpp.mustache";

// A line of the header can end in a backslash only inside a // comment that carries a spec's
// text (string literals escape it as \\ and close with a quote). The backslash would splice
// the next line of code into the comment, so such a line gets a full stop after it.
std::string end_comments_safely(std::string header) {
  // Backslashes are rare and one at a line's end rarer: look for them, copy nothing otherwise.
  for (std::size_t at = header.find('\\'); at != std::string::npos; at = header.find('\\', at + 1)) {
    if (at + 1 == header.size() || header[at + 1] == '\n') header.insert(at + 1, 1, '.');
  }
  return header;
}

// One scope of the header: the C++ names declared in it, each with the id it came from.
class Scope {
 public:
  Scope(std::string what, Diagnostics& diags) : what_(std::move(what)), diags_(diags) {}
  void reserve(const std::string& name, const std::string& meaning) { names_.emplace(name, Entry{meaning, {}}); }
  void add(const std::string& name, const std::string& id, const Loc& loc) {
    const auto [it, fresh] = names_.emplace(name, Entry{"'" + id + "'", loc});
    if (fresh) return;
    diags_.error(loc, "'" + id + "' and " + it->second.what + " both become the C++ name '" + name + "' in " + what_ +
                          "; rename one of them");
    if (it->second.loc.file) diags_.note(it->second.loc, it->second.what + " is here");
  }

 private:
  struct Entry {
    std::string what;
    Loc loc;
  };
  std::string what_;
  Diagnostics& diags_;
  std::map<std::string, Entry> names_;
};

template <class Items>
void check_enumerators(const Items& items, const std::string& what, Diagnostics& diags) {
  Scope scope(what, diags);
  for (const auto& i : items) scope.add(cpp_identifier(i.id), i.id, i.loc);
}
}  // namespace

void check_cpp_names(const Spec& spec, Diagnostics& diags, SharedTableChecks* shared) {
  // The sheet's namespace: kSheet, name(), a type and a k<Type>Terms array per vocabulary,
  // a namespace per table.
  Scope sheet("the sheet's namespace", diags);
  sheet.reserve("kSheet", "the sheet's description kSheet");
  sheet.reserve("name", "the function name()");
  sheet.reserve("detail", "the namespace detail (the data behind the tables)");
  for (const auto& v : spec.vocabularies) {
    sheet.add(cpp_type_name(v.id), v.id, v.loc);
    sheet.add("k" + cpp_type_name(v.id) + "Terms", v.id, v.loc);
    check_enumerators(v.terms, "enum " + cpp_type_name(v.id), diags);
  }
  for (const auto& t : spec.tables) {
    sheet.add(cpp_identifier(t.id), t.id, t.loc);
    // The names inside a table depend on the table alone.
    const std::uint64_t number = shared ? shared->numbers->number(t) : 0;
    if (number != 0 && shared->clean.count(number) > 0) continue;
    const int errors_before = diags.error_count();
    const std::string in = " of table '" + t.id + "'";
    visit_kind(
        t.body,
        Overloaded{[&](const BandTable& body) {
                     check_enumerators(body.rows, "enum Effect" + in, diags);
                     if ((body.columns_vocabulary.empty() || !body.matchups.empty()) && !body.single_column()) {
                       check_enumerators(body.columns, "enum Column" + in, diags);
                     }
                     Scope parts("enum Part" + in, diags);
                     for (const auto& r : body.rows) {
                       for (const auto& p : r.parts) parts.add(cpp_identifier(p.id), p.id, p.loc);
                     }
                   },
                   [&](const ModifierTable& body) { check_enumerators(body.items, "enum Modifier" + in, diags); },
                   [&](const Matrix& body) {
                     check_enumerators(body.rows, "enum Row" + in, diags);
                     if (body.columns_vocabulary.empty()) check_enumerators(body.columns, "enum Column" + in, diags);
                   },
                   // Their C++ names are the table's data, not enumerators.
                   [](const ListTable&) {}, [](const FactsTable&) {}});
    if (number != 0 && diags.error_count() == errors_before) shared->clean.insert(number);
  }
}

CppHeaderEmitter::CppHeaderEmitter(SharedTableNumbers* shared)
    : tmpl_(tmpl::mustache::outliving_text{}, load_template(kHeaderTemplate)), shared_(shared ? shared : &own_) {
  if (!tmpl_.is_valid()) template_error(kHeaderTemplate, tmpl_);
  tmpl_.set_custom_escape(cpp_string);
}

std::string emit_cpp_header(const Spec& spec) { return CppHeaderEmitter().header(spec); }

std::string CppHeaderEmitter::header(const Spec& spec) {
  mst::data d;
  put(d, "namespace", cpp_namespace(spec));
  put(d, "sheet_namespace", cpp_namespace(spec));
  put(d, "id", spec.id);
  put(d, "system", spec.system);
  put(d, "title", spec.title);
  put(d, "subtitle", spec.subtitle);
  put(d, "period", spec.period);
  put(d, "edition", spec.edition);
  put(d, "figures", spec.figures);
  put(d, "spec_path", spec.path);
  mst::data lineage = list_of();
  for (std::size_t i = 1; i < spec.lineage.size(); ++i) {
    mst::data l;
    put(l, "name", (i == 1 ? "from " : "  ") + spec.lineage[i]);
    append(lineage, std::move(l));
  }
  put(d, "lineage", std::move(lineage));
  mst::data vocabs = list_of();
  for (const auto& v : spec.vocabularies) {
    mst::data vd;
    put(vd, "type", cpp_type_name(v.id));
    put(vd, "title", v.title.empty() ? v.id : v.title);
    put(vd, "count", std::to_string(v.terms.size()));
    put(vd, "has_terms", !v.terms.empty());
    put(vd, "enum_type", cpp_enum_type(v.terms.size()));
    mst::data terms = list_of();
    for (const auto& t : v.terms) {
      mst::data td;
      put(td, "enumerator", cpp_identifier(t.id));
      put(td, "init", CppInit().text(t.id).text(t.name).text(t.old_name).str());
      append(terms, std::move(td));
    }
    put(vd, "terms", std::move(terms));
    put(vd, "aliases", renamed_aliases<Term>(v.terms, term_old_ids));
    append(vocabs, std::move(vd));
  }
  put(d, "vocabularies", std::move(vocabs));
  // The tables are made one at a time as the template reaches each (all their data at once
  // would be most of the header's memory), each keyed by the table (its number in the run):
  // the renderer renders a table a run's variants share once (see mst::generated_list).
  mst::generated_list tables;
  tables.count = spec.tables.size();
  tables.make = [&spec](std::size_t i) { return table_data(spec, spec.tables[i]); };
  tables.key = [this, &spec](std::size_t i) { return shared_->key(spec.tables[i]); };
  put(d, "tables", std::move(tables));
  mst::data opposed = list_of();
  bool has_opposed = false;
  for (const auto& t : spec.tables) {
    const auto* bt = std::get_if<BandTable>(&t.body);
    if (!bt || !bt->dice || !bt->dice->opposed) continue;
    append(opposed, opposed_data(spec, t, *bt, cpp_namespace(spec)));
    has_opposed = true;
  }
  put(d, "opposed_tables", std::move(opposed));
  put(d, "has_opposed", has_opposed);
  put(d, "has_success", std::any_of(spec.tables.begin(), spec.tables.end(), [](const Table& t) {
        const auto* bt = std::get_if<BandTable>(&t.body);
        return bt && bt->dice && bt->dice->success();
      }));
  mst::data names = list_of();  // the Sheet struct's list: no more than the names
  for (const auto& t : spec.tables) {
    mst::data td;
    put(td, "namespace", cpp_identifier(t.id));
    const auto* bt = std::get_if<BandTable>(&t.body);
    put(td, "type", bt && bt->dice && bt->dice->opposed ? std::string("OpposedTable") : std::string("Table"));
    append(names, std::move(td));
  }
  put(d, "table_names", std::move(names));
  std::string out = tmpl_.render(d);
  if (!tmpl_.is_valid()) template_error(kHeaderTemplate, tmpl_);
  return end_comments_safely(std::move(out));
}

}  // namespace qrsc
