// Battlecry procedures, generic over the system's sheets: how many dice a unit rolls, what a
// roll does to a target, who wins a melee, whether an officer's buff reaches a unit. Each takes
// the sheet as a type (`qrs::battlecry::n1812::Sheet`, or a house variant's), as the RFF
// procedures do. Every game number comes from the generated tables (rules/battlecry/1812.yaml:
// 004's "Weapons and their Dice to Hit", "Shooting dice results" and "Melee"); this file only
// says how the tables combine.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>

#include "qrs/cells.hpp"
#include "qrs/modifiers.hpp"
#include "qrs/odds.hpp"
#include "qrs/rolled.hpp"

namespace qrs::battlecry {

template <class S>
using Weapon = typename S::weapon_dice::Row;
template <class S>
using CombatModifier = typename S::combat_modifiers::Modifier;
template <class S>
using MeleeModifier = typename S::melee_modifiers::Modifier;
// The face table's column a target reads its strength loss in (strength_foot, _mounted, ...).
template <class S>
using TargetStrength = typename S::face_effects::Column;
template <class S>
using OfficerRank = typename S::officer_reach::Column;
template <class S>
using Symbol = typename S::shooting_dice::Effect;

namespace detail {

constexpr std::optional<int> parse_hexes(std::string_view s) {
  if (s.empty()) return std::nullopt;
  int v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// The weapon table's column for a range in hexes (its columns are named by range).
template <class S>
constexpr std::optional<typename S::weapon_dice::Column> range_column(int hexes) {
  for (std::size_t i = 0; i < S::weapon_dice::kColumnNames.size(); ++i) {
    if (parse_hexes(S::weapon_dice::kColumnNames[i]) == hexes) return static_cast<typename S::weapon_dice::Column>(i);
  }
  return std::nullopt;
}

constexpr int integer_cell(const qrs::Cell<qrs::Integer>& c) { return c.value.present ? c.value.value : 0; }

// The symbol a die face shows, as the shooting-dice table reads it.
template <class S>
constexpr std::optional<Symbol<S>> symbol_of(int face) {
  return qrs::effect_at<typename S::shooting_dice>(qrs::Fraction(face));
}

// The face-table row of a die face: the shooting-dice row with the same id.
template <class S>
constexpr std::optional<typename S::face_effects::Row> face_row(int face) {
  const auto symbol = symbol_of<S>(face);
  if (!symbol) return std::nullopt;
  const std::string_view id = S::shooting_dice::kRows[static_cast<std::size_t>(*symbol)].id;
  for (std::size_t i = 0; i < S::face_effects::kRowIds.size(); ++i) {
    if (S::face_effects::kRowIds[i] == id) return static_cast<typename S::face_effects::Row>(i);
  }
  return std::nullopt;
}

// Whether the sources give every cell of the weapon table (none printed "?"), so that each
// has a count.
template <class S>
constexpr bool every_weapon_cell_given() {
  for (const auto row : S::weapon_dice::kCells) {
    for (const auto& cell : row) {
      if (!cell.known()) return false;
    }
  }
  return true;
}

constexpr int none_below(int dice) { return dice < 0 ? 0 : dice; }

template <class S>
constexpr int flags_in(std::span<const int> faces) {
  int n = 0;
  for (const int f : faces) n += symbol_of<S>(f) == Symbol<S>::flag;
  return n;
}

}  // namespace detail

// Dice a unit rolls at a target: the weapon's entry at the range ("M-2": morale less two),
// plus the combat modifiers that apply; none where the weapon cannot fire ("X") or the
// range is beyond the table, and never fewer than none.
template <class S>
[[nodiscard]] constexpr int dice_to_roll(Weapon<S> weapon, int range_hexes, int morale,
                                         std::initializer_list<CombatModifier<S>> modifiers = {}) {
  static_assert(detail::every_weapon_cell_given<S>(), "dice_to_roll counts every cell of the weapon table");
  // The combat modifiers are the dice the weapon table's cells take (its `modifiers`).
  static_assert(
      S::weapon_dice::kModifierTables.size() == 1 && S::weapon_dice::kModifierTables[0] == S::combat_modifiers::kId,
      "dice_to_roll adds the combat modifiers, the lists the weapon table names");
  const auto column = detail::range_column<S>(range_hexes);
  if (!column) return 0;
  return *S::weapon_dice::cell(weapon, *column).count_with(morale, S::combat_modifiers::total(modifiers));
}

// What a roll takes from a target.
struct RollEffect {
  int strength = 0;
  int morale = 0;
  int retreat_hexes = 0;
  int unknown_faces = 0;  // dice outside the table's faces (not a legal roll)
  friend constexpr bool operator==(const RollEffect&, const RollEffect&) = default;
};

// The roll's effect on a target that loses strength in the face table's column `target`
// (strength_foot for a foot unit, strength_mounted, strength_artillery).
template <class S>
[[nodiscard]] constexpr RollEffect effect_of_roll(std::span<const int> faces, TargetStrength<S> target) {
  using FE = typename S::face_effects;
  RollEffect e;
  for (const int face : faces) {
    const auto row = detail::face_row<S>(face);
    if (!row) {
      ++e.unknown_faces;
      continue;
    }
    e.strength += detail::integer_cell(FE::cell(*row, target));
    e.morale += detail::integer_cell(FE::cell(*row, FE::Column::morale));
    e.retreat_hexes += detail::integer_cell(FE::cell(*row, FE::Column::retreat_hexes));
  }
  return e;
}

// Dice a unit rolls in melee: its morale plus the melee modifiers (Indians -1), never fewer
// than none.
template <class S>
[[nodiscard]] constexpr int melee_dice(int morale, std::initializer_list<MeleeModifier<S>> modifiers = {}) {
  return detail::none_below(morale + S::melee_modifiers::total(modifiers));
}

// The same, the modifiers given as a flag per modifier of the list (applying[i] for modifier
// i), as a program's interface holds them (the web page's melee).
template <class S>
[[nodiscard]] constexpr int melee_dice(int morale, qrs::View<bool> applying) {
  return detail::none_below(morale + qrs::accumulate(S::melee_modifiers::kModifiers, applying));
}

enum class MeleeWinner : unsigned char { attacker, defender, none };

struct MeleeResult {
  MeleeWinner winner = MeleeWinner::none;
  int attacker_flags = 0;
  int defender_flags = 0;
  int loser_retreat_hexes = 0;
  int loser_morale_loss = 0;
};

// A melee by the flags each side rolled: the most flags wins; the loser retreats and loses
// morale as the melee outcome table says. The rules do not cover a tie: no winner, no outcome.
template <class S>
[[nodiscard]] constexpr MeleeResult melee_by_flags(int attacker_flags, int defender_flags) {
  MeleeResult r{MeleeWinner::none, attacker_flags, defender_flags, 0, 0};
  if (attacker_flags == defender_flags) return r;
  r.winner = attacker_flags > defender_flags ? MeleeWinner::attacker : MeleeWinner::defender;
  using MO = typename S::melee_outcome;
  r.loser_retreat_hexes = detail::integer_cell(MO::cell(MO::Row::loser, MO::Column::retreat_hexes));
  r.loser_morale_loss = detail::integer_cell(MO::cell(MO::Row::loser, MO::Column::morale_loss));
  return r;
}

// A melee by the faces each side rolled (each die read on the shooting-dice table).
template <class S>
[[nodiscard]] constexpr MeleeResult melee(std::span<const int> attacker_faces, std::span<const int> defender_faces) {
  return melee_by_flags<S>(detail::flags_in<S>(attacker_faces), detail::flags_in<S>(defender_faces));
}

// With what probability: how many of `dice` shooting dice show a symbol (each die is read on
// its own; the faces of each symbol come from the shooting-dice table and its stated d6).
// Exact up to qrs::odds::kMaxSymbolDice dice; an empty distribution beyond.
template <class S>
[[nodiscard]] constexpr qrs::odds::Distribution symbol_odds(Symbol<S> symbol, int dice) {
  return qrs::symbol_odds<typename S::shooting_dice>(symbol, dice);
}

struct MeleeOdds {
  qrs::Fraction attacker{};  // the attacker rolls more flags
  qrs::Fraction defender{};
  qrs::Fraction none{};  // a tie: the rules name no winner
};

// The odds of melee() for units rolling these many dice (melee_dice()).
template <class S>
[[nodiscard]] constexpr MeleeOdds melee_odds(int attacker_dice, int defender_dice) {
  const auto flag = Symbol<S>::flag;
  const auto c = qrs::odds::compare(symbol_odds<S>(flag, attacker_dice), symbol_odds<S>(flag, defender_dice));
  return {c.more, c.fewer, c.equal};
}

// Whether an officer of this rank can throw his buff to a unit this many hexes away.
template <class S>
[[nodiscard]] constexpr bool buff_reaches(OfficerRank<S> rank, int distance_hexes) {
  const auto& reach = S::officer_reach::cell(S::officer_reach::Row::buff_reach, rank).value;
  return reach.present && distance_hexes >= 1 && distance_hexes <= reach.value;
}

// Whether an officer rallies a routed unit: a d6 at or under his ability.
[[nodiscard]] constexpr bool rallies(int d6, int ability) { return d6 >= 1 && d6 <= ability; }

}  // namespace qrs::battlecry
