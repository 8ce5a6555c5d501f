#include "qrsc/model/pool_odds.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "qrs/odds.hpp"
#include "qrsc/model/runtime_values.hpp"

namespace qrsc {

Fraction SymbolCounts::at_least(int dice, int k) const {
  if (k <= 0) return Fraction(1);
  if (dice < 1 || static_cast<std::size_t>(dice) > exactly.size() || k > dice) return Fraction(0);
  const auto& p = exactly[static_cast<std::size_t>(dice - 1)];
  Fraction sum(0);
  for (int i = k; i <= dice; ++i) sum = sum + p[static_cast<std::size_t>(i)];
  return sum;
}

int max_pool_dice(int sides) {
  int n = 0;
  while (n < qrs::odds::kMaxSymbolDice && qrs::odds::times_throws(1, n + 1, sides) != 0) ++n;
  return n;
}

PoolOdds pool_odds(const BandTable& bt, std::size_t column, int up_to) {
  PoolOdds out;
  if (!bt.dice || bt.dice->pool.empty() || column >= bt.columns.size()) return out;
  out.sides = bt.dice->sides;
  out.up_to = std::clamp(up_to, 0, max_pool_dice(out.sides));
  const std::vector<qrs::Band> bands = band_column(bt, column);
  for (std::size_t r = 0; r < bands.size(); ++r) {
    SymbolCounts s;
    s.row = r;
    s.faces = qrs::odds::faces_in(bands[r], out.sides);
    for (int n = 1; n <= out.up_to; ++n) {
      const qrs::odds::Distribution d = qrs::odds::symbol_count(n, s.faces, out.sides);
      std::vector<Fraction> p;
      for (int k = 0; k <= n; ++k) p.push_back(d.p(k));
      s.exactly.push_back(std::move(p));
    }
    out.symbols.push_back(std::move(s));
  }
  return out;
}

std::vector<std::vector<std::size_t>> alike_symbols(const PoolOdds& p) {
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < p.symbols.size(); ++i) {
    const auto same = std::find_if(groups.begin(), groups.end(),
                                   [&](const auto& g) { return p.symbols[g.front()].faces == p.symbols[i].faces; });
    if (same != groups.end()) {
      same->push_back(i);
    } else {
      groups.push_back({i});
    }
  }
  return groups;
}

}  // namespace qrsc
