// Regimental Fire and Fury procedures, generic over every RFF sheet: the maneuver check,
// musketry and cannonade fire, charge combat and the fallen leader check. Each takes the
// sheet as a type (`qrs::rff::acw_2_1_15mm::Sheet`, `qrs::rff::n1812_3_15mm::Sheet`, ...), so
// switching sheets is one type name. The caller says which conditions hold (which modifiers
// apply); every number comes from the generated tables; this file only says how they
// combine, following the rule text of the seeds (003 change 1: "the total is added to the
// base die result to obtain a modified result"; change 14: total fire points give the die
// roll modifier; the charge table's die result difference). Each procedure also answers
// "with what probability" through qrs/rolled.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "qrs/rolled.hpp"
#include "qrs/runtime.hpp"

namespace qrs::rff {

// One roll on a table: the base die, the net modifier, the modified result and its effect.
template <class Table>
struct Result {
  int base = 0;
  int modifier = 0;
  int result = 0;
  std::optional<typename Table::Effect> effect;

  [[nodiscard]] constexpr const BandRow* row() const {
    return effect ? &Table::kRows[static_cast<std::size_t>(*effect)] : nullptr;
  }
  [[nodiscard]] constexpr std::string_view id() const { return effect ? row()->id : std::string_view{}; }
};

template <class Table>
[[nodiscard]] constexpr Result<Table> read(int base, int modifier, typename Table::Column column = {}) {
  return {base, modifier, base + modifier, effect_at<Table>(Fraction(base + modifier), column)};
}

// ---------------------------------------------------------------- maneuver check
// A unit's maneuver check: the base die plus its maneuver modifiers (non-cumulative groups
// count once), read on the good-order table, or on the disordered one for disordered or
// broken troops (003 change 1, step 4); MAW's sheet has US and MEX columns.
template <class S>
using ManeuverModifier = typename S::maneuver_modifiers::Modifier;

template <class S>
[[nodiscard]] constexpr Result<typename S::maneuver_good_order> maneuver_good_order(
    int base, std::initializer_list<ManeuverModifier<S>> applying,
    typename S::maneuver_good_order::Column column = {}) {
  return read<typename S::maneuver_good_order>(base, S::maneuver_modifiers::total(applying), column);
}

template <class S>
[[nodiscard]] constexpr Result<typename S::maneuver_disordered> maneuver_disordered(
    int base, std::initializer_list<ManeuverModifier<S>> applying,
    typename S::maneuver_disordered::Column column = {}) {
  return read<typename S::maneuver_disordered>(base, S::maneuver_modifiers::total(applying), column);
}

// ---------------------------------------------------------------- musketry & cannonade
namespace detail {
// A fire-modifier list whose items' shares the firing units decide (its header has kShares and
// Trait: "half or more of the total fire points are from green stands"). A sheet whose list
// declares none still has FireCombat, whose units then have no traits.
template <class L>
concept DecidedByShares = requires {
  L::kShares;
  L::kShareUnits;
  typename L::Trait;
};
template <class L>
struct TraitsOf {
  enum class Trait : unsigned char {};
  static constexpr View<std::string_view> kTraitTexts{};
  static constexpr View<ShareRule> kShares{};
  static constexpr View<ShareUnit> kShareUnits{};
};
template <DecidedByShares L>
struct TraitsOf<L> {
  using Trait = typename L::Trait;
  static constexpr View<std::string_view> kTraitTexts = L::kTraitTexts;
  static constexpr View<ShareRule> kShares = L::kShares;
  static constexpr View<ShareUnit> kShareUnits = L::kShareUnits;
};
}  // namespace detail

// A fire combat against one target: the firing stands' fire points (by weapon, stands and
// distance, each unit's fire-point factors such as x 1/2 for firing disordered), their total
// rounded as the sheet says, its die-roll modifier from the fire-point table, the other fire
// modifiers, the effect by target rating, and the effects the base die triggers.
template <class S>
class FireCombat {
 public:
  using Musket = typename S::musketry_fire_points::Row;
  using Gun = typename S::cannonade_fire_points::Row;
  using Factor = typename S::fire_point_factors::Modifier;
  using Modifier = typename S::fire_modifiers::Modifier;
  using Target = typename S::fire_effects::Column;
  using Effects = typename S::fire_effects;
  // What a firing unit can be (sharpshooters, in a charge, green: the fire-modifier list's
  // traits), for the modifiers its share of the fire points decides.
  using Trait = typename detail::TraitsOf<typename S::fire_modifiers>::Trait;

  // Stands of one firing unit with small arms at a distance in inches (the sheet's own
  // inches: a 25mm sheet's ranges are already converted), and what the unit is. Out of range
  // adds nothing.
  constexpr FireCombat& musketry(Musket weapon, int stands, Fraction distance,
                                 std::initializer_list<Factor> factors = {}, Traits<Trait> traits = {}) {
    return add<typename S::musketry_fire_points>(weapon, stands, distance, factors, traits);
  }
  // Gun stands of one battery.
  constexpr FireCombat& cannonade(Gun weapon, int stands, Fraction distance, std::initializer_list<Factor> factors = {},
                                  Traits<Trait> traits = {}) {
    return add<typename S::cannonade_fire_points>(weapon, stands, distance, factors, traits);
  }

  // The fire points of the stands added, before the total is rounded.
  [[nodiscard]] constexpr Fraction points() const { return points_; }
  // The total fire points, rounded as the sheet states (Version 3: round fractions down).
  [[nodiscard]] constexpr Fraction fire_points() const { return rounded(points_, S::fire_point_modifiers::kRounding); }
  [[nodiscard]] constexpr bool in_range() const { return in_range_; }
  // The row of the fire-point table the total fire points select.
  [[nodiscard]] constexpr std::optional<typename S::fire_point_modifiers::Effect> fire_point_row() const {
    return effect_at<typename S::fire_point_modifiers>(fire_points());
  }
  // The die-roll modifier the total fire points give (the fire-point table's row number).
  [[nodiscard]] constexpr int fire_point_modifier() const {
    const auto r = fire_point_row();
    return r ? S::fire_point_modifiers::kRows[static_cast<std::size_t>(*r)].number : 0;
  }
  // Whether the firing units decide modifier `m` (it has shares: "half or more of the total
  // fire points are from ..."), and whether their parts of the fire points reach one of them
  // (of the points before the total is rounded).
  [[nodiscard]] static constexpr bool decided_by_units(Modifier m) {
    return decided_by_shares(kShares, static_cast<std::size_t>(m));
  }
  [[nodiscard]] constexpr bool units_decide(Modifier m) const {
    return shares_.applies(kShares, static_cast<std::size_t>(m), points_);
  }
  // The net modifier: fire points plus the other fire modifiers that apply: those listed, and
  // those the units' shares reach (listing one of these as well counts it once).
  [[nodiscard]] constexpr int net_modifier(std::initializer_list<Modifier> applying) const {
    std::uint8_t occurs[kModifierCount == 0 ? 1 : kModifierCount]{};
    for (const Modifier m : applying) ++occurs[static_cast<std::size_t>(m)];
    for (std::size_t i = 0; i < kModifierCount; ++i) {
      if (occurs[i] == 0 && units_decide(static_cast<Modifier>(i))) occurs[i] = 1;
    }
    return fire_point_modifier() +
           accumulate(S::fire_modifiers::kModifiers, View<std::uint8_t>(occurs, kModifierCount));
  }

  struct Outcome : Result<Effects> {
    std::optional<typename Effects::Part> part;  // Telling Fire: charge checked, or also cold steel
    // Whether the base die triggers an additional effect (a fire_additional_effects section
    // id such as "low_on_ammo" or "fallen_leader").
    [[nodiscard]] constexpr bool triggers(std::string_view section) const {
      for (const auto& t : S::fire_additional_effects::kTriggers) {
        if (t.section == section && t.table == Effects::kId && t.fires_on(this->base)) return true;
      }
      return false;
    }
  };

  // Nothing when no stand is in range.
  [[nodiscard]] constexpr std::optional<Outcome> resolve(int base, std::initializer_list<Modifier> applying,
                                                         Target target) const {
    if (!in_range_) return std::nullopt;
    Outcome o{read<Effects>(base, net_modifier(applying), target), std::nullopt};
    const std::size_t p = find_band(Effects::kPartBands[static_cast<std::size_t>(target)], Fraction(o.result));
    if (p != npos) o.part = static_cast<typename Effects::Part>(p);
    return o;
  }

  // The exact probability of each fire effect against the target.
  [[nodiscard]] constexpr RowOdds<Effects> odds(std::initializer_list<Modifier> applying, Target target) const {
    return row_odds<Effects>(net_modifier(applying), target);
  }

 private:
  static constexpr View<ShareRule> kShares = detail::TraitsOf<typename S::fire_modifiers>::kShares;
  static constexpr View<ShareUnit> kShareUnits = detail::TraitsOf<typename S::fire_modifiers>::kShareUnits;
  static constexpr std::size_t kModifierCount = S::fire_modifiers::kModifiers.size();

  template <class Matrix>
  constexpr FireCombat& add(typename Matrix::Row weapon, int stands, Fraction distance,
                            std::initializer_list<Factor> factors, Traits<Trait> traits) {
    const auto column = Matrix::column_for(distance);
    if (!column) return *this;
    const Amount& cell = Matrix::cell(weapon, *column).value;
    if (!cell.in_range) return *this;
    const Fraction amount = cell.amount * Fraction(stands) * S::fire_point_factors::factor(factors);
    points_ += amount;
    shares_.add(kShares, kShareUnits, amount, traits.bits(), Matrix::kId,
                Matrix::kRowIds[static_cast<std::size_t>(weapon)]);
    in_range_ = true;
    return *this;
  }

  Fraction points_{0};
  bool in_range_ = false;
  ShareParts<kShares.size()> shares_{};
};

// The probability that a fire combat's base die triggers an additional effect.
template <class S>
[[nodiscard]] constexpr Fraction trigger_odds(std::string_view section) {
  for (const auto& t : S::fire_additional_effects::kTriggers) {
    if (t.section == section && t.table == S::fire_effects::kId) return base_odds<typename S::fire_effects>(t.band);
  }
  return Fraction(0);
}

// ---------------------------------------------------------------- charge combat
// Both sides roll and add their own charge modifiers; the attacker's modified result less the
// defender's selects the effect. Desperate Struggle: adjust modifiers and roll again.
template <class S>
using ChargeModifier = typename S::charge_modifiers::Modifier;

template <class S>
struct ChargeOutcome : Result<typename S::charge_effects> {
  int attacker_base = 0, defender_base = 0;
  int attacker_modifier = 0, defender_modifier = 0;
  int attacker_result = 0, defender_result = 0;
  // Whether the effect is to roll again (Desperate Struggle: the table's kAgain).
  [[nodiscard]] constexpr bool roll_again() const {
    return this->effect && rolls_again(S::charge_effects::kAgain, static_cast<std::size_t>(*this->effect));
  }
};

// The row of the charge table whose effect is to roll again (Desperate Struggle), or npos.
template <class S>
[[nodiscard]] constexpr std::size_t charge_again_row() {
  const auto& again = S::charge_effects::kAgain;
  return again.empty() ? npos : again[0].row;
}

// One side's charge modifiers on the roll a Desperate Struggle calls for: those the sheet says
// are lost ("lose cold steel, breakthrough and cavalry charge modifiers": the table's kAgain)
// no longer count. The other adjustments the effect names are the caller's.
template <class S>
[[nodiscard]] constexpr int charge_modifier_again(std::initializer_list<ChargeModifier<S>> applying) {
  using L = typename S::charge_modifiers;
  const auto kept = [](ChargeModifier<S> m) {
    return counts_again(S::charge_effects::kAgain, charge_again_row<S>(), L::kId,
                        L::kTexts[static_cast<std::size_t>(m)].id);
  };
  return total_of_kept(L::kModifiers, applying, kept);
}

template <class S>
[[nodiscard]] constexpr ChargeOutcome<S> charge(int attacker_base, std::initializer_list<ChargeModifier<S>> attacker,
                                                int defender_base, std::initializer_list<ChargeModifier<S>> defender) {
  ChargeOutcome<S> o;
  o.attacker_base = attacker_base;
  o.defender_base = defender_base;
  o.attacker_modifier = S::charge_modifiers::total(attacker);
  o.defender_modifier = S::charge_modifiers::total(defender);
  o.attacker_result = attacker_base + o.attacker_modifier;
  o.defender_result = defender_base + o.defender_modifier;
  static_cast<Result<typename S::charge_effects>&>(o) =
      read<typename S::charge_effects>(attacker_base - defender_base, o.attacker_modifier - o.defender_modifier);
  return o;
}

// The odds of each charge effect for one combat, at the net modifier (attacker's total less
// the defender's).
template <class S>
[[nodiscard]] constexpr RowOdds<typename S::charge_effects> charge_odds(int net_modifier) {
  return row_odds<typename S::charge_effects>(net_modifier);
}

// The odds of each final effect when every Desperate Struggle is rolled again at the adjusted
// net modifier `net_after` (the sheet: lose the cold steel, breakthrough and cavalry charge
// modifiers, charge_modifier_again): P(r) = P1(r) + P1(again) x P2(r) / (1 - P2(again)); the roll-again row ends at 0.
template <class S>
[[nodiscard]] constexpr RowOdds<typename S::charge_effects> charge_odds_until_decided(int net_first, int net_after) {
  using T = typename S::charge_effects;
  const auto first = row_odds<T>(net_first);
  const auto after = row_odds<T>(net_after);
  const std::size_t again = charge_again_row<S>();
  RowOdds<T> p = first;
  if (again == npos) return p;
  const Fraction repeat = first[again] / (Fraction(1) - after[again]);
  for (std::size_t r = 0; r < p.size(); ++r) p[r] = r == again ? Fraction(0) : first[r] + repeat * after[r];
  return p;
}

// ---------------------------------------------------------------- fallen leader
// The check reads the base die alone (its table states no modifiers).
template <class S>
[[nodiscard]] constexpr Result<typename S::fallen_leader> fallen_leader(int base) {
  static_assert(S::fallen_leader::kModifierTables.empty(), "the fallen leader check reads the base die alone");
  return read<typename S::fallen_leader>(base, 0);
}

template <class S>
[[nodiscard]] constexpr RowOdds<typename S::fallen_leader> fallen_leader_odds() {
  return row_odds<typename S::fallen_leader>(0);
}

}  // namespace qrs::rff
