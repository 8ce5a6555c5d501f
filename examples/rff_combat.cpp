// Game software over the generated RFF sheets: a maneuver check, a fire combat and a charge, resolved with
// the same code in each of the four sheets; only the sheet type changes. Every number comes
// from the generated tables (generated/rff/*.hpp) through runtime/qrs/rff/procedures.hpp.
//
//   rff_combat            prints each sheet's maneuver check, fire combat and charge, with their odds
#include <cstdio>
#include <string_view>

#include "qrs/rff/procedures.hpp"
#include "rff/1812_2_1_25mm.hpp"
#include "rff/1812_3_15mm.hpp"
#include "rff/acw_2_1_15mm.hpp"
#include "rff/maw_3_15mm.hpp"

namespace {

using qrs::Fraction;

double percent(Fraction f) { return 100.0 * static_cast<double>(f.num()) / static_cast<double>(f.den()); }

// The sheet's close range (its first musketry column), as this sheet measures it.
template <class S>
constexpr Fraction close_range() {
  return S::musketry_fire_points::kColumnRanges[0];
}

template <class S>
void resolve(std::string_view label) {
  namespace rff = qrs::rff;
  using Fire = rff::FireCombat<S>;
  using FireMod = typename Fire::Modifier;
  using ChargeMod = rff::ChargeModifier<S>;
  std::printf("== %.*s (%.*s)\n", static_cast<int>(label.size()), label.data(),
              static_cast<int>(S::kInfo.subtitle.size()), S::kInfo.subtitle.data());

  // Maneuver: a veteran unit under a gallant leader, out of command, rolls a 6: 6 + 1 + 1 - 2.
  using ManMod = rff::ManeuverModifier<S>;
  const auto check = rff::maneuver_good_order<S>(6, {ManMod::gallant_leader, ManMod::veteran, ManMod::out_of_command});
  const auto check_odds = qrs::row_odds<typename S::maneuver_good_order>(check.modifier);
  std::printf("maneuver: base 6 (%+d) -> %d: %.*s (Double Quick %.0f%% at %+d)\n", check.modifier, check.result,
              static_cast<int>(check.row()->title.size()), check.row()->title.data(), percent(check_odds[0]),
              check.modifier);

  // Fire: 12 stands with the sheet's first small arm at close range, and a battery of two
  // stands of its first gun, at a trained target in partial cover. Base die 10.
  Fire fire;
  fire.musketry(typename Fire::Musket{}, 12, close_range<S>()).cannonade(typename Fire::Gun{}, 2, close_range<S>());
  const auto shot = fire.resolve(10, {FireMod::partial_cover}, Fire::Target::trained);
  if (shot) {
    std::printf("fire: %lld/%lld fire points -> %+d, net %+d, base 10 -> %d: %.*s%s%s\n",
                static_cast<long long>(fire.fire_points().num()), static_cast<long long>(fire.fire_points().den()),
                fire.fire_point_modifier(), shot->modifier, shot->result, static_cast<int>(shot->row()->title.size()),
                shot->row()->title.data(), shot->triggers("low_on_ammo") ? "; low on ammo" : "",
                shot->triggers("fallen_leader") ? "; fallen leader check" : "");
    const auto odds = fire.odds({FireMod::partial_cover}, Fire::Target::trained);
    std::printf("      odds:");
    for (std::size_t r = 0; r < odds.size(); ++r) {
      std::printf(" %.*s %.0f%%", static_cast<int>(S::fire_effects::kRows[r].title.size()),
                  S::fire_effects::kRows[r].title.data(), percent(odds[r]));
    }
    std::printf("\n");
    // The fire modifiers half the fire points decide, from what each unit is: half of these
    // stands are green (raw), so the sheet's -1 for green troops firing counts unnamed.
    using Trait = typename Fire::Trait;
    Fire green;
    green.musketry(typename Fire::Musket{}, 6, close_range<S>(), {}, {Trait::green})
        .musketry(typename Fire::Musket{}, 6, close_range<S>());
    std::printf("      half the points green: net %+d (fire points %+d)\n", green.net_modifier({}),
                green.fire_point_modifier());
    if (shot->triggers("fallen_leader")) {
      const auto leader = rff::fallen_leader<S>(4);
      std::printf("      fallen leader, base 4: %.*s\n", static_cast<int>(leader.row()->title.size()),
                  leader.row()->title.data());
    }
  }

  // Charge: a veteran, fresh unit with cold steel against a trained, worn, disordered
  // defender; the attacker rolls 7, the defender 4.
  const auto c = rff::charge<S>(7, {ChargeMod::veteran, ChargeMod::fresh_troops, ChargeMod::cold_steel}, 4,
                                {ChargeMod::trained, ChargeMod::worn, ChargeMod::disordered});
  std::printf("charge: %d (%+d) against %d (%+d): difference %d: %.*s\n", c.attacker_base, c.attacker_modifier,
              c.defender_base, c.defender_modifier, c.result, static_cast<int>(c.row()->title.size()),
              c.row()->title.data());
  // A Desperate Struggle is rolled again without the modifiers the sheet says are lost.
  const int after =
      rff::charge_modifier_again<S>({ChargeMod::veteran, ChargeMod::fresh_troops, ChargeMod::cold_steel}) -
      rff::charge_modifier_again<S>({ChargeMod::trained, ChargeMod::worn, ChargeMod::disordered});
  const auto odds = rff::charge_odds_until_decided<S>(c.attacker_modifier - c.defender_modifier, after);
  std::printf("      odds (desperate struggles rolled again without cold steel):");
  for (std::size_t r = 0; r < odds.size(); ++r) {
    if (odds[r] == Fraction(0)) continue;
    std::printf(" %.*s %.1f%%", static_cast<int>(S::charge_effects::kRows[r].title.size()),
                S::charge_effects::kRows[r].title.data(), percent(odds[r]));
  }
  std::printf("\n");
}

}  // namespace

int main() {
  resolve<qrs::rff::acw_2_1_15mm::Sheet>("ACW 2.1 15mm");
  resolve<qrs::rff::n1812_2_1_25mm::Sheet>("1812 2.1 25mm");
  resolve<qrs::rff::n1812_3_15mm::Sheet>("1812 V3 15mm");
  resolve<qrs::rff::maw_3_15mm::Sheet>("MAW V3 15mm");
  return 0;
}
