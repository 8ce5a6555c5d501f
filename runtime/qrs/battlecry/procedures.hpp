// Battlecry! 1812 procedures over the generated sheet: how many dice a unit rolls, what a
// roll does to a target, who wins a melee, whether an officer's buff reaches a unit.
// Every game number comes from the generated tables (rules/battlecry/1812.yaml); this file
// only says how the tables combine. Needs generated/ on the include path.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>

#include "battlecry/1812.hpp"
#include "qrs/odds.hpp"
#include "qrs/rolled.hpp"

namespace qrs::battlecry {

namespace sheet = qrs::battlecry::n1812;
using Weapon = sheet::weapon_dice::Row;
using TargetKind = sheet::TargetKind;
using OfficerRank = sheet::OfficerRank;
using CombatModifier = sheet::combat_modifiers::Modifier;
using MeleeModifier = sheet::melee_modifiers::Modifier;

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
constexpr std::optional<sheet::weapon_dice::Column> range_column(int hexes) {
  for (std::size_t i = 0; i < sheet::weapon_dice::kColumnNames.size(); ++i) {
    if (parse_hexes(sheet::weapon_dice::kColumnNames[i]) == hexes) return static_cast<sheet::weapon_dice::Column>(i);
  }
  return std::nullopt;
}

// Each target kind reads its own strength column of the face table.
constexpr sheet::face_effects::Column strength_column(TargetKind kind) {
  switch (kind) {
    case TargetKind::foot: return sheet::face_effects::Column::strength_foot;
    case TargetKind::mounted: return sheet::face_effects::Column::strength_mounted;
    case TargetKind::artillery: return sheet::face_effects::Column::strength_artillery;
  }
  return sheet::face_effects::Column::strength_foot;
}

constexpr int integer_cell(const qrs::Cell<qrs::Integer>& c) { return c.value.present ? c.value.value : 0; }

// The face-table row of a die face: the shooting-dice row with the same id.
constexpr std::optional<sheet::face_effects::Row> face_row(int face) {
  const auto effect = sheet::shooting_dice::lookup(face);
  if (!effect) return std::nullopt;
  const std::string_view id = sheet::shooting_dice::row(*effect).id;
  for (std::size_t i = 0; i < sheet::face_effects::kRowIds.size(); ++i) {
    if (sheet::face_effects::kRowIds[i] == id) return static_cast<sheet::face_effects::Row>(i);
  }
  return std::nullopt;
}

// Whether the sources give every cell of the weapon table (none printed "?"), so that each
// has a count.
constexpr bool every_weapon_cell_given() {
  for (const auto row : sheet::weapon_dice::kCells) {
    for (const auto& cell : row) {
      if (!cell.known()) return false;
    }
  }
  return true;
}

}  // namespace detail

static_assert(detail::every_weapon_cell_given(), "dice_to_roll counts every cell of the weapon table");

// The combat modifiers are the dice the weapon table's cells take (its `modifiers`).
static_assert(sheet::weapon_dice::kModifierTables.size() == 1 &&
                  sheet::weapon_dice::kModifierTables[0] == sheet::Sheet::combat_modifiers::kId,
              "dice_to_roll adds the combat modifiers, the lists the weapon table names");

// Dice a unit rolls at a target: the weapon's entry at the range ("M-2": morale less two),
// plus the combat modifiers that apply; none where the weapon cannot fire ("X") or the
// range is beyond the table, and never fewer than none.
[[nodiscard]] constexpr int dice_to_roll(Weapon weapon, int range_hexes, int morale,
                                         std::initializer_list<CombatModifier> modifiers = {}) {
  const auto column = detail::range_column(range_hexes);
  if (!column) return 0;
  return *sheet::weapon_dice::cell(weapon, *column).count_with(morale, sheet::combat_modifiers::total(modifiers));
}

// What a roll takes from a target of the given kind.
struct RollEffect {
  int strength = 0;
  int morale = 0;
  int retreat_hexes = 0;
  int unknown_faces = 0;  // dice outside the table's faces (not a legal roll)
  friend constexpr bool operator==(const RollEffect&, const RollEffect&) = default;
};

[[nodiscard]] constexpr RollEffect effect_of_roll(std::span<const int> faces, TargetKind kind) {
  namespace fe = sheet::face_effects;
  RollEffect e;
  for (const int face : faces) {
    const auto row = detail::face_row(face);
    if (!row) {
      ++e.unknown_faces;
      continue;
    }
    e.strength += detail::integer_cell(fe::cell(*row, detail::strength_column(kind)));
    e.morale += detail::integer_cell(fe::cell(*row, fe::Column::morale));
    e.retreat_hexes += detail::integer_cell(fe::cell(*row, fe::Column::retreat_hexes));
  }
  return e;
}

// Dice a unit rolls in melee: its morale plus the melee modifiers (Indians -1).
[[nodiscard]] constexpr int melee_dice(int morale, std::initializer_list<MeleeModifier> modifiers = {}) {
  const int n = morale + sheet::melee_modifiers::total(modifiers);
  return n < 0 ? 0 : n;
}

enum class MeleeWinner : unsigned char { attacker, defender, none };

struct MeleeResult {
  MeleeWinner winner = MeleeWinner::none;
  int attacker_flags = 0;
  int defender_flags = 0;
  int loser_retreat_hexes = 0;
  int loser_morale_loss = 0;
};

// The roll with the most flags wins; the loser retreats and loses morale as the melee
// outcome table says. The rules do not cover a tie: no winner, no outcome.
[[nodiscard]] constexpr MeleeResult melee(std::span<const int> attacker_faces, std::span<const int> defender_faces) {
  const auto flags = [](std::span<const int> faces) {
    int n = 0;
    for (const int f : faces) n += sheet::shooting_dice::lookup(f) == sheet::shooting_dice::Effect::flag;
    return n;
  };
  MeleeResult r{MeleeWinner::none, flags(attacker_faces), flags(defender_faces), 0, 0};
  if (r.attacker_flags == r.defender_flags) return r;
  r.winner = r.attacker_flags > r.defender_flags ? MeleeWinner::attacker : MeleeWinner::defender;
  namespace mo = sheet::melee_outcome;
  r.loser_retreat_hexes = detail::integer_cell(mo::cell(mo::Row::loser, mo::Column::retreat_hexes));
  r.loser_morale_loss = detail::integer_cell(mo::cell(mo::Row::loser, mo::Column::morale_loss));
  return r;
}

// With what probability: how many of `dice` shooting dice show a symbol (each die is read on
// its own; the faces of each symbol come from the shooting-dice table and its stated d6).
// Exact up to qrs::odds::kMaxSymbolDice dice; an empty distribution beyond.
[[nodiscard]] constexpr qrs::odds::Distribution symbol_odds(sheet::shooting_dice::Effect symbol, int dice) {
  return qrs::symbol_odds<sheet::shooting_dice::Table>(symbol, dice);
}

struct MeleeOdds {
  qrs::Fraction attacker{};  // the attacker rolls more flags
  qrs::Fraction defender{};
  qrs::Fraction none{};  // a tie: the rules name no winner
};

// The odds of melee() for units rolling these many dice (melee_dice()).
[[nodiscard]] constexpr MeleeOdds melee_odds(int attacker_dice, int defender_dice) {
  const auto flag = sheet::shooting_dice::Effect::flag;
  const auto c = qrs::odds::compare(symbol_odds(flag, attacker_dice), symbol_odds(flag, defender_dice));
  return {c.more, c.fewer, c.equal};
}

// Whether an officer of this rank can throw his buff to a unit this many hexes away.
[[nodiscard]] constexpr bool buff_reaches(OfficerRank rank, int distance_hexes) {
  const auto& reach = sheet::officer_reach::cell(sheet::officer_reach::Row::buff_reach, rank).value;
  return reach.present && distance_hexes >= 1 && distance_hexes <= reach.value;
}

// Whether an officer rallies a routed unit: a d6 at or under his ability.
[[nodiscard]] constexpr bool rallies(int d6, int ability) { return d6 >= 1 && d6 <= ability; }

}  // namespace qrs::battlecry
