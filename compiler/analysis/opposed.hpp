// Opposed rolls at the table (`qrsc lookup ... --attacker 7 elite cavalry --defender 4 square`,
// `qrsc odds ... --attacker elite cavalry --defender square`): each side's roll, modifiers and
// type read from the words given, the roll settled and its odds computed by the runtime's own
// qrs/opposed.hpp, as a generated header's resolve() and odds() do.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qrsc/analysis/lookup.hpp"
#include "qrsc/analysis/odds.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// What one side is given: for a lookup its base roll first, then signed numbers and modifier
// ids of its own lists, and its type (a column's id or name) where the table reads the loser's
// or the winner's column.
using SideWords = std::vector<std::string>;

// Without an answer (no such opposed table; a side's words not understood), the message for
// the user says why; so for the odds.
Expected<LookupAnswer> opposed_lookup(const Spec& spec, const std::string& table, const SideWords& attacker,
                                      const SideWords& defender, const std::optional<std::string>& column);

// The odds of each row for one matchup (one column of odds, at the sides' own modifiers).
Expected<OddsReport> opposed_odds(const Spec& spec, const std::string& table, const SideWords& attacker,
                                  const SideWords& defender, const std::optional<std::string>& column);

}  // namespace qrsc
