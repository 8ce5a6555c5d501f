// Dice as data: how a band table's key is rolled, and the effects a base roll triggers.
#pragma once

#include <cstddef>
#include <string_view>

#include "qrs/band.hpp"
#include "qrs/view.hpp"

namespace qrs {

// The base roll of a band table (spec `key.dice`): `count` dice of `sides` faces summed, or,
// for symbol dice (`pool`), each die read on its own. With `difference`, each side rolls and
// adds its own modifiers and the key is the first side's modified result less the second's.
// With `digits` (a d66: two d6), the dice are read as the digits of one number, the first die
// the tens and the second the units (11 to 66); such a roll is neither a pool nor a difference.
struct Roll {
  int count = 1;
  int sides = 10;
  bool difference = false;
  bool pool = false;
  bool digits = false;

  // The dice as digits (qrs/band.hpp), or {} for dice that are summed.
  [[nodiscard]] constexpr DigitDice as_digits() const { return digits ? DigitDice{count, sides} : DigitDice{}; }
  [[nodiscard]] constexpr int lowest() const { return digits ? static_cast<int>(as_digits().repeated(1)) : count; }
  [[nodiscard]] constexpr int highest() const {
    return digits ? static_cast<int>(as_digits().repeated(sides)) : count * sides;
  }
  // Whether the dice can make `key` unmodified (key_of): any number of a summed roll's range (a
  // difference roll's from the least less the most to the most less the least; one die of a
  // pool's faces), but only the numbers whose every digit is a face for a roll read as digits
  // (a d66 cannot show 17 or 20).
  [[nodiscard]] constexpr bool shows(int key) const {
    if (digits) return as_digits().writes(key);
    const int least = dice_per_side(), most = dice_per_side() * sides;
    return difference ? key >= least - most && key <= most - least : key >= least && key <= most;
  }
  // The dice one side throws for a key: all of them, but one die of a pool (each of a pool's
  // dice is read by itself).
  [[nodiscard]] constexpr int dice_per_side() const { return pool ? 1 : count; }
  // The dice thrown for one key: a difference roll is two sides' throws.
  [[nodiscard]] constexpr int dice_per_key() const { return difference ? 2 * dice_per_side() : dice_per_side(); }
  // The key that dice_per_key() thrown faces make: their sum, for a difference roll the first
  // side's sum less the second's, for a roll read as digits the number they write in order.
  template <class Faces>
  [[nodiscard]] constexpr int key_of(const Faces& faces) const {
    const int n = dice_per_key(), first = difference ? n / 2 : n;
    int key = 0;
    if (digits) {
      for (int i = 0; i < n; ++i) key = key * 10 + faces[i];
      return key;
    }
    for (int i = 0; i < n; ++i) key += i < first ? faces[i] : -faces[i];
    return key;
  }
};

// How a computed fraction key (total fire points) is rounded before the lookup.
enum class Rounding : unsigned char { none, down };

[[nodiscard]] constexpr Fraction rounded(Fraction key, Rounding r) {
  return r == Rounding::down ? Fraction(key.floor()) : key;
}

// An effect (a list section) that a base roll of another table triggers: "Low on Ammo on a
// base die result of 10".
struct BaseRollTrigger {
  std::string_view section{};  // the list section's id
  std::string_view table{};    // the band table whose base roll triggers it
  Band band{};                 // the base results that trigger it

  [[nodiscard]] constexpr bool fires_on(int base) const { return band.contains(Fraction(base)); }
};

// A row whose effect is to roll again (a spec row's `again`: a Desperate Struggle, "lose cold
// steel ... modifiers and roll again") and one modifier that no longer counts on the new roll,
// by its list's and its item's ids. A row that keeps every modifier has one entry, both empty.
struct RollAgain {
  std::size_t row = 0;
  std::string_view list{};
  std::string_view item{};
};

// Whether row `row`'s effect is to roll again.
[[nodiscard]] constexpr bool rolls_again(View<RollAgain> again, std::size_t row) {
  for (const RollAgain& a : again) {
    if (a.row == row) return true;
  }
  return false;
}

// Whether the item `item` of the modifier list `list` still counts on the roll row `row`
// calls for (every modifier counts again after a row that does not roll again).
[[nodiscard]] constexpr bool counts_again(View<RollAgain> again, std::size_t row, std::string_view list,
                                          std::string_view item) {
  for (const RollAgain& a : again) {
    if (a.row == row && a.list == list && a.item == item) return false;
  }
  return true;
}

}  // namespace qrs
