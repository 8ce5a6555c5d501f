// The odds of success dice (`key.dice.target`): how many dice count among n, at a net
// modifier, and the probability of each row those counts select. One computation, by the
// runtime's qrs/success_pool.hpp (what a header's qrs::success_odds<Table> gives), for `qrsc
// odds`, the checks, the printed sheet and the web page alike.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "qrs/success_pool.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// One die of a success table as the runtime reads it (qrs/success_pool.hpp).
qrs::SuccessDie success_die(const DiceRoll& d);

// The dice a chain's first roll throws: its table and its success die.
struct ChainLink {
  const Table* table = nullptr;
  const BandTable* bands = nullptr;
};

// For a table whose dice are chained (`per_success_of`), the table whose successes it throws;
// nothing when there is none, or it is not success dice, or is itself chained.
std::optional<ChainLink> chain_first(const Spec& spec, const BandTable& bt);

// The most dice whose counts stay exact for a success table: every chance a whole number of
// throws over sides^throws within 64 bits (a throw a die, two with `reroll`, one more per count
// shown for exploding dice, a chain's two rolls multiplied): 24 d6, 12 with a reroll, 8
// exploding; at most kMaxSuccessDice.
inline constexpr int kMaxSuccessDice = 40;
int max_success_dice(const Spec& spec, const BandTable& bt);

// The most dice a success table can throw as the spec states them: a fixed count ("3d6"), the
// largest fixed cell of its pool matrix, or for a chain the first roll's; nothing when the
// caller says (a die without a pool, or a pool with cells relative to a unit's value).
std::optional<int> most_success_dice(const Spec& spec, const BandTable& bt);

// The dice a success table throws when the roll fixes them ("3d6", or a chain after such a
// roll: the first roll's dice); nothing when a pool or the caller says how many.
std::optional<int> fixed_success_dice(const Spec& spec, const BandTable& bt);

// Where a success table's number of dice comes from, in words: "as many dice as shooting_dice
// gives", "a die per success of shooting, which throws as many dice as ...".
std::string success_dice_source(const Spec& spec, const BandTable& bt);

// The counts among `dice` dice (for a chain: the first roll's dice, thrown at first_modifier)
// at a net modifier, showing every count the column's bands tell apart; nothing past the limits.
std::optional<qrs::odds::SuccessCounts> success_counts(const Spec& spec, const BandTable& bt, std::size_t column,
                                                       int dice, int modifier, int first_modifier = 0);

// How the dice are read, in the words a sheet prints over its table: "Roll a d6 for each die
// Shooting Dice gives; each die scoring 4 or more (with modifiers) succeeds; dice showing 1 are
// thrown again, once. Count the successes." Empty for a table that is not success dice.
std::string success_rule(const Spec& spec, const BandTable& bt);

// How `qrsc odds` and the web page name a count: "3", and past the counts shown (exploding
// dice) "7 or more".
std::string count_label(const qrs::odds::SuccessCounts& counts, int k);

// Each row's probability from the counts, and last the share no row reads.
std::vector<Fraction> success_row_odds(const BandTable& bt, std::size_t column, const qrs::odds::SuccessCounts& counts);

}  // namespace qrsc
