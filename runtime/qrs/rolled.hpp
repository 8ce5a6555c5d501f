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

// The row of a band table (one column) that reads a key, as the table's own lookup reads it
// (through its key's domain: clamped to the range's end, or nothing past it), or nothing.
template <class Table>
[[nodiscard]] constexpr std::optional<typename Table::Effect> effect_at(Fraction key,
                                                                        typename Table::Column column = {}) {
  const Maybe<Fraction> k = Table::kDomain.read(key);
  if (!k) return std::nullopt;
  const std::size_t r = find_band(Table::kBands[static_cast<std::size_t>(column)], *k);
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
// roll: the first side's modifiers less the second's), each result read as the table's lookup
// reads it. With unread_odds they add up to exactly 1.
template <class Table>
[[nodiscard]] constexpr RowOdds<Table> row_odds(int net_modifier, typename Table::Column column = {}) {
  static_assert(
      !requires { Table::kSuccess; }, "a success table's key counts dice: qrs::success_odds<Table>");
  RowOdds<Table> p{};
  odds::fill_row_odds(Table::kBands[static_cast<std::size_t>(column)], Table::kDomain, odds::key_roll(Table::kRoll),
                      net_modifier, p);
  return p;
}

// The probability that no row reads the result (key.outside: no_effect past the key's range,
// or a band the sources do not give).
template <class Table>
[[nodiscard]] constexpr Fraction unread_odds(int net_modifier, typename Table::Column column = {}) {
  static_assert(
      !requires { Table::kSuccess; }, "a success table's key counts dice: qrs::success_odds<Table>");
  RowOdds<Table> p{};
  return odds::fill_row_odds(Table::kBands[static_cast<std::size_t>(column)], Table::kDomain,
                             odds::key_roll(Table::kRoll), net_modifier, p);
}

// Symbol dice (a table whose kRoll.pool is set, each die read on its own): how many of `dice`
// dice show a row's symbol, counts 0..dice. Exact up to odds::kMaxSymbolDice dice; an empty
// distribution beyond (and for a negative count, none is thrown: always 0).
template <class Table>
[[nodiscard]] constexpr odds::Distribution symbol_odds(typename Table::Effect symbol, int dice,
                                                       typename Table::Column column = {}) {
  const Band& band = Table::kBands[static_cast<std::size_t>(column)][static_cast<std::size_t>(symbol)];
  return odds::symbol_count(dice < 0 ? 0 : dice, odds::faces_in(band, Table::kRoll.sides), Table::kRoll.sides);
}

// The probability that the base roll of a rolled table falls in a band.
template <class Table>
[[nodiscard]] constexpr Fraction base_odds(const Band& band) {
  return odds::base_odds(band, odds::base_roll(Table::kRoll));
}

}  // namespace qrs
