// The net die-roll modifier a referee states at the table: signed numbers ("+1 -2") and the
// ids of the modifiers that apply ("out_of_command veteran"), summed as a generated header's
// `total({...})` sums them: by the runtime's own qrs::accumulate, list by list.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/expected.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

struct AppliedModifier {
  std::string term;  // as given: "+1" or an id
  std::string text;  // the sheet's words for an id ("Out of command")
  int value = 0;
  bool counted = true;  // false: another modifier counts instead (see why)
  std::string why;      // when not counted: "not cumulative, does not count", "given twice, counts once"
};

struct NetModifier {
  int total = 0;
  std::vector<AppliedModifier> applied;  // in the order given
};

// Ids are looked up in the tables the spec says modify `table`'s roll (`key.dice.modifiers`;
// of a dice matrix, its `modifiers`, which add dice to a cell's count):
// modifier lists, and band tables whose rows carry a number (the row a key selects, so its
// rows are alternatives: one non-cumulative group). Within a non-cumulative group only the
// member of largest magnitude counts, of equals the one the table lists first, whatever the
// order given; an id given twice counts once. Two members of an exclusive group (one rating of
// several) are an error naming both.
// A term not understood is no answer: the message for the user names each such term once.
Expected<NetModifier> net_modifier(const Spec& spec, const Table& table, const std::vector<std::string>& terms);

// A table whose dice state no `modifiers` reads its roll alone (its key is the base roll): it
// takes no modifier but 0, from `qrsc lookup` or `qrsc odds -m`; the message for a caller who
// gives one.
bool reads_base_roll_alone(const BandTable& bt);
std::string takes_no_modifiers(const std::string& table);

// The same for one side of an opposed roll, over that side's own modifier lists. With the
// side's type (a column index: the term's of the vocabulary of the types), a modifier for
// other types only is listed and does not apply ("does not apply to Light foot").
Expected<NetModifier> side_modifier(const Spec& spec, const Table& table, qrs::Side side,
                                    const std::vector<std::string>& terms,
                                    std::optional<std::size_t> type = std::nullopt);

// The words for modifiers given, as every answer writes them: " +1 -2 (Out of command)", each
// after a space; one that does not count is bracketed with the reason ("[+1 (Gallant): not
// cumulative, does not count]").
std::string modifier_words(const NetModifier& net);
// One side of an opposed roll: "attacker (Cavalry) 5 +1 (Elite) = 6", its type's printed name
// where it has one, its base roll where one is given (a matchup's odds have none) and the sum.
std::string side_words(const char* side, const std::string& type_name, std::optional<int> roll, const NetModifier& net);

}  // namespace qrsc
