// Reading a rolled band table through its generated Table type (see Sheet in a generated
// header): the effect a modified result selects, and the exact odds of every row. Generic
// over systems; the game layers (qrs/<system>/) say which tables a procedure rolls on.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "qrs/odds.hpp"

namespace qrs {

// The row of a band table (one column) that holds a key, or nothing.
template <class Table>
[[nodiscard]] constexpr std::optional<typename Table::Effect> effect_at(Fraction key, typename Table::Column column = {}) {
  const std::size_t r = find_band(Table::kBands[static_cast<std::size_t>(column)], key);
  if (r == npos) return std::nullopt;
  return static_cast<typename Table::Effect>(r);
}

// A row's index by its spec id (for the few rows a procedure names, such as the charge
// table's roll-again row); npos when the sheet has no such row.
template <class Table>
[[nodiscard]] constexpr std::size_t row_index(std::string_view id) {
  for (std::size_t i = 0; i < Table::kRows.size(); ++i) {
    if (Table::kRows[i].id == id) return i;
  }
  return npos;
}

template <class Table>
using RowOdds = std::array<Fraction, Table::kRows.size()>;

// The exact probability of each row of a rolled table at a net modifier (for a difference
// roll: the first side's modifiers less the second's).
template <class Table>
[[nodiscard]] constexpr RowOdds<Table> row_odds(int net_modifier, typename Table::Column column = {}) {
  RowOdds<Table> p{};
  odds::fill_row_odds(Table::kBands[static_cast<std::size_t>(column)], odds::key_roll(Table::kRoll), net_modifier, p);
  return p;
}

// The probability that the base roll of a rolled table falls in a band.
template <class Table>
[[nodiscard]] constexpr Fraction base_odds(const Band& band) {
  return odds::base_odds(band, odds::base_roll(Table::kRoll));
}

}  // namespace qrs
