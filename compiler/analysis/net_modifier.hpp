// The net die-roll modifier a referee states at the table: signed numbers ("+1 -2") and the
// ids of the modifiers that apply ("out_of_command veteran"), summed the sheet's way.
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace qrsc {

struct AppliedModifier {
  std::string term;     // as given: "+1" or an id
  std::string text;     // the sheet's words for an id ("Out of command")
  int value = 0;
  bool counted = true;  // false: a larger member of the same non-cumulative group counts instead
};

struct NetModifier {
  int total = 0;
  std::vector<AppliedModifier> applied;
  std::string error;  // a message for the user; empty when every term was understood
};

// Ids are looked up in the tables the spec says modify `table`'s roll (`key.dice.modifiers`):
// modifier lists, and band tables whose rows carry a number. Within a non-cumulative group only
// the member of largest magnitude counts, as the runtime's qrs::accumulate counts it.
NetModifier net_modifier(const Spec& spec, const Table& table, const std::vector<std::string>& terms);

}  // namespace qrsc
