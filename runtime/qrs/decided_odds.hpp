// Odds until decided: where a row's effect is to roll again without some modifiers (a spec
// row's `again`: a Desperate Struggle), the chance of each row read in the end, the roll
// repeated without those modifiers until a row that does not roll again is read. The one
// computation of them: `qrsc odds` and the web page's module both call decided_odds, each with
// its own way of naming a roll (the CLI's words, the module's flags) and of finding one roll's
// odds (the runtime's fill_row_odds, fill_opposed_odds).
#pragma once

#include <cstddef>

#include "qrs/fraction.hpp"

namespace qrs::odds {

// The rolls met on the way, at most (each drops at least one modifier given, so there are
// few): past this many a table's rows name so many different modifiers that the answer is not
// worth the wait, and it is not given.
inline constexpr std::size_t kMostDecidedRolls = 256;

enum class Decided : unsigned char {
  given,     // the odds are written
  never,     // every result rolls again with the modifiers still given: never decided
  too_many,  // more than the memo's rolls are met (kMostDecidedRolls where the caller sizes it so)
  failed,    // the caller's odds of one roll were not given (its Rolls::first_odds said false)
};

// One roll met: `odds` points at its rows + 1 chances (each row's, then no row read's).
template <class Roll>
struct DecidedRoll {
  Roll roll{};
  Fraction* odds = nullptr;
  Decided decided = Decided::given;
};

// The rolls met and the room for their odds, which the caller provides (the module has no heap):
// `rolls[capacity]` and `odds[capacity * (rows + 1)]`.
template <class Roll>
struct DecidedMemo {
  DecidedRoll<Roll>* rolls = nullptr;
  std::size_t capacity = 0;
  Fraction* odds = nullptr;
  std::size_t size = 0;
};

// The odds until decided of one column at `roll`, written at `out` (rows + 1 chances, the last
// no row read's) when `given`. `Rolls` is the caller's view of the table's rolls:
//   std::size_t rows() const;                     the table's rows
//   bool rerolls_outside() const;                 key.outside: reroll (a result past the ends is rolled again)
//   bool rolls_again(std::size_t row) const;      whether the row's effect is to roll again
//   Roll again(const Roll&, std::size_t row) const;  the roll the row calls for: the modifiers
//                                                 it names dropped, equal to the first when it drops none
//                                                 given (never one with a modifier the first lacks)
//   bool first_odds(const Roll&, Fraction* p) const; one roll's odds at p[0 .. rows] (the
//                                                 runtime's, which put every result past the ends on
//                                                 no row read when all are rolled again); false: not given
// Results past the key that are rolled again are shared out among the rows by first_odds; a
// share of no row read is otherwise an end (a tie that nothing comes of, no effect).
template <class Roll, class Rolls>
constexpr Decided decided_odds(const Rolls& rolls, const Roll& roll, DecidedMemo<Roll>& memo, const Fraction*& out) {
  for (std::size_t i = 0; i < memo.size; ++i) {
    if (memo.rolls[i].roll == roll) {
      out = memo.rolls[i].odds;
      return memo.rolls[i].decided;
    }
  }
  if (memo.size == memo.capacity) return Decided::too_many;
  const std::size_t rows = rolls.rows();
  DecidedRoll<Roll>& met = memo.rolls[memo.size];
  met = {roll, memo.odds + memo.size * (rows + 1), Decided::given};
  ++memo.size;
  Fraction* p = met.odds;
  out = p;
  if (!rolls.first_odds(roll, p)) return met.decided = Decided::failed;
  if (rolls.rerolls_outside() && p[rows] == Fraction(1)) return met.decided = Decided::never;
  // A row that rolls again hands its chance on to the roll it calls for, whose odds until
  // decided give nothing to a row that rolls again: so the rows not yet handed on keep theirs.
  Fraction repeat(0);  // the chance of a row that rolls again with every modifier still given
  for (std::size_t r = 0; r < rows; ++r) {
    if (!rolls.rolls_again(r) || p[r] == Fraction(0)) continue;
    const Fraction handed = p[r];
    p[r] = Fraction(0);
    const Roll next = rolls.again(roll, r);
    if (next == roll) {
      repeat += handed;
      continue;
    }
    const Fraction* q = nullptr;
    const Decided d = decided_odds(rolls, next, memo, q);
    if (d != Decided::given) return met.decided = d;
    for (std::size_t k = 0; k <= rows; ++k) p[k] += handed * q[k];
  }
  if (repeat == Fraction(1)) return met.decided = Decided::never;
  for (std::size_t k = 0; k <= rows; ++k) p[k] = p[k] / (Fraction(1) - repeat);
  return Decided::given;
}

}  // namespace qrs::odds
