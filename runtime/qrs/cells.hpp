// Typed matrix cells. Every cell also keeps the sheet's notation for display.
#pragma once

#include <string_view>

#include "qrs/fraction.hpp"

namespace qrs {

// Movement: "12 / 16" (full / double quick, inches), "16" (one rate), "x1.5" (road bonus).
struct Rate {
  bool present = false;
  bool has_double_quick = false;
  bool is_multiplier = false;
  Fraction full{};
  Fraction double_quick{};
  Fraction multiplier{1};
};

// Fire points per stand; out of range when !in_range.
struct FirePoints {
  bool in_range = false;
  Fraction points{};
};

// Dice to roll: the unit's morale plus an offset ("M-2"), a fixed count, or cannot fire ("X").
struct Dice {
  enum class Kind : unsigned char { blank, cannot, morale, fixed };
  Kind kind = Kind::blank;
  int offset = 0;  // morale offset, or the fixed count

  [[nodiscard]] constexpr bool can_fire() const { return kind == Kind::morale || kind == Kind::fixed; }
  // Number of dice for a unit of the given morale; never below zero.
  [[nodiscard]] constexpr int count(int morale) const {
    if (kind == Kind::fixed) return offset;
    if (kind != Kind::morale) return 0;
    const int n = morale + offset;
    return n < 0 ? 0 : n;
  }
};

// Unit effectiveness: starting stands, worn level (absent for "-"), spent level.
struct Levels {
  bool present = false;
  bool has_worn = false;
  int start = 0;
  int worn = 0;
  int spent = 0;
};

struct Integer {
  bool present = false;
  int value = 0;
};

struct Text {
  bool present = false;
};

template <class Value>
struct Cell {
  std::string_view notation{};  // as printed on the sheet; empty for a blank cell
  Value value{};
  // Not given in the source documents (printed "?"): the value is absent, not zero.
  bool unknown = false;
  [[nodiscard]] constexpr bool known() const { return !unknown; }
};

}  // namespace qrs
