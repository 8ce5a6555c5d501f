// A sheet's rolled tables as the WebAssembly module of its web page sees them (`qrsc build
// --emit web`): the generated header's own data (bands, roll, modifier lists), viewed through
// a few plain structs so that one C ABI (abi.cpp) answers for every sheet. The page's script
// calls that ABI with numbers (a table, a column, a die result, the modifiers that apply) and
// reads numbers back; every answer comes from the runtime's functions here and in odds.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "qrs/band.hpp"
#include "qrs/cells.hpp"
#include "qrs/decided_odds.hpp"
#include "qrs/dice.hpp"
#include "qrs/key_domain.hpp"
#include "qrs/modifiers.hpp"
#include "qrs/number_text.hpp"
#include "qrs/odds.hpp"
#include "qrs/opposed.hpp"
#include "qrs/view.hpp"

namespace qrs::web {

// One list of modifiers that add to a roll: a modifier table's kModifiers, or the numbered rows
// of a band table (the row its own key selects: one non-cumulative group, as the CLI reads it).
struct ModifierList {
  View<Modifier> mods{};
  View<std::uint64_t> types{};  // where some modifiers apply to some types only: each one's mask
};

// A modifier that a row whose effect is to roll again drops (the row's `again`, the header's
// kAgain): the row, the list (an index into Sheet::lists) and the item; `list` kKeepsAll for a
// row that rolls again with every modifier still given.
inline constexpr std::uint16_t kKeepsAll = 0xFFFF;
struct AgainDrop {
  std::uint16_t row = 0;
  std::uint16_t list = kKeepsAll;
  std::uint16_t item = 0;
};

// One rolled band table: its bands column after column, its parts' bands (a row's sub-results;
// empty when it has none), its roll, the range of its key, and the lists that modify it
// (indices into Sheet::lists). An opposed roll (qrs/opposed.hpp) has each side's dice in
// `opposed`, the attacker's lists in `lists` and the defender's in `defender_lists`. `again`:
// the modifiers its rows that roll again drop (qrs_decided_odds).
struct RolledTable {
  Grid<Band> bands{};
  Grid<Band> parts{};
  Roll roll{};
  KeyDomain domain{};  // the key's range and key.outside, read as the header's lookup reads it
  View<std::uint16_t> lists{};
  bool is_opposed = false;
  Opposed opposed{};
  View<std::uint16_t> defender_lists{};
  View<AgainDrop> again{};
};

// A matrix whose columns are ranges: the distance in inches each column reaches, shortest
// first (the header's kColumnRanges, which its column_for reads).
struct RangeMatrix {
  View<Fraction> ranges{};
};

// A matrix of dice cells (Battlecry's M-2): how many dice a unit rolls, by row and column (the
// header's kCells), which qrs_pool_dice reads for a unit's number.
struct DiceMatrix {
  Grid<Cell<Dice>> cells{};
};

struct Sheet {
  View<RolledTable> tables{};
  View<ModifierList> lists{};
  View<RangeMatrix> ranges{};
  View<DiceMatrix> dice{};
};

// The sheet the module was built for: defined by the source qrsc generates beside the header.
extern const Sheet kSheet;

// A roll met on the way to the odds until decided (qrs_decided_odds): bit 2j + side set while
// the j-th modifier the table's rows drop still counts on that side as the page set it.
struct KeptDrops {
  std::uint64_t kept = 0;
  friend constexpr bool operator==(KeptDrops, KeptDrops) = default;
};

// What the ABI answers in, sized for the sheet by the module (module.cpp, from the sizes below):
// a count per modifier of every list for each side (and room to change a copy of them), the
// odds of the rolled table with the most rows (a numerator per row, the share no row reads, the
// denominator), the faces of the largest throw, and where a row rolls again the rolls the odds
// until decided meet (qrs::odds::kMostDecidedRolls, each with its rows + 1 chances; none when no
// row of the sheet rolls again). Nothing the sheet holds is past them.
struct Storage {
  std::uint8_t* applies[2]{};  // how many times each modifier occurs (0: it does not apply)
  std::uint8_t* scratch[2]{};  // the same, with the modifiers a roll again drops taken out
  std::size_t flags = 0;
  std::int64_t* odds = nullptr;  // rows + 2
  Fraction* row_odds = nullptr;  // rows + 1
  std::size_t rows = 0;
  int* faces = nullptr;  // dice
  std::size_t dice = 0;
  odds::DecidedRoll<KeptDrops>* decided_rolls = nullptr;  // decided_capacity
  unsigned char* decided_room = nullptr;                  // for decided_capacity * (rows + 1) Fractions, made when used
  std::size_t decided_capacity = 0;
};
extern const Storage kStorage;

// The limits a typed number is read within (qrsc's, written into the module's source by qrsc):
// a distance the page hands the module (qrs_distance) is read as qrsc reads one.
extern const text::NumberLimits kNumberLimits;

// The modifiers of every list.
constexpr std::size_t flag_count(View<ModifierList> lists) {
  std::size_t n = 0;
  for (const ModifierList& l : lists) n += l.mods.size();
  return n;
}
// The most rows of a rolled table.
constexpr std::size_t most_rows(View<RolledTable> tables) {
  std::size_t n = 0;
  for (const RolledTable& t : tables) n = t.bands.width() > n ? t.bands.width() : n;
  return n;
}
// The most dice of one throw: a roll's, or an opposed roll's side's.
constexpr std::size_t most_dice(View<RolledTable> tables) {
  std::size_t n = 0;
  for (const RolledTable& t : tables) {
    for (const Roll& r : {t.roll, t.opposed.attacker, t.opposed.defender}) {
      const auto d = static_cast<std::size_t>(r.dice_per_key() > 0 ? r.dice_per_key() : 0);
      n = d > n ? d : n;
    }
  }
  return n;
}

// Whether a row of some table rolls again.
constexpr bool rolls_again(View<RolledTable> tables) {
  for (const RolledTable& t : tables) {
    if (t.again.size() > 0) return true;
  }
  return false;
}

// The numbered rows of a band table as modifiers, each the member of one non-cumulative group.
template <std::size_t N>
struct NumberedRows {
  Modifier mods[N]{};
};

template <class Table, std::size_t N = Table::kRows.size()>
constexpr NumberedRows<N> numbered_rows() {
  NumberedRows<N> out{};
  for (std::size_t i = 0; i < N; ++i) {
    const auto& row = Table::kRows[i];
    out.mods[i] = numbered_row_modifier(row.has_number ? row.number : 0);
  }
  return out;
}

}  // namespace qrs::web
