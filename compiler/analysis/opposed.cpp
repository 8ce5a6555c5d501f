#include "qrsc/analysis/opposed.hpp"

#include <fmt/format.h>

#include "qrs/opposed.hpp"
#include "qrsc/analysis/column_choice.hpp"
#include "qrsc/analysis/key_read.hpp"
#include "qrsc/analysis/net_modifier.hpp"
#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/runtime_values.hpp"

namespace qrsc {

namespace {

const char* side_name(qrs::Side s) { return kSideNames[static_cast<std::size_t>(s)]; }

// What a tie that nothing comes of (tie: none) is called where a row's title would be.

template <class T>
using Read = Expected<T>;  // or the message for the user saying why not

// One side read from its words.
struct SideRead {
  int roll = 0;
  std::optional<std::size_t> type;  // a column index
  NetModifier net;                  // its modifiers, and last its type modifier where the roll has them
  int by_type = 0;                  // that type modifier
  // The net of its modifier lists alone (qrs::Matchup's: the runtime adds the type modifier).
  [[nodiscard]] int lists() const { return net.total - by_type; }
};

// The opposed roll a table states.
struct OpposedTable {
  const Table* table = nullptr;
  const BandTable* bands = nullptr;
  const OpposedRoll* roll = nullptr;
};

Read<OpposedTable> opposed_table(const Spec& spec, const std::string& id) {
  OpposedTable o;
  o.table = spec.table(id);
  if (!o.table) {
    std::vector<std::string> names;
    for (const auto& t : spec.tables) names.push_back(t.id);
    return program_error(not_found(fmt::format("spec '{}' has no table '{}'", spec.id, id), id, names, "tables"));
  }
  o.bands = std::get_if<BandTable>(&o.table->body);
  if (!o.bands || !o.bands->dice || !o.bands->dice->opposed) {
    return program_error(
        fmt::format("table '{}' is not an opposed roll (key.dice with attacker and defender); --attacker and "
                    "--defender apply to those",
                    id));
  }
  o.roll = &*o.bands->dice->opposed;
  return o;
}

// The modifier of the side's lists a word names ("modifier 'bd' of 'factors' (+5, Blades)"), or "".
std::string modifier_reading(const Spec& spec, const OpposedTable& o, qrs::Side side, const std::string& word) {
  for (const auto& id : o.roll->side(side).modifiers) {
    const Table* t = spec.table(id);
    const auto* mt = t ? std::get_if<ModifierTable>(&t->body) : nullptr;
    if (!mt) continue;
    for (const auto& m : mt->items) {
      if (m.id != word) continue;
      const std::string value =
          m.value ? format_signed(*m.value) : "x " + format_number(m.factor.value_or(Fraction(1)));
      return fmt::format("the modifier '{}' of '{}' ({}{})", m.id, id, value,
                         m.text.empty() ? "" : ", " + m.text.render());
    }
  }
  return {};
}

// The words of one side: its roll first when `with_roll`, then its type where the table reads
// a loser's or winner's column, and its modifiers. `type=WORD` names the type alone; any other
// word that names a column is the type, unless it also names one of the side's modifiers:
// such a word has two readings, and the user is asked which.
Read<SideRead> read_side(const Spec& spec, const OpposedTable& o, qrs::Side side, const SideWords& words,
                         bool with_roll) {
  SideRead s;
  std::vector<std::string> terms;
  std::size_t first = 0;
  if (with_roll) {
    std::string why;
    const auto roll = words.empty() ? std::nullopt : parse_number(words[0], &why);
    if (!roll || !roll->is_integer()) {
      return program_error(fmt::format("--{} starts with the side's base roll, a whole number such as 7{}",
                                       side_name(side), words.empty() ? "" : fmt::format(", not '{}'", words[0])));
    }
    s.roll = static_cast<int>(roll->num());
    first = 1;
  }
  const bool typed = o.roll->column != qrs::ColumnBy::chosen;
  // A side's type is one of the types' columns, never a matchup's.
  const std::vector<Column> types = o.bands->type_columns();
  constexpr std::string_view kTypeIs = "type=";
  const bool type_named = std::any_of(words.begin() + static_cast<std::ptrdiff_t>(first), words.end(),
                                      [&](const std::string& w) { return w.starts_with(kTypeIs); });
  const auto set_type = [&](std::size_t index) -> std::optional<std::string> {
    if (s.type && *s.type != index) {
      return fmt::format("the {} has one type; '{}' and '{}' are two", side_name(side), o.bands->columns[*s.type].id,
                         o.bands->columns[index].id);
    }
    s.type = index;
    return std::nullopt;
  };
  for (std::size_t i = first; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.starts_with(kTypeIs)) {
      if (!typed) {
        return program_error(fmt::format(
            "table '{}' does not read a side's type ('{}'); its column is chosen with --column", o.table->id, word));
      }
      const auto c = choose_column(spec, o.bands->columns_vocabulary, types, word.substr(kTypeIs.size()), o.table->id);
      if (!c) return program_error(fmt::format("{}: {}", side_name(side), c.error().message));
      if (auto clash = set_type(c->index)) return program_error(*clash);
      continue;
    }
    if (typed && !type_named) {
      const auto c = choose_column(spec, o.bands->columns_vocabulary, types, word, o.table->id);
      if (c) {
        if (const std::string modifier = modifier_reading(spec, o, side, word); !modifier.empty()) {
          const Column& col = o.bands->columns[c->index];
          return program_error(
              fmt::format("'{}' could be the {}'s type {} ('{}') or {}; name the type as type={} and '{}' is read as "
                          "the modifier",
                          word, side_name(side), col.name, col.id, modifier, col.id, word));
        }
        if (auto clash = set_type(c->index)) return program_error(*clash);
        continue;
      }
    }
    terms.push_back(word);
  }
  if (typed && !s.type) {
    std::vector<std::string> ids;
    for (const auto& c : types) ids.push_back(c.id);
    return program_error(fmt::format("table '{}' reads the {}'s column: give the {}'s type ({})", o.table->id,
                                     kColumnByNames[static_cast<std::size_t>(o.roll->column)], side_name(side),
                                     fmt::join(ids, ", ")));
  }
  auto net = side_modifier(spec, *o.table, side, terms, s.type);
  if (!net) return program_error(fmt::format("{}: {}", side_name(side), net.error().message));
  s.net = std::move(*net);
  return s;
}

// The column the caller chooses, where the table does not read a side's type.
Read<std::size_t> chosen_column(const Spec& spec, const OpposedTable& o, const std::optional<std::string>& column) {
  const bool typed = o.roll->column != qrs::ColumnBy::chosen;
  if (o.bands->single_column() || typed) {
    if (column) {
      return program_error(fmt::format("table '{}' {}; drop --column", o.table->id,
                                       typed ? "reads the column of a side's type" : "has a single column"));
    }
    return std::size_t{0};
  }
  if (!column)
    return program_error(fmt::format("table '{}' has several columns; choose one with --column", o.table->id));
  const auto c = choose_column(spec, o.bands->columns_vocabulary, o.bands->columns, *column, o.table->id);
  if (!c) return c.error();
  return c->index;
}

// "attacker (Cavalry) +1 (Elite)": a side of a matchup, in the words every answer uses.
std::string matchup_side(const char* name, const SideRead& side, const BandTable& bt) {
  return side_words(name, side.type ? bt.columns[*side.type].name : std::string(), std::nullopt, side.net);
}

// A table's opposed roll and both sides read from their words (and the column chosen, where
// the caller chooses it).
struct GivenMatchup {
  OpposedTable o;
  SideRead at, de;
  std::size_t chosen = 0;
};

// Each side's modifier by its type against the other's (the roll's type modifiers), added to
// its net as the modifier the sheet's matrix gives ("+3 (Heavy foot against Mounted)").
void add_type_modifiers(GivenMatchup& g) {
  const OpposedRoll& roll = *g.o.roll;
  if (roll.type_modifier_values.empty() || !g.at.type || !g.de.type) return;
  const qrs::Opposed rules = roll.runtime();
  for (const qrs::Side side : {qrs::Side::attacker, qrs::Side::defender}) {
    SideRead& s = side == qrs::Side::attacker ? g.at : g.de;
    const SideRead& other = side == qrs::Side::attacker ? g.de : g.at;
    if (roll.side(side).type_modifiers.empty()) continue;
    s.by_type = qrs::type_modifier(rules, side, *g.at.type, *g.de.type);
    const std::vector<Column>& columns = g.o.bands->columns;
    s.net.applied.push_back({roll.side(side).type_modifiers,
                             fmt::format("{} against {}", columns[*s.type].name, columns[*other.type].name),
                             s.by_type,
                             true,
                             {}});
    s.net.total += s.by_type;
  }
}

Read<GivenMatchup> given_matchup(const Spec& spec, const std::string& table, const SideWords& attacker,
                                 const SideWords& defender, const std::optional<std::string>& column, bool with_roll) {
  const auto o = opposed_table(spec, table);
  if (!o) return o.error();
  const auto at = read_side(spec, *o, qrs::Side::attacker, attacker, with_roll);
  if (!at) return at.error();
  const auto de = read_side(spec, *o, qrs::Side::defender, defender, with_roll);
  if (!de) return de.error();
  const auto chosen = chosen_column(spec, *o, column);
  if (!chosen) return chosen.error();
  GivenMatchup g{*o, *at, *de, *chosen};
  add_type_modifiers(g);
  return g;
}

}  // namespace

Expected<LookupAnswer> opposed_lookup(const Spec& spec, const std::string& table, const SideWords& attacker,
                                      const SideWords& defender, const std::optional<std::string>& column) {
  const auto given = given_matchup(spec, table, attacker, defender, column, true);
  if (!given) return given.error();
  const GivenMatchup& g = *given;
  LookupAnswer a;
  const OpposedTable& o = g.o;
  const SideRead& at = g.at;
  const SideRead& de = g.de;
  const BandTable& bt = *o.bands;
  const qrs::Opposed rules = o.roll->runtime();
  const qrs::Settled s =
      qrs::settle(rules, qrs::Matchup{at.lists(), de.lists(), at.type.value_or(0), de.type.value_or(0), g.chosen},
                  at.roll, de.roll);
  const std::size_t col = qrs::column_read(rules, s, g.chosen, at.type.value_or(0), de.type.value_or(0));
  const bool read = qrs::reads_table(rules, s);
  const std::size_t r = read ? row_read(bt, col, s.key) : qrs::npos;
  a.kind = LookupAnswer::Kind::opposed;
  a.note = read_key(bt, s.key).note;
  a.table_title = o.table->title;
  a.column = bt.single_column() ? std::string() : bt.columns[col].name;
  a.key = fmt::format("{} {} {}", at.roll, de.roll, format_number(s.key));
  a.result = format_number(s.key);
  const auto type = [&](const SideRead& side) { return side.type ? bt.columns[*side.type].id : std::string(); };
  const auto type_name = [&](const SideRead& side) { return side.type ? bt.columns[*side.type].name : std::string(); };
  a.sides = {{at.roll, at.net.total, s.attacker, at.net, type(at), type_name(at), std::nullopt},
             {de.roll, de.net.total, s.defender, de.net, type(de), type_name(de), std::nullopt}};
  const auto column_id = [&](std::size_t c) { return bt.single_column() ? std::string() : bt.columns[c].id; };
  a.outcome = {bt.key_name, s.tie, read, static_cast<std::size_t>(s.loser), rules.tie, column_id(col)};
  if (!read) {
    a.row = kOutsideRowId;
    a.title = kTieNothingTitle;
    a.effect = a.title;
  } else if (r == qrs::npos) {
    a.row = kOutsideRowId;
    a.title = outside_title(bt.outside);
    a.effect = a.title;
  } else {
    a.row = bt.rows[r].id;
    a.title = bt.rows[r].title;
    a.effect = bt.rows[r].effect();
  }
  if (qrs::reads_both(rules, s)) {
    // Each side reads its own column at the tie's key: the attacker's reading above, the defender's here.
    const std::size_t dcol =
        qrs::column_of(rules, qrs::Side::defender, g.chosen, at.type.value_or(0), de.type.value_or(0));
    const std::size_t dr = row_read(bt, dcol, s.key);
    // Where a side's row rolls again, the modifiers it drops.
    const auto again_of = [&](std::size_t row) -> std::optional<std::vector<DroppedModifier>> {
      if (row == qrs::npos || !bt.rows[row].again) return std::nullopt;
      return dropped_on_again(spec, bt, bt.rows[row]);
    };
    a.sides[0].reads.emplace(LookupAnswer::Reading{a.column, column_id(col), a.row, a.title, a.effect, again_of(r)});
    const std::string d_title = dr == qrs::npos ? outside_title(bt.outside) : bt.rows[dr].title;
    a.sides[1].reads.emplace(
        LookupAnswer::Reading{bt.single_column() ? std::string() : bt.columns[dcol].name, column_id(dcol),
                              dr == qrs::npos ? std::string(kOutsideRowId) : bt.rows[dr].id, d_title,
                              dr == qrs::npos ? d_title : bt.rows[dr].effect(), again_of(dr)});
    a.again = a.sides[0].reads->again;
  } else if (read && r != qrs::npos && bt.rows[r].again) {
    a.again = dropped_on_again(spec, bt, bt.rows[r]);
  }
  return a;
}

Expected<OddsReport> opposed_odds(const Spec& spec, const std::string& table, const SideWords& attacker,
                                  const SideWords& defender, const std::optional<std::string>& column) {
  const auto given = given_matchup(spec, table, attacker, defender, column, false);
  if (!given) return given.error();
  const GivenMatchup& g = *given;
  OddsReport r;
  const OpposedTable& o = g.o;
  const SideRead& at = g.at;
  const SideRead& de = g.de;
  const BandTable& bt = *o.bands;
  r.table = o.table->id;
  r.title = o.table->title;
  r.roll = roll_notation(*bt.dice);
  r.modifier_tables = bt.dice->modifier_tables();
  for (const auto& row : bt.rows) {
    r.row_ids.push_back(row.id);
    r.row_titles.push_back(row.title);
  }
  r.modifiers = {at.net.total - de.net.total};
  const qrs::Matchup m{at.lists(), de.lists(), at.type.value_or(0), de.type.value_or(0), g.chosen};
  std::vector<Fraction> p(bt.rows.size() + 1);
  const qrs::KeyDomain domain = key_domain(bt);
  const auto find = [&](std::size_t c, Fraction key) { return row_read(bt, c, key); };
  qrs::fill_opposed_odds(o.roll->runtime(), domain, m, find, p);
  std::vector<Fraction> attacker_lost(p.size());
  qrs::fill_opposed_odds(o.roll->runtime(), domain, m, find, attacker_lost, qrs::Side::attacker);
  std::vector<Fraction> defender_lost(p.size());
  qrs::fill_opposed_odds(o.roll->runtime(), domain, m, find, defender_lost, qrs::Side::defender);
  r.attacker_modifier = at.net.total;
  r.defender_modifier = de.net.total;
  r.matchup = fmt::format("{} against {}", matchup_side("attacker", at, bt), matchup_side("defender", de, bt));
  r.columns.push_back({at.type ? bt.columns[*at.type].id + "_vs_" + bt.columns[*de.type].id : std::string("matchup"),
                       r.matchup,
                       {p},
                       attacker_lost,
                       defender_lost});
  if (p.back() != Fraction(0)) {
    r.row_ids.push_back(kOutsideRowId);
    // A tie that nothing comes of is read by no row (and so is a result past the key's range).
    const bool ties_unread = o.roll->tie == qrs::Tie::none;
    // Results past the key's range land here only where they have no effect (clamped ones are
    // read by an end row, re-rolled ones shared out).
    r.row_titles.push_back(ties_unread
                               ? std::string(kTieNothingTitle) +
                                     (bt.outside == Outside::no_effect ? " or " + outside_title(bt.outside) : "")
                               : outside_title(bt.outside));
  } else {
    r.columns.back().p.back().pop_back();
    r.columns.back().attacker_lost.pop_back();
    r.columns.back().defender_lost.pop_back();
  }
  return r;
}

}  // namespace qrsc
