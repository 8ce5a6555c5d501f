// Typed matrix cells. Every cell also keeps the sheet's notation for display.
#pragma once

#include <string_view>
#include <type_traits>

#include "qrs/fraction.hpp"
#include "qrs/maybe.hpp"

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

// An exact amount (a `fraction` cell: "2", "1/2", "1 1/2"); blank, out of range, when !in_range.
struct Amount {
  bool in_range = false;
  Fraction amount{};
};

// Dice to roll: relative to a number of the unit's ("M-2": M less two; Battlecry's M is the
// unit's morale), a fixed count, or cannot fire ("X").
struct Dice {
  enum class Kind : unsigned char { blank, cannot, relative, fixed };
  Kind kind = Kind::blank;
  int offset = 0;  // the offset from the unit's number, or the fixed count

  [[nodiscard]] constexpr bool can_fire() const { return kind == Kind::relative || kind == Kind::fixed; }
  // Number of dice for a unit whose number (M) is `base`; never below zero.
  [[nodiscard]] constexpr int count(int base) const {
    if (kind == Kind::fixed) return offset;
    if (kind != Kind::relative) return 0;
    const int n = base + offset;
    return n < 0 ? 0 : n;
  }
  // The same with dice added or taken away (`net`, a dice matrix's modifiers): none where the
  // cell cannot roll, never below none.
  [[nodiscard]] constexpr int count_with(int base, int net) const {
    if (!can_fire()) return 0;
    const int n = count(base) + net;
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
  // A dice cell's count for a unit whose number (M) is `base`, with `net` dice added or taken
  // away (Dice::count_with); nothing where the sources do not give the cell, whose value is
  // not a count of none.
  [[nodiscard]] constexpr Maybe<int> count_with(int base, int net) const requires std::is_same_v<Value, Dice> {
    if (unknown) return {};
    return value.count_with(base, net);
  }
};

}  // namespace qrs
