// The odds of a symbol pool (`key.dice.pool`): how many of n dice show each row's symbol, for
// every n from one to the largest asked. One computation, by the runtime's qrs/odds.hpp (the
// count a header's qrs::odds::symbol_count gives), for `qrsc odds` and the printed sheet alike.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "qrsc/model/model.hpp"

namespace qrsc {

struct SymbolCounts {
  std::size_t row = 0;  // the band table's row (the symbol)
  int faces = 0;        // faces of one die that show it
  // exactly[n - 1][k]: the chance that exactly k of n dice show it, k = 0..n.
  std::vector<std::vector<Fraction>> exactly;
  // The chance that at least k of n dice show it (1 for k <= 0, 0 for k > n).
  [[nodiscard]] Fraction at_least(int dice, int k) const;
};

struct PoolOdds {
  int sides = 6;                      // of each die
  int up_to = 0;                      // the counts are for 1..up_to dice
  std::vector<SymbolCounts> symbols;  // one per row of the column, in the table's order
};

// The most dice of `sides` faces whose counts are exact: at most qrs::odds::kMaxSymbolDice,
// and no more than keep sides^dice throws within 64 bits (12 for a d6 or a d20, 9 for a d100).
int max_pool_dice(int sides);

// For a band table whose dice are a pool: one column's symbols among 1..up_to dice (up_to at
// most max_pool_dice(sides), where the counts stay exact).
PoolOdds pool_odds(const BandTable& bt, std::size_t column, int up_to);

// Rows that show on as many faces read alike: the printed sheet gives them one set of figures.
// Groups of indices into PoolOdds::symbols, in the order each group's first row comes.
std::vector<std::vector<std::size_t>> alike_symbols(const PoolOdds& p);

}  // namespace qrsc
