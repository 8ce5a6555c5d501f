// The C ABI of a sheet's WebAssembly module (see abi.hpp): what the web page's script calls.
// Indices in, numbers out; the modifiers that apply are set one by one into a table of flags.
// No strings cross it: the page prints the texts the backend wrote into its markup.
#include "qrs/web/abi.hpp"

#include <new>
#include <string_view>

#include "qrs/web/over_one_denominator.hpp"

#define QRS_EXPORT(name) extern "C" __attribute__((export_name(#name)))

namespace qrs::web {
namespace {

// Which modifiers apply, per side (a single roll's are side 0; an opposed roll's attacker's
// side 0, its defender's side 1) and per list: flag i of list l at
// kStorage.applies[side][offset(l) + i], a flag for every modifier of the sheet.

std::size_t offset(std::size_t list) {
  std::size_t at = 0;
  for (std::size_t l = 0; l < list; ++l) at += kSheet.lists[l].mods.size();
  return at;
}

bool valid_list(int list) { return list >= 0 && static_cast<std::size_t>(list) < kSheet.lists.size(); }
bool valid_table(int table) { return table >= 0 && static_cast<std::size_t>(table) < kSheet.tables.size(); }
bool valid_side(int side) { return side == 0 || side == 1; }

// A list's counts among a side's flags: the page's (kStorage.applies[side]), or a copy.
View<std::uint8_t> applying(const std::uint8_t* flags, std::size_t list) {
  return {flags + offset(list), kSheet.lists[list].mods.size()};
}

// Each side's type (a column index of the table it is read in), set by the page: a modifier
// for other types does not apply to the side (qrs::applies_to). qrs::kNoType: every modifier.
std::size_t g_side_type[2] = {qrs::kNoType, qrs::kNoType};

const RolledTable& table_at(int table) { return kSheet.tables[static_cast<std::size_t>(table)]; }

// The lists that modify one side's roll.
View<std::uint16_t> lists_of(const RolledTable& t, int side) { return side == 1 ? t.defender_lists : t.lists; }

// The net modifier of a side of type `type`: the sum over the lists that modify it, each by
// qrs::accumulate, with the modifiers the page set (or `flags`, a copy of them).
int net_of(int table, int side, std::size_t type, const std::uint8_t* flags = nullptr) {
  if (flags == nullptr) flags = kStorage.applies[side];
  int net = 0;
  for (const std::uint16_t l : lists_of(table_at(table), side)) {
    net += qrs::accumulate(kSheet.lists[l].mods, applying(flags, l), kSheet.lists[l].types, type);
  }
  return net;
}

// The dice one side throws: a single roll's own, or an opposed roll's attacker's or defender's.
Roll roll_of(const RolledTable& t, int side) {
  if (!t.is_opposed) return t.roll;
  return side == 1 ? t.opposed.defender : t.opposed.attacker;
}

// The row a key reads in a column, as the header's lookup reads it (qrs::KeyDomain::read): -2
// when no row reads it past the key's range, -1 when no band holds it (a value the sources do
// not give).
int read_row(const RolledTable& t, std::size_t column, Fraction key) {
  const qrs::Maybe<Fraction> at = t.domain.read(key);
  if (!at) return -2;
  const std::size_t r = qrs::find_band(t.bands[column], *at);
  return r == qrs::npos ? -1 : static_cast<int>(r);
}

// `n` fractions at `p`, as the runtime's odds fill them.
struct FractionsAt {
  Fraction* p;
  std::size_t n;
  std::size_t size() const { return n; }
  Fraction& operator[](std::size_t i) const { return p[i]; }
};

// A single roll's odds in a column at the net of side 0's modifiers (the page's, or `flags`),
// as qrs::odds::fill_row_odds gives them: each row's at p[0 .. rows), no row read's at p[rows].
void fill_single_odds(int table, std::size_t column, const std::uint8_t* flags, Fraction* p) {
  const RolledTable& t = table_at(table);
  FractionsAt out{p, t.bands[column].size()};
  p[out.n] = qrs::odds::fill_row_odds(t.bands[column], t.domain, qrs::odds::key_roll(t.roll),
                                      net_of(table, 0, g_side_type[0], flags), out);
}

}  // namespace
}  // namespace qrs::web

using namespace qrs::web;

QRS_EXPORT(qrs_table_count) int qrs_table_count() { return static_cast<int>(kSheet.tables.size()); }

// The lowest and highest key the table's roll produces before modifiers (a difference roll's
// key is the first side's roll less the second's).
QRS_EXPORT(qrs_key_lo) int qrs_key_lo(int table) {
  return valid_table(table) ? qrs::odds::key_roll(kSheet.tables[static_cast<std::size_t>(table)].roll).lo : 0;
}
QRS_EXPORT(qrs_key_hi) int qrs_key_hi(int table) {
  return valid_table(table) ? qrs::odds::key_roll(kSheet.tables[static_cast<std::size_t>(table)].roll).hi() : -1;
}

// No modifier applies.
QRS_EXPORT(qrs_clear) void qrs_clear() {
  for (std::uint8_t* side : kStorage.applies) {
    for (std::size_t i = 0; i < kStorage.flags; ++i) side[i] = 0;
  }
}

// Modifier `item` of list `list` applies to a side's roll `on` times (0: not at all; a
// modifier counted per occurrence counts each, up to its at_most; any other once). False for an
// index out of range.
QRS_EXPORT(qrs_set) int qrs_set(int side, int list, int item, int on) {
  if (!valid_side(side) || !valid_list(list) || item < 0 ||
      static_cast<std::size_t>(item) >= kSheet.lists[static_cast<std::size_t>(list)].mods.size()) {
    return 0;
  }
  const std::size_t at = offset(static_cast<std::size_t>(list)) + static_cast<std::size_t>(item);
  if (at >= kStorage.flags) return 0;
  kStorage.applies[side][at] = static_cast<std::uint8_t>(on < 0 ? 0 : on > 255 ? 255 : on);
  return 1;
}

// The side's type (a column index where the table reads the sides' types; -1: none): a
// modifier for other types then does not apply to it. False for a side that is none.
QRS_EXPORT(qrs_set_type) int qrs_set_type(int side, int type) {
  if (!valid_side(side)) return 0;
  g_side_type[side] = type < 0 ? qrs::kNoType : static_cast<std::size_t>(type);
  return 1;
}

// 1 when modifier `item` of `list` is for the side's type (qrs_set_type): every modifier but
// one for other types only.
QRS_EXPORT(qrs_applies) int qrs_applies(int side, int list, int item) {
  if (!valid_side(side) || !valid_list(list) || item < 0) return 0;
  const ModifierList& m = kSheet.lists[static_cast<std::size_t>(list)];
  const auto i = static_cast<std::size_t>(item);
  if (i >= m.mods.size()) return 0;
  return qrs::applies_to(m.types, i, g_side_type[side]) ? 1 : 0;
}

// 1 when modifier `item` of `list` applies to the side (and to its type) and counts (a
// non-cumulative group's strongest).
QRS_EXPORT(qrs_counts) int qrs_counts(int side, int list, int item) {
  if (qrs_applies(side, list, item) == 0) return 0;  // also: no such side, list or item
  const auto l = static_cast<std::size_t>(list);
  const auto i = static_cast<std::size_t>(item);
  const qrs::View<std::uint8_t> applies = applying(kStorage.applies[side], l);
  const ModifierList& m = kSheet.lists[l];
  return applies[i] && qrs::counts(m.mods, applies, i, m.types, g_side_type[side]) ? 1 : 0;
}

// The net modifier of a side's roll (of the side's type, qrs_set_type). Two members of an
// exclusive group must not both be set.
QRS_EXPORT(qrs_net) int qrs_net(int table, int side) {
  if (!valid_table(table) || !valid_side(side)) return 0;
  return net_of(table, side, g_side_type[side]);
}

// The key a roll of `die` (its base roll; for a difference roll the first side's less the
// second's) gives with the modifiers set: what the table is read at.
QRS_EXPORT(qrs_result) int qrs_result(int table, int die) { return die + qrs_net(table, 0); }

// The row a roll of `die` selects in a column with the modifiers set: its index; -1 when no
// band holds the result (a value the sources do not give), -2 when the result is outside the
// table's range.
QRS_EXPORT(qrs_lookup) int qrs_lookup(int table, int column, int die) {
  if (!valid_table(table)) return -1;
  const RolledTable& t = kSheet.tables[static_cast<std::size_t>(table)];
  if (column < 0 || static_cast<std::size_t>(column) >= t.bands.size()) return -1;
  return read_row(t, static_cast<std::size_t>(column), qrs::Fraction(qrs_result(table, die)));
}

// The part (a row's sub-result, in the order of every row's parts) the same roll selects, or -1.
QRS_EXPORT(qrs_part) int qrs_part(int table, int column, int die) {
  if (!valid_table(table)) return -1;
  const RolledTable& t = kSheet.tables[static_cast<std::size_t>(table)];
  if (column < 0 || static_cast<std::size_t>(column) >= t.parts.size()) return -1;
  const std::size_t p =
      qrs::find_band(t.parts[static_cast<std::size_t>(column)], qrs::Fraction(qrs_result(table, die)));
  return p == qrs::npos ? -1 : static_cast<int>(p);
}

// The exact odds of every row of a column with the modifiers set (qrs::odds::fill_row_odds over
// the table's roll): a pointer to the rows' numerators followed by their common denominator;
// null for a table, or column, that is not one.
QRS_EXPORT(qrs_odds) const std::int64_t* qrs_odds(int table, int column) {
  if (!valid_table(table)) return nullptr;
  const RolledTable& t = kSheet.tables[static_cast<std::size_t>(table)];
  if (column < 0 || static_cast<std::size_t>(column) >= t.bands.size()) return nullptr;
  const std::size_t rows = t.bands[static_cast<std::size_t>(column)].size();
  if (rows > kStorage.rows) return nullptr;
  fill_single_odds(table, static_cast<std::size_t>(column), nullptr, kStorage.row_odds);
  return qrs::web::over_one_denominator({kStorage.row_odds, rows}, kStorage.odds);
}

// Rolling: the page throws qrs_dice(table, side) fair dice of qrs_sides(table, side) faces
// (side 0 for a single roll), writes the faces at qrs_faces(), and qrs_roll gives the die
// result they make (summed; for a difference roll the first half's sum less the second's).
QRS_EXPORT(qrs_faces) int* qrs_faces() { return kStorage.faces; }
QRS_EXPORT(qrs_dice) int qrs_dice(int table, int side) {
  if (!valid_table(table) || !valid_side(side)) return 0;
  const int dice = roll_of(table_at(table), side).dice_per_key();
  return dice >= 0 && static_cast<std::size_t>(dice) <= kStorage.dice ? dice : 0;
}
QRS_EXPORT(qrs_sides) int qrs_sides(int table, int side) {
  return valid_table(table) && valid_side(side) ? roll_of(table_at(table), side).sides : 0;
}
// Whether a side's dice can show `die` as its base roll: every number of a summed roll's range,
// only those whose every digit is a face for dice read as digits (a d66 shows no 17). 0 for a
// table or side that is not one.
QRS_EXPORT(qrs_shows) int qrs_shows(int table, int side, int die) {
  return valid_table(table) && valid_side(side) && roll_of(table_at(table), side).shows(die) ? 1 : 0;
}
QRS_EXPORT(qrs_roll) int qrs_roll(int table, int side) {
  return qrs_dice(table, side) > 0 ? roll_of(table_at(table), side).key_of(kStorage.faces) : 0;
}

// Opposed rolls (qrs/opposed.hpp): 1 when the table is one; each side rolls its own dice.
QRS_EXPORT(qrs_opposed) int qrs_opposed(int table) { return valid_table(table) && table_at(table).is_opposed ? 1 : 0; }

// Which column an opposed roll is read in: 0 the one chosen, 1 the loser's type, 2 the winner's
// (qrs::ColumnBy); the page asks each side's type for 1 and 2.
QRS_EXPORT(qrs_column_by) int qrs_column_by(int table) {
  return valid_table(table) && table_at(table).is_opposed ? static_cast<int>(table_at(table).opposed.column) : 0;
}

// The lowest and highest base roll of one side's dice.
QRS_EXPORT(qrs_side_lo) int qrs_side_lo(int table, int side) {
  return valid_table(table) && valid_side(side) ? qrs::odds::base_roll(roll_of(table_at(table), side)).lo : 0;
}
QRS_EXPORT(qrs_side_hi) int qrs_side_hi(int table, int side) {
  return valid_table(table) && valid_side(side) ? qrs::odds::base_roll(roll_of(table_at(table), side)).hi() : -1;
}

// What one side adds by its type against the other's (qrs::type_modifier: 0 where the roll has
// no type modifiers); the types are column indices.
QRS_EXPORT(qrs_type_modifier) int qrs_type_modifier(int table, int side, int attacker_type, int defender_type) {
  if (!valid_table(table) || !table_at(table).is_opposed || !valid_side(side)) return 0;
  return qrs::type_modifier(table_at(table).opposed, side == 0 ? qrs::Side::attacker : qrs::Side::defender,
                            static_cast<std::size_t>(attacker_type), static_cast<std::size_t>(defender_type));
}

// One opposed roll settled (qrs::settle, qrs::column_read) with each side's modifiers set
// (and its type modifier, where the roll has them):
// the attacker's and the defender's modified results, the key as a fraction (numerator,
// denominator), the loser (0 attacker, 1 defender), 1 for a tie, the column read, and the row
// (as qrs_lookup's: -1 no band, -2 outside the key's range; -3 a tie that nothing comes of);
// on a tie both sides read (tie: both), the defender's column and row (else -1, -1). `column`
// is the chosen one; the types are column indices, read where the table takes the loser's or
// the winner's column.
int g_settled[10]{};

namespace {
// One matchup with each side's modifiers set: each side's net, of its type where the roll reads
// the sides' types (the types are column indices).
// `flags`: each side's modifiers, the page's where null.
qrs::Matchup matchup(int table, int column, int attacker_type, int defender_type,
                     const std::uint8_t* const* flags = nullptr) {
  const bool typed = table_at(table).opposed.column != qrs::ColumnBy::chosen;
  const auto type = [typed](int t) { return typed && t >= 0 ? static_cast<std::size_t>(t) : qrs::kNoType; };
  return {net_of(table, 0, type(attacker_type), flags ? flags[0] : nullptr),
          net_of(table, 1, type(defender_type), flags ? flags[1] : nullptr), static_cast<std::size_t>(attacker_type),
          static_cast<std::size_t>(defender_type), static_cast<std::size_t>(column)};
}

// An opposed roll's odds for one matchup with each side's modifiers (the page's, or `flags`),
// as qrs::fill_opposed_odds gives them: each row's, then no row read's, at p[0 .. rows].
void fill_matchup_odds(int table, int column, int attacker_type, int defender_type, const std::uint8_t* const* flags,
                       qrs::Fraction* p) {
  const RolledTable& t = table_at(table);
  const auto read = [&t](std::size_t c, qrs::Fraction key) {
    const int r = c < t.bands.size() ? read_row(t, c, key) : -1;
    return r < 0 ? qrs::npos : static_cast<std::size_t>(r);
  };
  FractionsAt out{p, t.bands[0].size() + 1};
  qrs::fill_opposed_odds(t.opposed, t.domain, matchup(table, column, attacker_type, defender_type, flags), read, out);
}
}  // namespace

QRS_EXPORT(qrs_settle)
const int* qrs_settle(int table, int column, int attacker, int defender, int attacker_type, int defender_type) {
  if (!valid_table(table) || !table_at(table).is_opposed) return nullptr;
  const RolledTable& t = table_at(table);
  const qrs::Matchup m = matchup(table, column, attacker_type, defender_type);
  const qrs::Settled s = qrs::settle(t.opposed, m, attacker, defender);
  const std::size_t c =
      qrs::column_read(t.opposed, s, static_cast<std::size_t>(column), static_cast<std::size_t>(attacker_type),
                       static_cast<std::size_t>(defender_type));
  g_settled[0] = s.attacker;
  g_settled[1] = s.defender;
  g_settled[2] = static_cast<int>(s.key.num());
  g_settled[3] = static_cast<int>(s.key.den());
  g_settled[4] = s.loser == qrs::Side::attacker ? 0 : 1;
  g_settled[5] = s.tie ? 1 : 0;
  g_settled[6] = static_cast<int>(c);
  const auto row_in = [&](std::size_t col) { return col < t.bands.size() ? read_row(t, col, s.key) : -1; };
  g_settled[7] = qrs::reads_table(t.opposed, s) ? row_in(c) : -3;
  const std::size_t dc =
      qrs::column_of(t.opposed, qrs::Side::defender, static_cast<std::size_t>(column),
                     static_cast<std::size_t>(attacker_type), static_cast<std::size_t>(defender_type));
  const bool both = qrs::reads_both(t.opposed, s);
  g_settled[8] = both ? static_cast<int>(dc) : -1;
  g_settled[9] = both ? row_in(dc) : -1;
  return g_settled;
}

// The exact odds of every row for one matchup (qrs::fill_opposed_odds with each side's
// modifiers set): the rows' numerators, then the share no row reads, then their common
// denominator.
QRS_EXPORT(qrs_opposed_odds)
const std::int64_t* qrs_opposed_odds(int table, int column, int attacker_type, int defender_type) {
  if (!valid_table(table) || !table_at(table).is_opposed) return nullptr;
  const RolledTable& t = table_at(table);
  if (t.bands.size() == 0) return nullptr;
  const std::size_t rows = t.bands[0].size();
  if (rows > kStorage.rows) return nullptr;
  fill_matchup_odds(table, column, attacker_type, defender_type, nullptr, kStorage.row_odds);
  return qrs::web::over_one_denominator({kStorage.row_odds, rows + 1}, kStorage.odds);
}

// Odds until decided (qrs/decided_odds.hpp, as `qrsc odds` gives them with the modifiers named):
// where a row's effect is to roll again, each row's chance once the rows that roll again have
// been rolled again without the modifiers they name, from the modifiers set (each side's) and,
// for an opposed roll, the matchup. The rows' numerators, then no row read's, then their common
// denominator; a denominator of 0: never decided (every result rolls again with the modifiers
// still set), -1: more rolls met than the module has room for, -2: not given (a tie both sides
// read). Null for a table none of whose rows rolls again. A result past 64-bit fractions traps.
namespace {

// The modifiers the rows of a table drop, each once: (list, item) pairs, at most 32 (a roll's
// KeptDrops holds two sides' bits for each).
struct Droppable {
  static constexpr std::size_t kMost = 32;
  std::size_t size = 0;
  std::size_t flag[kMost]{};  // where each is in a side's flags
  bool fits = true;
};

Droppable droppable_of(const RolledTable& t) {
  Droppable d;
  for (const AgainDrop& a : t.again) {
    if (a.list == kKeepsAll) continue;
    const std::size_t flag = offset(a.list) + a.item;
    bool known = false;
    for (std::size_t j = 0; j < d.size; ++j) known = known || d.flag[j] == flag;
    if (known) continue;
    if (d.size == Droppable::kMost) {
      d.fits = false;
      break;
    }
    d.flag[d.size++] = flag;
  }
  return d;
}

// The table's rolls as qrs::odds::decided_odds sees them: a roll is which droppable modifiers
// still count, and its odds are qrs_odds' or qrs_opposed_odds' with the others taken out.
struct FlagRolls {
  const RolledTable& t;
  int table, column, attacker_type, defender_type;
  const Droppable& drops;

  [[nodiscard]] std::size_t rows() const { return t.bands[static_cast<std::size_t>(t.is_opposed ? 0 : column)].size(); }
  [[nodiscard]] bool rerolls_outside() const { return t.domain.outside == qrs::Outside::reroll; }
  [[nodiscard]] bool rolls_again(std::size_t row) const {
    for (const AgainDrop& a : t.again) {
      if (a.row == row) return true;
    }
    return false;
  }
  [[nodiscard]] KeptDrops again(KeptDrops roll, std::size_t row) const {
    for (const AgainDrop& a : t.again) {
      if (a.row != row || a.list == kKeepsAll) continue;
      const std::size_t flag = offset(a.list) + a.item;
      for (std::size_t j = 0; j < drops.size; ++j) {
        if (drops.flag[j] == flag) roll.kept &= ~(std::uint64_t{3} << (2 * j));
      }
    }
    return roll;
  }
  // The roll at the start: each droppable modifier the page set on a side.
  [[nodiscard]] KeptDrops first() const {
    KeptDrops roll;
    for (std::size_t j = 0; j < drops.size; ++j) {
      for (std::size_t side = 0; side < 2; ++side) {
        if (kStorage.applies[side][drops.flag[j]] != 0) roll.kept |= std::uint64_t{1} << (2 * j + side);
      }
    }
    return roll;
  }
  bool first_odds(KeptDrops roll, qrs::Fraction* p) const {
    for (std::size_t side = 0; side < 2; ++side) {
      for (std::size_t i = 0; i < kStorage.flags; ++i) kStorage.scratch[side][i] = kStorage.applies[side][i];
      for (std::size_t j = 0; j < drops.size; ++j) {
        if ((roll.kept >> (2 * j + side) & 1) == 0) kStorage.scratch[side][drops.flag[j]] = 0;
      }
    }
    if (t.is_opposed) {
      const std::uint8_t* const flags[2] = {kStorage.scratch[0], kStorage.scratch[1]};
      fill_matchup_odds(table, column, attacker_type, defender_type, flags, p);
    } else {
      fill_single_odds(table, static_cast<std::size_t>(column), kStorage.scratch[0], p);
    }
    return true;
  }
};

}  // namespace

QRS_EXPORT(qrs_decided_odds)
const std::int64_t* qrs_decided_odds(int table, int column, int attacker_type, int defender_type) {
  if (!valid_table(table) || table_at(table).again.size() == 0) return nullptr;
  const RolledTable& t = table_at(table);
  if (column < 0 || static_cast<std::size_t>(column) >= t.bands.size()) return nullptr;
  const Droppable drops = droppable_of(t);
  const FlagRolls rolls{t, table, column, attacker_type, defender_type, drops};
  const std::size_t rows = rolls.rows();
  if (rows > kStorage.rows) return nullptr;
  const auto status = [rows](std::int64_t code) {
    for (std::size_t i = 0; i <= rows; ++i) kStorage.odds[i] = 0;
    kStorage.odds[rows + 1] = code;
    return kStorage.odds;
  };
  if (t.is_opposed && t.opposed.tie == qrs::Tie::both) return status(-2);
  if (!drops.fits) return status(-1);
  const std::size_t room = kStorage.decided_capacity * (kStorage.rows + 1);
  for (std::size_t i = 0; i < room; ++i) new (kStorage.decided_room + i * sizeof(qrs::Fraction)) qrs::Fraction();
  qrs::odds::DecidedMemo<KeptDrops> memo{kStorage.decided_rolls, kStorage.decided_capacity,
                                         std::launder(reinterpret_cast<qrs::Fraction*>(kStorage.decided_room))};
  const qrs::Fraction* p = nullptr;
  switch (qrs::odds::decided_odds(rolls, rolls.first(), memo, p)) {
    case qrs::odds::Decided::given: return qrs::web::over_one_denominator({p, rows + 1}, kStorage.odds);
    case qrs::odds::Decided::never: return status(0);
    case qrs::odds::Decided::too_many:
    case qrs::odds::Decided::failed: return status(-1);
  }
  return status(-1);
}

// Range matrices: the column a distance of num/den inches falls in (qrs::range_column, as a
// header's column_for), or -1 before the first range or beyond the last.
QRS_EXPORT(qrs_range_column) int qrs_range_column(int matrix, int num, int den) {
  if (matrix < 0 || static_cast<std::size_t>(matrix) >= kSheet.ranges.size() || den <= 0) return -1;
  const std::size_t c =
      qrs::range_column(kSheet.ranges[static_cast<std::size_t>(matrix)].ranges, qrs::Fraction(num, den));
  return c == qrs::npos ? -1 : static_cast<int>(c);
}

// The dice a unit whose number (M) is `base` rolls from the cell at `row`, `column` of dice
// matrix `matrix`, with `net` dice added or taken away (the matrix's modifiers): the runtime's
// qrs::Cell<Dice>::count_with (none where the cell cannot fire, never below none); -1 for no such
// cell, -2 for a cell the sources do not give (printed "?": no count).
QRS_EXPORT(qrs_pool_dice) int qrs_pool_dice(int matrix, int row, int column, int base, int net) {
  if (matrix < 0 || static_cast<std::size_t>(matrix) >= kSheet.dice.size()) return -1;
  const qrs::Grid<qrs::Cell<qrs::Dice>>& cells = kSheet.dice[static_cast<std::size_t>(matrix)].cells;
  if (row < 0 || column < 0 || static_cast<std::size_t>(row) >= cells.size() ||
      static_cast<std::size_t>(column) >= cells.width()) {
    return -1;
  }
  const qrs::Cell<qrs::Dice>& cell = cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
  return cell.count_with(base, net).value_or(-2);
}

// Text the page hands the module (a distance typed in): UTF-8 bytes written at qrs_text(), at
// most qrs_text_size() of them.
namespace {
char g_text[256];
int g_distance[2];
}  // namespace
QRS_EXPORT(qrs_text) char* qrs_text() { return g_text; }
QRS_EXPORT(qrs_text_size) int qrs_text_size() { return static_cast<int>(sizeof g_text); }

// The distance in the `length` bytes at qrs_text() as qrsc reads a typed distance
// (qrs::text::read_distance: "6", "6.5", "6 1/2", "6in", "6\""): its inches reduced, numerator
// and denominator; null when the text is not a distance or its terms do not fit an int.
QRS_EXPORT(qrs_distance) const int* qrs_distance(int length) {
  if (length < 0 || static_cast<std::size_t>(length) > sizeof g_text) return nullptr;
  const qrs::text::TypedNumber n =
      qrs::text::read_distance(std::string_view(g_text, static_cast<std::size_t>(length)), kNumberLimits);
  if (!n.ok()) return nullptr;
  const qrs::Fraction f(n.num, n.den);
  constexpr std::int64_t kMost = 2147483647;
  if (f.num() > kMost || f.num() < -kMost || f.den() > kMost) return nullptr;
  g_distance[0] = static_cast<int>(f.num());
  g_distance[1] = static_cast<int>(f.den());
  return g_distance;
}
