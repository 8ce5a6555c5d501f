// Odds until decided (`qrsc odds` with the modifiers named): where a row's effect is to roll
// again without some modifiers (its `again`: a Desperate Struggle), the chance of each row read
// in the end, the roll repeated without those modifiers until a row that does not roll again
// is read. The odds of each roll are the runtime's (the caller's odds_of); this adds them up.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "qrsc/analysis/odds.hpp"
#include "qrsc/base/expected.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// The words of the sides, as `qrsc odds` takes them: one list for a single roll (-m), the
// attacker's and the defender's for an opposed roll.
using RollWords = std::vector<std::vector<std::string>>;

// The odds at the words given (a report of one net modifier or one matchup), or why not.
using OddsOfWords = std::function<Expected<OddsReport>(const RollWords&)>;

// The words of the new roll: those that name a modifier the row drops (an item id, or
// "id=K" for one counted per occurrence) are left out, on every side; signed numbers, types
// and every other modifier are kept as given.
RollWords words_again(const RollWords& words, const std::vector<std::string>& dropped);

// Fills each column's `decided` (and the report's `again_rows`, `decided_outside_title`) of `r`, the odds at `words`,
// when a row of the table rolls again; nothing otherwise. A roll at which every result rolls
// again, without dropping any modifier given, is never decided: its column's `never_decided`.
Expected<void> add_decided_odds(const BandTable& bt, OddsReport& r, const RollWords& words, const OddsOfWords& odds_of);

}  // namespace qrsc
