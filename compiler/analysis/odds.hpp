// Exact odds of a rolled band table (`qrsc odds`, `qrsc diff --odds`): the probability of each
// row at each net modifier, in each column, from the dice the spec states (key.dice),
// computed by the runtime's own qrs/odds.hpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/expected.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/model/pool_odds.hpp"
#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/success_odds.hpp"

namespace qrsc {

struct OddsColumn {
  std::string id, name;                  // empty for a single-column table
  std::vector<std::vector<Fraction>> p;  // per net modifier (OddsReport::modifiers), per row
  // An opposed roll's matchup: per row, the part of p where the attacker lost and where the
  // defender lost, the side a loser's effect falls on (a tie that nothing comes of is neither's;
  // one that both sides read, each side's at its own row). Empty for any other roll.
  std::vector<Fraction> attacker_lost;
  std::vector<Fraction> defender_lost{};
  // Until decided (analysis/decided_odds.hpp), where a row rolls again and the modifiers were
  // named: per row, then last no row read; empty otherwise, or when never decided.
  std::vector<Fraction> decided{};
  bool never_decided = false;  // every result rolls again with every modifier still given
};

// An effect a base roll of the table triggers (a list section's `trigger`), and its odds: the
// base roll's, before modifiers, so the same at every net modifier.
struct TriggerOdds {
  std::string table, section, title, base;
  Fraction p;
};

struct OddsReport {
  std::string note;  // something the user should know about the column chosen (a renamed term)
  std::string table, title;
  std::string roll;  // "d10", "d10 each side, difference", "d6 symbol dice"
  std::vector<std::string> modifier_tables;
  std::vector<std::string> row_ids, row_titles;
  std::vector<int> modifiers;  // the net modifiers reported
  // An opposed roll's matchup, in words ("attacker +1 (Elite) against defender"): reported in
  // place of a net modifier, which a matchup does not have.
  std::string matchup;
  int attacker_modifier = 0, defender_modifier = 0;  // a matchup's: each side's net modifier
  std::vector<OddsColumn> columns;
  // Where odds until decided are given: the rows that roll again (indices into row_ids), and
  // the words of no row read (a result without effect) where one of the rolls has it.
  std::vector<std::size_t> again_rows;
  std::string decided_outside_title;
  std::vector<TriggerOdds> triggers;
  // Symbol dice (key.dice.pool): how many of several dice show each row, for each number of
  // dice asked (`dice`: 1..pool_odds, or the one --dice), per column reported (as `columns`).
  std::string pool;  // the matrix that says how many dice are rolled; empty for other rolls
  std::vector<int> dice;
  std::vector<PoolOdds> pools;
  // Success dice (key.dice.target): how many dice count ("successes", or "failures"; empty for
  // other rolls) among `success_dice` dice (a chain's: its first roll's, thrown at
  // first_modifier), per column reported (as `columns`), per net modifier (as `modifiers`).
  std::string counting;
  int success_dice = 0;
  std::string chain_first;  // a chain's first table
  int first_modifier = 0;
  std::vector<std::vector<qrs::odds::SuccessCounts>> counts;
};

// The numbers of dice a pool's odds are given for when none is asked: 1 to the spec's
// pool_odds, or to 6 (a d6 pool's usual reach) when the spec prints none.
inline constexpr int kDefaultPoolOddsUpTo = 6;

// Odds at one net modifier, or (without one) at every net modifier from -6 to +6 for a
// modified roll (at 0 alone for a roll read without modifiers); in one column or in all.
// Without a report (no such rolled table or column), the message for the user says why.
// For symbol dice, `dice` asks the counts among that many dice only.
// For success dice, `dice` is how many are thrown (for a chain, its first roll's, at
// first_modifier); it may be left out only where the roll fixes it ("3d6").
Expected<OddsReport> table_odds(const Spec& spec, const std::string& table, std::optional<int> modifier,
                                const std::optional<std::string>& column, std::optional<int> dice = std::nullopt,
                                int first_modifier = 0);

// The probability of one row of a band table at a net modifier in a column (nothing when the
// table is not rolled, counts success dice, or has no such row or column).
std::optional<Fraction> row_probability(const BandTable& bt, std::size_t row, std::size_t column, int modifier);

}  // namespace qrsc
