// A row whose effect is to roll again (a row's `again`: a Desperate Struggle, "lose cold steel,
// breakthrough and cavalry charge modifiers ... and roll again"): the modifiers that no longer
// count on the new roll, for every surface that answers a roll (lookup, the web page).
#pragma once

#include <string>
#include <vector>

#include "qrsc/model/model.hpp"

namespace qrsc {

// An item of one of the modifier lists a rolled table's dice add.
struct RollModifier {
  const std::string* list;
  const ModifierItem* item;
};

// The items a row's `again` may name: those of the modifier lists the table's dice add, list by
// list (a numbered band table's rows are chosen by its own key, never dropped, so not among them).
// The front end's check, the answer's dropped modifiers and the language server all read this.
std::vector<RollModifier> modifiers_of_roll(const Spec& spec, const BandTable& bt);

struct DroppedModifier {
  std::string list, id, text;  // the modifier list, the item's id, its words
};

// The items of the lists the table's dice add that `row.again` names, in the row's order
// (none for a row that does not roll again, or that keeps every modifier).
std::vector<DroppedModifier> dropped_on_again(const Spec& spec, const BandTable& bt, const BandRow& row);

// The answer's words: "Roll again without: Cold steel or breakthrough; Cavalry charge over open
// ground." or "Roll again." when every modifier still counts.
std::string roll_again_words(const std::vector<DroppedModifier>& dropped);

// The words of the odds until decided (qrs/decided_odds.hpp), as `qrsc odds` and the web page
// give them: the heading, "until decided (Desperate Struggle rolled again without the
// modifiers it names)", and why none are given where they are not.
std::string until_decided_heading(const std::vector<std::string>& again_titles);
inline constexpr const char* kNeverDecided = "never: every result rolls again with the modifiers given";
inline constexpr const char* kDecidedNotForTieBoth =
    "the odds until decided are not given for a roll whose tie both sides read";
std::string decided_too_many_words();  // past qrs::odds::kMostDecidedRolls rolls
inline constexpr const char* kDecidedPastFractions =
    "the odds until decided are past 64-bit fractions; they are not given";

}  // namespace qrsc
