// Dice as data: how a band table's key is rolled, and the effects a base roll triggers.
#pragma once

#include <string_view>

#include "qrs/band.hpp"

namespace qrs {

// The base roll of a band table (spec `key.dice`): `count` dice of `sides` faces summed, or,
// for symbol dice (`pool`), each die read on its own. With `difference`, each side rolls and
// adds its own modifiers and the key is the first side's modified result less the second's.
struct Roll {
  int count = 1;
  int sides = 10;
  bool difference = false;
  bool pool = false;

  [[nodiscard]] constexpr int lowest() const { return count; }
  [[nodiscard]] constexpr int highest() const { return count * sides; }
  // The dice one side throws for a key: all of them, but one die of a pool (each of a pool's
  // dice is read by itself).
  [[nodiscard]] constexpr int dice_per_side() const { return pool ? 1 : count; }
  // The dice thrown for one key: a difference roll is two sides' throws.
  [[nodiscard]] constexpr int dice_per_key() const { return difference ? 2 * dice_per_side() : dice_per_side(); }
  // The key that dice_per_key() thrown faces make: their sum, or for a difference roll the
  // first side's sum less the second's.
  template <class Faces>
  [[nodiscard]] constexpr int key_of(const Faces& faces) const {
    const int n = dice_per_key(), first = difference ? n / 2 : n;
    int key = 0;
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

}  // namespace qrs
