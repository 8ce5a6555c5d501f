// The results a rolled band table's dice and modifiers can produce: the base roll's range, the
// net modifiers the sheet allows, and where the sum leaves the key's range. The build checks
// with it that every such result is accounted for; `qrsc odds` reports over it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "qrsc/model/model.hpp"

namespace qrsc {

// The id and title of the line for a result no row reads, after the key's rule for it
// (`qrsc odds` and `qrsc lookup`): "No effect (outside the table)".
inline constexpr const char* kOutsideRowId = "outside";
std::string outside_title(Outside rule);
// The words of an opposed roll's tie that nothing comes of (`tie: none`), read by no row.
inline constexpr const char* kTieNothingTitle = "Tie: nothing happens";

struct IntRange {
  std::int64_t lo = 0, hi = 0;  // both included
};

// Dice as the sheets write them: "d6", "2d6".
std::string dice_notation(int count, int sides);

// "d10", "2d6", "d10 each side, the difference of the modified results", "attacker d6 against
// defender d6, the winner's margin, read in the loser's column".
std::string roll_notation(const DiceRoll& d);

// Who adds a modifier by its type against the other side's (`type_modifiers`), and from which
// matrix: "each side" once where both sides read one matrix, else "the attacker" and "the
// defender" with their own; none where no side does.
struct TypeModifierReader {
  const char* who;
  std::string matrix;
  bool both = false;  // "each side"
};
std::vector<TypeModifierReader> type_modifier_readers(const OpposedRoll& o);

// The base roll (a difference roll: first side less second; symbol dice: one die's faces).
IntRange base_roll_range(const DiceRoll& d);

// The net modifiers the sheet allows on `bt`'s roll: each modifier list's items that are in no
// group add freely; a group (not cumulative, or one rating of several) adds one member or
// none; a band table of numbered rows adds the number of one row. Factors add nothing.
IntRange net_modifier_range(const Spec& spec, const BandTable& bt);
// The same over the modifier tables named (a dice matrix's `modifiers`: the dice they add).
IntRange modifier_range(const Spec& spec, const std::vector<std::string>& tables);

// The modified results one side of an opposed roll can reach: its dice plus the net modifiers
// its own modifier lists allow.
IntRange opposed_results(const Spec& spec, const OpposedRoll& o, qrs::Side side);

// Base roll plus net modifier (an opposed roll: its key over both sides' results): every key
// the table can be read at.
IntRange reachable_keys(const Spec& spec, const BandTable& bt);

// The reachable keys outside the key's own range (key.min, key.max), below and above it; an
// empty side has lo > hi.
struct OutsideKeys {
  IntRange below{1, 0}, above{1, 0};
  [[nodiscard]] bool any() const { return below.lo <= below.hi || above.lo <= above.hi; }
};
OutsideKeys outside_keys(const Spec& spec, const BandTable& bt);

}  // namespace qrsc
