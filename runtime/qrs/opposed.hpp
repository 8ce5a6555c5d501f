// Opposed rolls as data (spec `key.dice` with `attacker` and `defender`): each side rolls its
// own dice and adds its own modifiers; the key is the attacker's modified result less the
// defender's (difference), the winner's less the loser's (margin), or the winner's over the
// loser's (ratio: "doubled" is a ratio of at least 2); the column read is the one the caller
// chooses, or the loser's or the winner's type. A generated header's `resolve` and `odds`, and
// qrsc's `lookup` and `odds`, settle a roll with this one implementation.
#pragma once

#include <cstddef>
#include <cstdint>

#include "qrs/dice.hpp"
#include "qrs/fraction.hpp"
#include "qrs/maybe.hpp"
#include "qrs/odds.hpp"

namespace qrs {

enum class Side : unsigned char { attacker, defender };
enum class OpposedKey : unsigned char { difference, margin, ratio };
enum class ColumnBy : unsigned char { chosen, loser, winner };

struct Opposed {
  Roll attacker{};
  Roll defender{};
  OpposedKey key = OpposedKey::difference;
  ColumnBy column = ColumnBy::chosen;
  Side tie_loser = Side::defender;  // the side that loses a tie (whose type a loser's column reads)
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

// A ratio reads each result as at least 1, so that a side whose modifiers take it to 0 or
// below is beaten by any multiple (the sheet's "doubled" needs a positive divisor).
[[nodiscard]] constexpr Settled settle(const Opposed& o, int attacker, int defender) {
  Settled s;
  s.attacker = attacker;
  s.defender = defender;
  s.tie = attacker == defender;
  s.loser = attacker > defender ? Side::defender : attacker < defender ? Side::attacker : o.tie_loser;
  const int high = s.loser == Side::defender ? attacker : defender;
  const int low = s.loser == Side::defender ? defender : attacker;
  switch (o.key) {
    case OpposedKey::difference: s.key = Fraction(attacker - defender); break;
    case OpposedKey::margin: s.key = Fraction(high - low); break;
    case OpposedKey::ratio: s.key = Fraction(high < 1 ? 1 : high, low < 1 ? 1 : low); break;
  }
  return s;
}

// The column a settled roll is read in: the caller's, or the loser's or the winner's type.
[[nodiscard]] constexpr std::size_t column_read(const Opposed& o, const Settled& s, std::size_t chosen,
                                                std::size_t attacker_type, std::size_t defender_type) {
  if (o.column == ColumnBy::chosen) return chosen;
  const Side read = o.column == ColumnBy::loser ? s.loser : s.winner();
  return read == Side::attacker ? attacker_type : defender_type;
}

// What the caller states of one matchup: each side's net modifier and type (a column index;
// ignored when the caller chooses the column).
struct Matchup {
  int attacker_modifier = 0;
  int defender_modifier = 0;
  std::size_t attacker_type = 0;
  std::size_t defender_type = 0;
  std::size_t chosen = 0;
};

// The exact probability of each row, and in the last entry of `out` (rows + 1 entries) of
// a result no row reads. Each key is read through the table's domain (qrs/key_domain.hpp), as
// its lookup reads it: clamped to the range's end, or past it read by no row, and under
// `reroll` rolled again (the rows share out those results in proportion). `find(column, key)`
// is the band search of one column inside the range: the row index, or npos. With `lost_by`,
// only the rolls that side loses count (each row's share where its effect falls on that side),
// over the same whole.
template <class Find, class Odds>
constexpr void fill_opposed_odds(const Opposed& o, const KeyDomain& domain, const Matchup& m, const Find& find, Odds& out,
                                 Maybe<Side> lost_by = {}) {
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
      const Settled s = settle(o, a.lo + i + m.attacker_modifier, d.lo + j + m.defender_modifier);
      const Maybe<Fraction> key = domain.read(s.key);
      if (!key && domain.outside == Outside::reroll) {
        past += ways;
        continue;
      }
      if (lost_by && s.loser != *lost_by) continue;
      const std::size_t row = key ? find(column_read(o, s, m.chosen, m.attacker_type, m.defender_type), *key) : npos;
      const std::size_t slot = row < rows ? row : rows;
      out[slot] = Fraction(out[slot].num() + ways);
    }
  }
  // Rolled again until a row reads it; when nothing else ends the roll it never ends, and the
  // odds say so (everything is read by no row).
  const bool again = past > 0 && past < all;
  if (past > 0 && !again && !lost_by) out[rows] = Fraction(out[rows].num() + past);
  for (std::size_t r = 0; r <= rows; ++r) out[r] = Fraction(out[r].num(), again ? all - past : all);
}

}  // namespace qrs
