// Opposed rolls as data (spec `key.dice` with `attacker` and `defender`): each side rolls its
// own dice and adds its own modifiers, and a modifier by its type against the other's where the
// sheet gives one (a combat factor read from a matrix); the key is the attacker's modified result less the
// defender's (difference), the winner's less the loser's (margin), or the winner's over the
// loser's (ratio: "doubled" is a ratio of at least 2); the column read is the one the caller
// chooses, or the loser's or the winner's type, or a matchup's column where the sheet reads
// that type differently against some types of the other side. A tie is lost by one side, or nothing comes of
// it, or both sides are affected, each reading its own column. A generated header's `resolve` and `odds`, and
// qrsc's `lookup` and `odds`, settle a roll with this one implementation.
#pragma once

#include <cstddef>
#include <cstdint>

#include "qrs/band.hpp"
#include "qrs/dice.hpp"
#include "qrs/fraction.hpp"
#include "qrs/maybe.hpp"
#include "qrs/odds.hpp"

namespace qrs {

enum class Side : unsigned char { attacker, defender };
enum class OpposedKey : unsigned char { difference, margin, ratio };
enum class ColumnBy : unsigned char { chosen, loser, winner };
// What a tie means (spec `tie`): `tie_loser` loses it (`attacker`, `defender`), nothing happens
// (`none`: the table is not read), or both sides are affected (`both`: each reads its own column
// at the tie's key).
enum class Tie : unsigned char { one_side, none, both };

struct Opposed {
  Roll attacker{};
  Roll defender{};
  OpposedKey key = OpposedKey::difference;
  ColumnBy column = ColumnBy::chosen;
  Side tie_loser = Side::defender;  // the side that loses a tie (whose type a loser's column reads)
  Tie tie = Tie::one_side;
  // A ratio counts a result below this as this (spec `ratio_floor`; positive): with 1, a side
  // whose modifiers take it to 0 or below is beaten by any multiple.
  Fraction ratio_floor = Fraction(1);
  // Matchups (spec `matchups`): where a type is read differently against some types of the
  // other side, the column each type reads against each: `types` x `types` column indices, by
  // the reading side's type, then the other's. None: a side reads its own type's column.
  const std::size_t* matchup_columns = nullptr;
  std::size_t types = 0;
  // Type modifiers (spec `type_modifiers`): what each side adds by its type against the other
  // side's type, a factor read from a matrix: 2 x `types` x `types` values, by side, the side's
  // type, then the other's. None: no side adds one.
  const int* type_modifiers = nullptr;

  // A result as a ratio counts it.
  [[nodiscard]] constexpr Fraction counted(int result) const {
    return Fraction(result) < ratio_floor ? ratio_floor : Fraction(result);
  }
};

// One roll settled: both modified results, the key they give and who lost.
struct Settled {
  int attacker = 0;
  int defender = 0;
  Fraction key{};
  Side loser = Side::defender;
  bool tie = false;
  [[nodiscard]] constexpr Side winner() const { return loser == Side::attacker ? Side::defender : Side::attacker; }
};

// A ratio reads each result as at least the floor (Opposed::counted), so that "doubled" has a
// positive divisor. Where a tie is not lost by one side (`none`, `both`), a ratio's tie is two
// results it counts as equal (1 against -2 with a floor of 1), so its key is always exactly 1;
// the side that loses a tie loses one of equal results only.
[[nodiscard]] constexpr Settled settle(const Opposed& o, int attacker, int defender) {
  Settled s;
  s.attacker = attacker;
  s.defender = defender;
  const bool ratio_tie = o.key == OpposedKey::ratio && o.tie != Tie::one_side;
  s.tie = ratio_tie ? o.counted(attacker) == o.counted(defender) : attacker == defender;
  s.loser = attacker > defender ? Side::defender : attacker < defender ? Side::attacker : o.tie_loser;
  const int high = s.loser == Side::defender ? attacker : defender;
  const int low = s.loser == Side::defender ? defender : attacker;
  switch (o.key) {
    case OpposedKey::difference: s.key = Fraction(attacker - defender); break;
    case OpposedKey::margin: s.key = Fraction(high - low); break;
    case OpposedKey::ratio: s.key = o.counted(high) / o.counted(low); break;
  }
  return s;
}

// The key every tie gives: a difference or margin of 0 (an integer key's band [0, 1)), a ratio
// of exactly 1.
[[nodiscard]] constexpr Band tie_band(const Opposed& o) {
  return o.key == OpposedKey::ratio ? band_exact(true, Fraction(1), false, true, Fraction(1), true)
                                    : band_between(0, 1);
}
// The keys no row need read: a tie's, where nothing comes of it (tie: none).
[[nodiscard]] constexpr Maybe<Band> unread_band(const Opposed& o) {
  return o.tie == Tie::none ? Maybe<Band>(tie_band(o)) : Maybe<Band>{};
}

// True when a settled roll reads the table: every roll but a tie that nothing comes of.
[[nodiscard]] constexpr bool reads_table(const Opposed& o, const Settled& s) { return !(s.tie && o.tie == Tie::none); }
// True when a settled roll affects both sides, each reading its own column (a tie under `both`).
[[nodiscard]] constexpr bool reads_both(const Opposed& o, const Settled& s) { return s.tie && o.tie == Tie::both; }

// What a side adds to its roll by its type against the other side's (Opposed::type_modifiers);
// 0 where the roll has none.
[[nodiscard]] constexpr int type_modifier(const Opposed& o, Side side, std::size_t attacker_type,
                                          std::size_t defender_type) {
  const std::size_t own = side == Side::attacker ? attacker_type : defender_type;
  const std::size_t other = side == Side::attacker ? defender_type : attacker_type;
  if (o.type_modifiers == nullptr || own >= o.types || other >= o.types) return 0;
  return o.type_modifiers[(static_cast<std::size_t>(side) * o.types + own) * o.types + other];
}

// The column a side reads: the caller's, or that side's type's, or the matchup's column of its
// type against the other side's.
[[nodiscard]] constexpr std::size_t column_of(const Opposed& o, Side side, std::size_t chosen,
                                              std::size_t attacker_type, std::size_t defender_type) {
  if (o.column == ColumnBy::chosen) return chosen;
  const std::size_t own = side == Side::attacker ? attacker_type : defender_type;
  const std::size_t other = side == Side::attacker ? defender_type : attacker_type;
  if (o.matchup_columns == nullptr || own >= o.types || other >= o.types) return own;
  return o.matchup_columns[own * o.types + other];
}

// The side whose column a settled roll is read in: the loser or the winner (the attacker's,
// on a tie that both sides read; the defender's is column_of the defender).
[[nodiscard]] constexpr Side side_read(const Opposed& o, const Settled& s) {
  if (reads_both(o, s)) return Side::attacker;
  return o.column == ColumnBy::winner ? s.winner() : s.loser;
}

// The column a settled roll is read in: the caller's, or the loser's or the winner's type's (or
// its matchup's against the other side's type).
[[nodiscard]] constexpr std::size_t column_read(const Opposed& o, const Settled& s, std::size_t chosen,
                                                std::size_t attacker_type, std::size_t defender_type) {
  return column_of(o, side_read(o, s), chosen, attacker_type, defender_type);
}

// What the caller states of one matchup: each side's net modifier (of its modifier lists) and
// type (a column index; ignored when the caller chooses the column).
struct Matchup {
  int attacker_modifier = 0;
  int defender_modifier = 0;
  std::size_t attacker_type = 0;
  std::size_t defender_type = 0;
  std::size_t chosen = 0;
};

// One roll settled from each side's base roll: its modified result is the roll plus its net
// modifier and its type modifier against the other side's type.
[[nodiscard]] constexpr Settled settle(const Opposed& o, const Matchup& m, int attacker_roll, int defender_roll) {
  return settle(
      o, attacker_roll + m.attacker_modifier + type_modifier(o, Side::attacker, m.attacker_type, m.defender_type),
      defender_roll + m.defender_modifier + type_modifier(o, Side::defender, m.attacker_type, m.defender_type));
}

// The exact probability of each row, and in the last entry of `out` (rows + 1 entries) of
// a result no row reads. Each key is read through the table's domain (qrs/key_domain.hpp), as
// its lookup reads it: clamped to the range's end, or past it read by no row, and under
// `reroll` rolled again (the rows share out those results in proportion). `find(column, key)`
// is the band search of one column inside the range: the row index, or npos. With `lost_by`,
// only the rolls that side loses count (each row's share where its effect falls on that side),
// over the same whole. A tie that nothing comes of (`none`) is read by no row (the last entry)
// and lost by neither side; a tie that both sides read (`both`) counts once for each side, at
// the row its own column reads (with `lost_by`, as that side's), so the rows then add up to 1
// plus the chance of a tie.
template <class Find, class Odds>
constexpr void fill_opposed_odds(const Opposed& o, const KeyDomain& domain, const Matchup& m, const Find& find,
                                 Odds& out, Maybe<Side> lost_by = {}) {
  const odds::Distribution a = odds::base_roll(o.attacker);
  const odds::Distribution d = odds::base_roll(o.defender);
  const std::int64_t all = detail::checked_mul(a.total, d.total);  // every product below is at most this
  const std::size_t rows = out.size() - 1;
  for (std::size_t r = 0; r <= rows; ++r) out[r] = Fraction(0);
  // Whole numbers of ways first (out of a.total x d.total equally likely outcomes).
  std::int64_t past = 0;  // the ways past the range that are rolled again
  for (int i = 0; i < a.size; ++i) {
    for (int j = 0; j < d.size; ++j) {
      const std::int64_t ways = a.ways[static_cast<std::size_t>(i)] * d.ways[static_cast<std::size_t>(j)];
      const Settled s = settle(o, m, a.lo + i, d.lo + j);
      const auto count = [&](std::size_t slot) { out[slot] = Fraction(out[slot].num() + ways); };
      // A tie that nothing comes of reads no key: the key's range (and a re-roll past it) is
      // not asked.
      if (!reads_table(o, s)) {
        if (!lost_by) count(rows);
        continue;
      }
      const Maybe<Fraction> key = domain.read(s.key);
      if (!key && domain.outside == Outside::reroll) {
        past += ways;
        continue;
      }
      const auto row_of = [&](Side side) {
        const std::size_t row = key ? find(column_of(o, side, m.chosen, m.attacker_type, m.defender_type), *key) : npos;
        return row < rows ? row : rows;
      };
      if (reads_both(o, s)) {
        const std::size_t at = row_of(Side::attacker), de = row_of(Side::defender);
        if (!lost_by || *lost_by == Side::attacker) count(at);
        if (!lost_by || *lost_by == Side::defender) count(de);
      } else if (!lost_by || s.loser == *lost_by) {
        count(row_of(side_read(o, s)));
      }
    }
  }
  // Rolled again until a row reads it; when nothing else ends the roll it never ends, and the
  // odds say so (everything is read by no row).
  const bool again = past > 0 && past < all;
  if (past > 0 && !again && !lost_by) out[rows] = Fraction(out[rows].num() + past);
  for (std::size_t r = 0; r <= rows; ++r) out[r] = Fraction(out[r].num(), again ? all - past : all);
}

}  // namespace qrs
