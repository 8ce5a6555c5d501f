// The RFF procedures (runtime/qrs/rff/procedures.hpp) on worked cases written from the seeds'
// rule text, run with the same code against all four RFF sheets, and every odds result
// checked against brute-force enumeration of the dice.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <string_view>

#include "qrs/rff/procedures.hpp"
#include "qrsc/analysis/decided_odds.hpp"
#include "qrsc/analysis/opposed.hpp"
#include "rff/1812_2_1_25mm.hpp"
#include "rff/1812_3_15mm.hpp"
#include "rff/acw_2_1_15mm.hpp"
#include "rff/maw_3_15mm.hpp"
#include "test_support.hpp"

namespace {

using qrs::Fraction;
namespace rff = qrs::rff;
namespace acw = qrs::rff::acw_2_1_15mm;
namespace e25 = qrs::rff::n1812_2_1_25mm;
namespace e3 = qrs::rff::n1812_3_15mm;
namespace maw = qrs::rff::maw_3_15mm;

// What differs by sheet, as the seeds state it: the rifle's name (ACW rifle musket RM, 1812
// and MAW rifle R), the musket that fires buck and ball (ACW SM, whose row it shares with SH;
// 1812 and MAW M), the names of the two fire modifiers the units decide (1812 marksmen, 000
// change 36; raw, 000 change 34, MAW 36), the scale (the 25mm sheet's distances are 1.5 x: 001 "1.5 inches ground:
// 25 yards"), and the version (Version 3 moved every charge band by one: 000 change 50, 002
// change 52; and rounds fire points down: 000 change 33, 002 change 35).
template <class S>
struct Sheet;
template <>
struct Sheet<acw::Sheet> {
  static constexpr const char* spec = "rff/acw-2.1-15mm";
  static constexpr auto rifle = acw::musketry_fire_points::Row::rm;
  static constexpr auto musket = acw::musketry_fire_points::Row::sm_sh;
  static constexpr auto buck_and_ball_or_sharpshooters =
      acw::fire_modifiers::Modifier::repeaters_buck_and_ball_sharpshooters;
  static constexpr auto green_firing = acw::fire_modifiers::Modifier::green_firing;
  static constexpr Fraction scale{1};
  static constexpr bool version3 = false;
};
template <>
struct Sheet<e25::Sheet> {
  static constexpr const char* spec = "rff/1812-2.1-25mm";
  static constexpr auto rifle = e25::musketry_fire_points::Row::r;
  static constexpr auto musket = e25::musketry_fire_points::Row::m;
  static constexpr auto buck_and_ball_or_sharpshooters =
      e25::fire_modifiers::Modifier::repeaters_buck_and_ball_marksmen;
  static constexpr auto green_firing = e25::fire_modifiers::Modifier::raw_firing;
  static constexpr Fraction scale{3, 2};
  static constexpr bool version3 = false;
};
template <>
struct Sheet<e3::Sheet> {
  static constexpr const char* spec = "rff/1812-3-15mm";
  static constexpr auto rifle = e3::musketry_fire_points::Row::r;
  static constexpr auto musket = e3::musketry_fire_points::Row::m;
  static constexpr auto buck_and_ball_or_sharpshooters = e3::fire_modifiers::Modifier::repeaters_buck_and_ball_marksmen;
  static constexpr auto green_firing = e3::fire_modifiers::Modifier::raw_firing;
  static constexpr Fraction scale{1};
  static constexpr bool version3 = true;
};
template <>
struct Sheet<maw::Sheet> {
  static constexpr const char* spec = "rff/maw-3-15mm";
  static constexpr auto rifle = maw::musketry_fire_points::Row::r;
  static constexpr auto musket = maw::musketry_fire_points::Row::m;
  static constexpr auto buck_and_ball_or_sharpshooters =
      maw::fire_modifiers::Modifier::repeaters_buck_and_ball_sharpshooters;
  static constexpr auto green_firing = maw::fire_modifiers::Modifier::raw_firing;
  static constexpr Fraction scale{1};
  static constexpr bool version3 = true;
};

template <class S>
class RffProcedures : public ::testing::Test {};
using Sheets = ::testing::Types<acw::Sheet, e25::Sheet, e3::Sheet, maw::Sheet>;
TYPED_TEST_SUITE(RffProcedures, Sheets);

// Brute force: roll every face of the base die, read the table, count.
template <class Table>
std::map<std::string_view, Fraction> enumerate_one_die(int modifier, typename Table::Column column = {}) {
  std::map<std::string_view, Fraction> p;
  for (int base = 1; base <= Table::kRoll.sides; ++base) {
    const auto r = rff::read<Table>(base, modifier, column);
    if (r.effect) p[r.id()] += Fraction(1, Table::kRoll.sides);
  }
  return p;
}

template <class Table>
void expect_odds_match(const qrs::RowOdds<Table>& odds, const std::map<std::string_view, Fraction>& counted,
                       const std::string& where) {
  Fraction sum{0};
  for (std::size_t r = 0; r < odds.size(); ++r) {
    const auto it = counted.find(Table::kRows[r].id);
    EXPECT_EQ(odds[r], it == counted.end() ? Fraction(0) : it->second) << where << " row " << Table::kRows[r].id;
    sum += odds[r];
  }
  EXPECT_EQ(sum, Fraction(1)) << where;
}

// ---------------------------------------------------------------- maneuver
TYPED_TEST(RffProcedures, ManeuverCheckOfMilitiaUnderProvisionalCommand) {
  using S = TypeParam;
  using Mod = rff::ManeuverModifier<S>;
  // 003 "20 & 2" example: Carswell, an able leader, exerts provisional command over militia:
  // "apply a 0 for the able leader, and a -1 modifier for provisional command. The modifier
  // would increase to a -2 if Carswell were rated a poor leader."
  EXPECT_EQ(S::maneuver_modifiers::total({Mod::able_leader, Mod::provisional_command}), -1);
  EXPECT_EQ(S::maneuver_modifiers::total({Mod::poor_leader, Mod::provisional_command}), -2);
  // Provisional command and out of command are not cumulative (003 change 2).
  EXPECT_EQ(S::maneuver_modifiers::total({Mod::provisional_command, Mod::out_of_command}), -2);
  // A base 3 less one is a modified 2: Tardy in good order on every sheet (MAW's US column).
  const auto tardy = rff::maneuver_good_order<S>(3, {Mod::able_leader, Mod::provisional_command});
  EXPECT_EQ(tardy.result, 2);
  EXPECT_EQ(tardy.id(), "tardy");
  // 8 or more is Double Quick (003 lines 72-79; MAW US column).
  EXPECT_EQ(rff::maneuver_good_order<S>(7, {Mod::gallant_leader}).id(), "double_quick");
  // 003 change 1 (line 343): "if the modified die result is a negative two, remove two
  // stands from the broken unit": Panic on the disordered table.
  EXPECT_EQ(rff::maneuver_disordered<S>(1, {Mod::out_of_command, Mod::spent}).result, -3);
  EXPECT_EQ(rff::maneuver_disordered<S>(1, {Mod::out_of_command, Mod::poor_leader}).id(), "panic");
  // Odds: at +0 in good order, Double Quick is the base die 8, 9 or 10.
  const auto odds = qrs::row_odds<typename S::maneuver_good_order>(0);
  EXPECT_EQ(odds[static_cast<std::size_t>(S::maneuver_good_order::Effect::double_quick)], Fraction(3, 10));
  for (int m = -6; m <= 6; ++m) {
    for (std::size_t c = 0; c < S::maneuver_good_order::kBands.size(); ++c) {
      const auto col = static_cast<typename S::maneuver_good_order::Column>(c);
      expect_odds_match<typename S::maneuver_good_order>(qrs::row_odds<typename S::maneuver_good_order>(m, col),
                                                         enumerate_one_die<typename S::maneuver_good_order>(m, col),
                                                         "good order " + std::to_string(m));
    }
    for (std::size_t c = 0; c < S::maneuver_disordered::kBands.size(); ++c) {
      const auto col = static_cast<typename S::maneuver_disordered::Column>(c);
      expect_odds_match<typename S::maneuver_disordered>(qrs::row_odds<typename S::maneuver_disordered>(m, col),
                                                         enumerate_one_die<typename S::maneuver_disordered>(m, col),
                                                         "disordered " + std::to_string(m));
    }
  }
}

TEST(RffManeuver, MexicanColumnOfTheMawSheet) {
  // 002 Figure 2: a modified 3 is Well Handled for US troops (3 - 7) but Tardy for Mexican
  // troops (1, 2, 3); Double Quick needs 8 (US) or 11 (MEX).
  using Col = maw::maneuver_good_order::Column;
  EXPECT_EQ(rff::maneuver_good_order<maw::Sheet>(3, {}, Col::us).id(), "well_handled");
  EXPECT_EQ(rff::maneuver_good_order<maw::Sheet>(3, {}, Col::mex).id(), "tardy");
  const auto us = qrs::row_odds<maw::Sheet::maneuver_good_order>(0, Col::us);
  const auto mex = qrs::row_odds<maw::Sheet::maneuver_good_order>(0, Col::mex);
  EXPECT_EQ(us[0], Fraction(3, 10));
  EXPECT_EQ(mex[0], Fraction(0));
}

// ---------------------------------------------------------------- fire
TYPED_TEST(RffProcedures, MusketryFirePointsFromTheChange14Example) {
  using S = TypeParam;
  using T = Sheet<S>;
  using Fire = rff::FireCombat<S>;
  using Factor = typename Fire::Factor;
  // 003 change 14 (line 439): "if the fire points from all stands firing at the same target
  // total 11.5 points, the fire combat modifier is a plus one". 23 rifle stands at 12" (15mm;
  // 18" at 25mm) fire 1/2 point each.
  Fire far;
  far.musketry(T::rifle, 23, Fraction(12) * T::scale);
  EXPECT_TRUE(far.in_range());
  // Version 3: "Round fractions down" (000 change 33): 11; the 2.1 sheets keep 11.5.
  EXPECT_EQ(far.fire_points(), T::version3 ? Fraction(11) : Fraction(23, 2));
  EXPECT_EQ(far.points(), Fraction(23, 2));  // before the sheet's rounding
  EXPECT_EQ(far.fire_point_modifier(), +1);
  // 11 and 11.5 points both fall in the row of 9 points and more, less than 12 ("9 pts.", in
  // Version 3 "9-11 pts.").
  ASSERT_TRUE(far.fire_point_row().has_value());
  EXPECT_EQ(S::fire_point_modifiers::kRows[static_cast<std::size_t>(*far.fire_point_row())].id, "plus_1");
  // The same 23 stands within 4" (6" at 25mm) fire 1 point each: 23, +4; disordered, x 1/2.
  Fire close;
  close.musketry(T::rifle, 23, Fraction(4) * T::scale);
  EXPECT_EQ(close.fire_point_modifier(), +4);
  Fire disordered;
  disordered.musketry(T::rifle, 23, Fraction(4) * T::scale, {Factor::half});
  EXPECT_EQ(disordered.fire_point_modifier(), +1);
  // "less than 1 fire point" fires at -5 (003 change 14; kept in Version 3, 000 change 33).
  Fire one;
  one.musketry(T::rifle, 1, Fraction(12) * T::scale);
  EXPECT_EQ(one.fire_point_modifier(), -5);
  // Beyond the last range column nothing fires.
  Fire none;
  none.musketry(T::rifle, 10, Fraction(100));
  EXPECT_FALSE(none.in_range());
  EXPECT_FALSE(none.resolve(10, {}, {}).has_value());
}

TEST(RffFire, TwentyFiveMillimetreRangesAreOneAndAHalfTimesTheFifteen) {
  // The 25mm sheet (001) prints the 15mm ranges x 1.5: a rifle at 6" there reads the column
  // the 15mm sheet reads at 4" (its close range), and 6" at 15mm is already the second column.
  using M25 = e25::Sheet::musketry_fire_points;
  using M15 = e3::Sheet::musketry_fire_points;
  EXPECT_EQ(M25::column_for(Fraction(6)), M25::Column::r4);
  EXPECT_EQ(M15::column_for(Fraction(4)), M15::Column::r4);
  EXPECT_EQ(M15::column_for(Fraction(6)), M15::Column::r8);
  EXPECT_EQ(M25::kColumnRanges[0], Fraction(6));
  EXPECT_EQ(M25::column_for(Fraction(19)), std::nullopt);
  rff::FireCombat<e25::Sheet> at25;
  at25.musketry(e25::musketry_fire_points::Row::r, 10, Fraction(6));
  rff::FireCombat<e3::Sheet> at15;
  at15.musketry(e3::musketry_fire_points::Row::r, 10, Fraction(6));
  EXPECT_EQ(at25.fire_points(), Fraction(10));  // close range: 1 point a stand
  EXPECT_EQ(at15.fire_points(), Fraction(10));  // 8" column: rifle still 1 point
  rff::FireCombat<e3::Sheet> musket15;
  musket15.musketry(e3::musketry_fire_points::Row::m, 10, Fraction(6));
  rff::FireCombat<e25::Sheet> musket25;
  musket25.musketry(e25::musketry_fire_points::Row::m, 10, Fraction(6));
  EXPECT_EQ(musket15.fire_points(), Fraction(5));   // musket beyond 4": 1/2
  EXPECT_EQ(musket25.fire_points(), Fraction(10));  // the same 6" is close range at 25mm
}

TYPED_TEST(RffProcedures, FireEffectByTargetRatingAndBaseRollEffects) {
  using S = TypeParam;
  using T = Sheet<S>;
  using Fire = rff::FireCombat<S>;
  using Mod = typename Fire::Modifier;
  using Target = typename Fire::Target;
  // 10 rifle stands at close range: 10 points, +1 (9 pts.); target in partial cover, -1.
  Fire fire;
  fire.musketry(T::rifle, 10, Fraction(4) * T::scale);
  EXPECT_EQ(fire.net_modifier({Mod::partial_cover}), 0);
  // A modified 7 against trained troops is Telling Fire, "charge checked or charge home with
  // cold steel" (001 lines 212-220: Telling 8 and 7 for Trained, the lower row cold steel).
  const auto seven = fire.resolve(7, {Mod::partial_cover}, Target::trained);
  ASSERT_TRUE(seven.has_value());
  EXPECT_EQ(seven->id(), "telling");
  ASSERT_TRUE(seven->part.has_value());
  EXPECT_EQ(S::fire_effects::kPartTexts[static_cast<std::size_t>(*seven->part)].substr(0, 26),
            "Charge checked or charge h");
  const auto eight = fire.resolve(8, {Mod::partial_cover}, Target::trained);
  EXPECT_EQ(eight->id(), "telling");
  EXPECT_EQ(eight->part, S::fire_effects::Part::charge_checked);
  // Veteran troops hold better: the same 8 is Telling, 7 is Telling with cold steel, 6 Galling.
  EXPECT_EQ(fire.resolve(6, {Mod::partial_cover}, Target::veteran)->id(), "galling");
  // "On a base die result of 10": Low on Ammo and the Fallen Leader check, whatever the
  // modifiers; a modified 10 from a lower base does not trigger them.
  const auto ten = fire.resolve(10, {Mod::partial_cover, Mod::fortified}, Target::trained);
  EXPECT_TRUE(ten->triggers("low_on_ammo"));
  EXPECT_TRUE(ten->triggers("fallen_leader"));
  const auto nine = fire.resolve(9, {Mod::march_column_or_enfiladed}, Target::trained);
  EXPECT_EQ(nine->result, 12);
  EXPECT_FALSE(nine->triggers("low_on_ammo"));
  EXPECT_EQ(rff::trigger_odds<S>("fallen_leader"), Fraction(1, 10));
  // Odds of every effect in every target column at -6..+6 against enumeration.
  for (int m = -6; m <= 6; ++m) {
    for (std::size_t c = 0; c < S::fire_effects::kBands.size(); ++c) {
      const auto col = static_cast<Target>(c);
      expect_odds_match<typename S::fire_effects>(qrs::row_odds<typename S::fire_effects>(m, col),
                                                  enumerate_one_die<typename S::fire_effects>(m, col),
                                                  "fire " + std::to_string(m) + " column " + std::to_string(c));
    }
  }
  // Withering against trained troops (9 or more) at +0 is 2 in 10.
  EXPECT_EQ(fire.odds({Mod::partial_cover}, Target::trained)[0], Fraction(2, 10));
}

// 003 change 15 (line 461): "Add one if half or more of the total fire points are from troop
// stands rated as sharpshooters. Add one if half or more of the total fire points are from
// charging or defending troop stands armed with smoothbore muskets (SM), which fire buck and
// ball, or armed with repeaters (RP) ... The above modifiers are not cumulative". Change 16
// (line 467): "Subtract one if half or more of the total fire points are from troop or gun
// stands rated green. Green troops armed with smoothbore muskets both subtract one for the
// green rating and add one when firing buck and ball in a charge." The 1812 and MAW sheets
// rename and restrict these (000 changes 34-36, 002 change 37) and keep the half.
TYPED_TEST(RffProcedures, TheFiringUnitsDecideTheModifiersOfHalfTheFirePoints) {
  using S = TypeParam;
  using T = Sheet<S>;
  using Fire = rff::FireCombat<S>;
  using Trait = typename Fire::Trait;
  using Factor = typename Fire::Factor;
  const Fraction close = Fraction(4) * T::scale;  // 1 point a stand for rifles and muskets
  // The die-roll modifiers other than the fire points': what the units decide.
  const auto decided = [](const Fire& f) { return f.net_modifier({}) - f.fire_point_modifier(); };
  EXPECT_TRUE(Fire::decided_by_units(T::buck_and_ball_or_sharpshooters));
  EXPECT_TRUE(Fire::decided_by_units(T::green_firing));
  EXPECT_FALSE(Fire::decided_by_units(S::fire_modifiers::Modifier::fortified));

  // 2 sharpshooter stands of 4 firing: exactly half, +1; of 5, less than half, nothing.
  Fire half;
  half.musketry(T::rifle, 2, close, {}, {Trait::sharpshooters}).musketry(T::rifle, 2, close);
  EXPECT_TRUE(half.units_decide(T::buck_and_ball_or_sharpshooters));
  EXPECT_EQ(decided(half), +1);
  Fire less;
  less.musketry(T::rifle, 2, close, {}, {Trait::sharpshooters}).musketry(T::rifle, 3, close);
  EXPECT_FALSE(less.units_decide(T::buck_and_ball_or_sharpshooters));
  EXPECT_EQ(decided(less), 0);
  // Listed by the caller as well, it still counts once.
  EXPECT_EQ(half.net_modifier({T::buck_and_ball_or_sharpshooters}), half.net_modifier({}));

  // The part is of the fire points, after a unit's factors: 4 disordered sharpshooter stands
  // fire 2 points of 5.
  Fire halved;
  halved.musketry(T::rifle, 4, close, {Factor::half}, {Trait::sharpshooters}).musketry(T::rifle, 3, close);
  EXPECT_EQ(halved.points(), Fraction(5));
  EXPECT_EQ(decided(halved), 0);
  // Sharpshooters out of range add nothing, to the points or to their part.
  Fire beyond;
  beyond.musketry(T::rifle, 4, Fraction(100), {}, {Trait::sharpshooters}).musketry(T::rifle, 1, close);
  EXPECT_EQ(decided(beyond), 0);

  // Muskets firing buck and ball count in a charge, and only there.
  Fire charging;
  charging.musketry(T::musket, 4, close, {}, {Trait::in_a_charge, Trait::buck_and_ball}).musketry(T::rifle, 4, close);
  EXPECT_EQ(decided(charging), +1);
  Fire standing;
  standing.musketry(T::musket, 4, close, {}, {Trait::buck_and_ball}).musketry(T::rifle, 4, close);
  EXPECT_EQ(decided(standing), 0);
  // Not the muskets that fire no buck and ball (ACW: shotguns and hunting rifles, SH; 1812 and
  // MAW: not American), nor another weapon said to.
  Fire no_buck;
  no_buck.musketry(T::musket, 4, close, {}, {Trait::in_a_charge}).musketry(T::rifle, 4, close);
  EXPECT_EQ(decided(no_buck), 0);
  Fire rifles;
  rifles.musketry(T::rifle, 4, close, {}, {Trait::in_a_charge, Trait::buck_and_ball}).musketry(T::rifle, 4, close);
  EXPECT_EQ(decided(rifles), 0);
  // Sharpshooters with muskets in a charge: the two +1s are not cumulative.
  Fire both;
  both.musketry(T::musket, 4, close, {}, {Trait::sharpshooters, Trait::in_a_charge, Trait::buck_and_ball});
  EXPECT_EQ(decided(both), +1);

  // Green stands, troops or guns: -1 from half the points; green muskets in a charge, -1 and +1.
  Fire green;
  green.musketry(T::rifle, 3, close, {}, {Trait::green}).musketry(T::rifle, 3, close);
  EXPECT_EQ(decided(green), -1);
  using Guns = typename S::cannonade_fire_points;
  std::size_t gun = 0;  // the first gun that fires at 4" (MAW's siege guns do not)
  while (!Guns::cell(static_cast<typename Fire::Gun>(gun), *Guns::column_for(close)).value.in_range) ++gun;
  Fire green_guns;
  green_guns.cannonade(static_cast<typename Fire::Gun>(gun), 2, close, {}, {Trait::green});
  EXPECT_TRUE(green_guns.in_range());
  EXPECT_EQ(decided(green_guns), -1);
  Fire green_charge;
  green_charge.musketry(T::musket, 4, close, {}, {Trait::green, Trait::in_a_charge, Trait::buck_and_ball});
  EXPECT_TRUE(green_charge.units_decide(T::green_firing));
  EXPECT_TRUE(green_charge.units_decide(T::buck_and_ball_or_sharpshooters));
  EXPECT_EQ(decided(green_charge), 0);
  // The odds follow: green fire reads the effects one lower.
  EXPECT_EQ(green.odds({}, {}), qrs::row_odds<typename S::fire_effects>(green.net_modifier({}), {}));
}

TEST(RffFire, RepeatersInAChargeAddOneOnTheCivilWarSheetOnly) {
  // 003 change 15: "or armed with repeaters (RP)"; no repeaters in the other periods.
  using Fire = rff::FireCombat<acw::Sheet>;
  using Trait = Fire::Trait;
  Fire fire;
  fire.musketry(acw::musketry_fire_points::Row::rp, 3, Fraction(4), {}, {Trait::in_a_charge})
      .musketry(acw::musketry_fire_points::Row::rm, 6, Fraction(4));
  EXPECT_EQ(fire.points(), Fraction(12));  // 2 points a repeater stand at close range
  EXPECT_TRUE(fire.units_decide(acw::fire_modifiers::Modifier::repeaters_buck_and_ball_sharpshooters));
  EXPECT_FALSE(fire.units_decide(acw::fire_modifiers::Modifier::green_firing));
}

TYPED_TEST(RffProcedures, CannonadeAddsToTheSameFireCombat) {
  using S = TypeParam;
  using T = Sheet<S>;
  using Fire = rff::FireCombat<S>;
  // Two gun stands of the sheet's first gun at close range add their canister points to the
  // rifle stands' points, and one damaged gun fires at half (the x 1/2 factor).
  const auto gun = static_cast<typename Fire::Gun>(0);
  const Fraction per_gun =
      S::cannonade_fire_points::cell(gun, static_cast<typename S::cannonade_fire_points::Column>(0)).value.amount;
  Fire fire;
  fire.musketry(T::rifle, 4, Fraction(4) * T::scale)
      .cannonade(gun, 1, Fraction(4) * T::scale)
      .cannonade(gun, 1, Fraction(4) * T::scale, {Fire::Factor::half});
  EXPECT_EQ(fire.fire_points(),
            qrs::rounded(Fraction(4) + per_gun + per_gun * Fraction(1, 2), S::fire_point_modifiers::kRounding));
}

// ---------------------------------------------------------------- charge
TYPED_TEST(RffProcedures, ChargeCombatDifferenceAndVersionBands) {
  using S = TypeParam;
  using T = Sheet<S>;
  using Mod = rff::ChargeModifier<S>;
  // A veteran (+1), fresh (+2) unit charging with cold steel (+1) against a trained, worn,
  // disordered defender (-1): +4 against -1, a net +5. Attacker rolls 7, defender 4: the die
  // result difference is 3 + 5 = 8.
  const auto c = rff::charge<S>(7, {Mod::veteran, Mod::fresh_troops, Mod::cold_steel}, 4,
                                {Mod::trained, Mod::worn, Mod::disordered});
  EXPECT_EQ(c.attacker_result, 11);
  EXPECT_EQ(c.defender_result, 3);
  EXPECT_EQ(c.result, 8);
  // 2.1: Swept from the Field on 9 or more, Driven Back 5 to 8 (003 lines 265-280);
  // Version 3: "A Swept from the Field effect now occurs on an 8 or more" (000 change 50).
  EXPECT_EQ(c.id(), T::version3 ? "swept_from_the_field" : "driven_back");
  // Militia in extended line "only subtract one" (003 change 20): one item. The 1812 and MAW
  // sheets rename extended line to open order, and the item's id follows the rename.
  const Mod militia = [] {
    if constexpr (requires { Mod::open_order_or_militia; }) {
      return Mod::open_order_or_militia;
    } else {
      return Mod::extended_line_or_militia;
    }
  }();
  EXPECT_EQ(S::charge_modifiers::total({militia}), -1);
  // Desperate Struggle at a difference of 0 on every sheet: roll again, having lost the cold
  // steel modifier. 5 + 4 against 10 - 1: 0.
  const auto ds = rff::charge<S>(5, {Mod::veteran, Mod::fresh_troops, Mod::cold_steel}, 10,
                                 {Mod::trained, Mod::worn, Mod::disordered});
  EXPECT_EQ(ds.result, 0);
  EXPECT_TRUE(ds.roll_again());
  // "Lose cold steel, breakthrough and cavalry charge modifiers" (003 line 274, 000 line 151):
  // the attacker's +1 veteran, +2 fresh troops and +1 cold steel come to +3 on the new roll; a
  // cavalry charge (+2) is lost too, an attached leader (+1) is not.
  EXPECT_EQ(rff::charge_modifier_again<S>({Mod::veteran, Mod::fresh_troops, Mod::cold_steel}), 3);
  EXPECT_EQ(rff::charge_modifier_again<S>({Mod::cavalry_charge, Mod::attached_leader}), 1);
  EXPECT_EQ(rff::charge_modifier_again<S>({Mod::trained, Mod::worn, Mod::disordered}), -1);
  if constexpr (requires { Mod::lancers; }) {
    // MAW: the lancers' +1 is "the +1 charge combat modifier for cold steel" (002 line 770).
    EXPECT_EQ(rff::charge_modifier_again<S>({Mod::lancers, Mod::veteran}), 1);
  }
  const auto again =
      rff::charge<S>(5, {Mod::veteran, Mod::fresh_troops}, 2, {Mod::trained, Mod::worn, Mod::disordered});
  EXPECT_FALSE(again.roll_again());
  EXPECT_EQ(again.result, 7);
  // "Swept from the Field now on 8 or more instead of 9 or more: 1.0% -> 3.0% at an even
  // fight": d10 less d10 of 9 is one way in 100, of 8 or more three.
  const auto even = rff::charge_odds<S>(0);
  EXPECT_EQ(even[static_cast<std::size_t>(S::charge_effects::Effect::swept_from_the_field)],
            T::version3 ? Fraction(3, 100) : Fraction(1, 100));
  EXPECT_EQ(even[static_cast<std::size_t>(S::charge_effects::Effect::desperate_struggle)], Fraction(10, 100));
  // Every net modifier: the odds against all 100 pairs of dice, rolled through charge().
  for (int net = -6; net <= 6; ++net) {
    std::map<std::string_view, Fraction> counted;
    for (int a = 1; a <= 10; ++a) {
      for (int d = 1; d <= 10; ++d) {
        const auto r = rff::read<typename S::charge_effects>(a - d, net);
        counted[r.id()] += Fraction(1, 100);
      }
    }
    expect_odds_match<typename S::charge_effects>(rff::charge_odds<S>(net), counted, "charge " + std::to_string(net));
  }
}

// Charge combat as the sheet states it, an opposed roll: each side its d10 and its own charge
// modifiers (the charge table's key.dice names attacker and defender), resolved by the header.
TYPED_TEST(RffProcedures, ChargeCombatIsAnOpposedRoll) {
  using S = TypeParam;
  using T = Sheet<S>;
  using C = typename S::charge_effects;
  using Mod = rff::ChargeModifier<S>;
  const Mod best = [] {  // crack (ACW) or elite (1812, MAW: the rename follows)
    if constexpr (requires { Mod::elite_unit; }) {
      return Mod::elite_unit;
    } else {
      return Mod::crack_unit;
    }
  }();
  const Mod lowest = [] {
    if constexpr (requires { Mod::raw; }) {
      return Mod::raw;
    } else {
      return Mod::green;
    }
  }();
  // 003 lines 485-489: crack troops "can both charge with cold steel with its +1 charge combat
  // modifier" (crack +2 on the sheet, line 232); a green defender -1. Attacker rolls 7: 7 + 3 =
  // 10; defender rolls 3: 3 - 1 = 2; difference 8: Driven Back on the 2.1 sheets (5 to 8, line
  // 270), Swept from the Field on Version 3 ("now occurs on an 8 or more", 000 change 50).
  const auto o = C::resolve({7, {best, Mod::cold_steel}}, {3, {lowest}});
  EXPECT_EQ(o.settled.attacker, 10);
  EXPECT_EQ(o.settled.defender, 2);
  EXPECT_EQ(o.settled.key, Fraction(8));
  ASSERT_TRUE(o.effect.has_value());
  EXPECT_EQ(C::kRows[static_cast<std::size_t>(*o.effect)].id, T::version3 ? "swept_from_the_field" : "driven_back");
  // Desperate Struggle "remains the same at 0" (000 change 50): 5 + 1 against 6.
  EXPECT_EQ(C::kRows[static_cast<std::size_t>(*C::resolve({5, {Mod::veteran}}, {6, {}}).effect)].id,
            "desperate_struggle");
  // Every pair of dice for one matchup: resolve() reads what charge() reads, and odds() for the
  // matchup are charge_odds() at the net modifier (the sides roll alike).
  const std::initializer_list<Mod> attack{Mod::veteran, Mod::fresh_troops, Mod::cold_steel};
  const std::initializer_list<Mod> defence{Mod::trained, Mod::worn, Mod::disordered};
  for (int a = 1; a <= 10; ++a) {
    for (int d = 1; d <= 10; ++d) {
      const std::optional<typename C::Effect> resolved = C::resolve({a, attack}, {d, defence}).effect;
      EXPECT_EQ(resolved, rff::charge<S>(a, attack, d, defence).effect) << a << " " << d;
    }
  }
  const auto by_matchup = C::odds({0, attack}, {0, defence});
  const auto by_net = rff::charge_odds<S>(5);
  for (std::size_t r = 0; r < by_net.size(); ++r) EXPECT_EQ(by_matchup[r], by_net[r]) << C::kRows[r].id;
  EXPECT_EQ(by_matchup.back(), Fraction(0));
}

TYPED_TEST(RffProcedures, DesperateStruggleRolledAgainUntilDecided) {
  using S = TypeParam;
  using T = typename S::charge_effects;
  // Exact odds with every Desperate Struggle rolled again at the adjusted modifier, checked
  // against rolling round after round (the series, to 40 rounds, in double precision).
  for (const auto& [first, after] : {std::pair{5, 4}, std::pair{0, 0}, std::pair{-3, -1}}) {
    const auto exact = rff::charge_odds_until_decided<S>(first, after);
    const auto p1 = rff::charge_odds<S>(first);
    const auto p2 = rff::charge_odds<S>(after);
    const std::size_t again = qrs::row_index<T>("desperate_struggle");
    ASSERT_NE(again, qrs::npos);
    ASSERT_EQ(rff::charge_again_row<S>(), again);  // the row the sheet says is rolled again
    auto as_double = [](Fraction f) { return static_cast<double>(f.num()) / static_cast<double>(f.den()); };
    Fraction total{0};
    for (std::size_t r = 0; r < exact.size(); ++r) {
      double p = as_double(p1[r]), still = as_double(p1[again]);
      if (r == again) p = 0;
      for (int round = 0; round < 40 && r != again; ++round) {
        p += still * as_double(p2[r]);
        still *= as_double(p2[again]);
      }
      EXPECT_NEAR(as_double(exact[r]), p, 1e-12) << T::kRows[r].id;
      total += exact[r];
    }
    EXPECT_EQ(total, Fraction(1));
  }
}

// ---------------------------------------------------------------- fallen leader
// `qrsc odds` until decided (analysis/decided_odds.cpp: the sides' words, the row's `again`
// dropping ids from both, each roll's odds from the matchup) and the header's
// charge_odds_until_decided (the nets the sheet's modifiers give before and after) are two
// roads to one answer: they agree on every row.
TYPED_TEST(RffProcedures, QrscOddsUntilDecidedAgreeWithTheHeader) {
  using S = TypeParam;
  using T = typename S::charge_effects;
  using M = typename S::charge_modifiers;
  using Mod = typename M::Modifier;
  const qrsc::Spec& spec = qrs_test::spec(Sheet<S>::spec);
  const auto& bands = std::get<qrsc::BandTable>(spec.table("charge_effects")->body);
  const auto check = [&](const qrsc::SideWords& attacker, const qrsc::SideWords& defender, int first, int after) {
    const qrsc::OddsOfWords odds_of = [&](const qrsc::RollWords& w) {
      return qrsc::opposed_odds(spec, "charge_effects", w[0], w[1], std::nullopt);
    };
    auto report = odds_of({attacker, defender});
    ASSERT_TRUE(report.ok()) << report.error().message;
    const auto added = qrsc::add_decided_odds(bands, *report, {attacker, defender}, odds_of);
    ASSERT_TRUE(added.ok()) << added.error().message;
    const std::vector<Fraction>& decided = report->columns.at(0).decided;
    const auto exact = rff::charge_odds_until_decided<S>(first, after);
    ASSERT_EQ(decided.size(), exact.size() + 1);  // every row, then no row read: never on this table
    for (std::size_t r = 0; r < exact.size(); ++r) {
      EXPECT_EQ(decided[r], exact[r]) << T::kRows[r].id << " at " << first << ", then " << after;
    }
    EXPECT_EQ(decided.back(), Fraction(0));
    ASSERT_EQ(report->again_rows, std::vector<std::size_t>{rff::charge_again_row<S>()});
  };
  check({"cold_steel", "veteran", "fresh_troops"}, {"veteran"},
        M::total({Mod::cold_steel, Mod::veteran, Mod::fresh_troops}) - M::total({Mod::veteran}),
        rff::charge_modifier_again<S>({Mod::cold_steel, Mod::veteran, Mod::fresh_troops}) -
            rff::charge_modifier_again<S>({Mod::veteran}));
  check({"cavalry_charge", "attached_leader"}, {"trained", "worn", "disordered"},
        M::total({Mod::cavalry_charge, Mod::attached_leader}) - M::total({Mod::trained, Mod::worn, Mod::disordered}),
        rff::charge_modifier_again<S>({Mod::cavalry_charge, Mod::attached_leader}) -
            rff::charge_modifier_again<S>({Mod::trained, Mod::worn, Mod::disordered}));
  // The defender's cold steel is dropped too (both sides lose it: 003 line 274).
  check({"spent"}, {"cold_steel", "veteran"}, M::total({Mod::spent}) - M::total({Mod::cold_steel, Mod::veteran}),
        rff::charge_modifier_again<S>({Mod::spent}) - rff::charge_modifier_again<S>({Mod::cold_steel, Mod::veteran}));
  // No modifier the row drops: every new roll is the same roll.
  check({"veteran"}, {}, M::total({Mod::veteran}), M::total({Mod::veteran}));
}

TYPED_TEST(RffProcedures, FallenLeaderReadsTheBaseDieAlone) {
  using S = TypeParam;
  // 003 lines 249-263: 10 shot dead, 9 mortally wounded, 8 grievously wounded, 7 flesh
  // wound, 6 horse shot, 5 coat pierced, 4 staff officer struck, 1-3 coolly ignores.
  EXPECT_EQ(rff::fallen_leader<S>(10).id(), "shot_dead");
  EXPECT_EQ(rff::fallen_leader<S>(8).id(), "grievously_wounded");
  EXPECT_EQ(rff::fallen_leader<S>(2).id(), "coolly_ignores");
  EXPECT_FALSE(rff::fallen_leader<S>(11).effect.has_value());
  const auto odds = rff::fallen_leader_odds<S>();
  EXPECT_EQ(odds[static_cast<std::size_t>(S::fallen_leader::Effect::shot_dead)], Fraction(1, 10));
  EXPECT_EQ(odds[static_cast<std::size_t>(S::fallen_leader::Effect::coolly_ignores)], Fraction(3, 10));
  expect_odds_match<typename S::fallen_leader>(odds, enumerate_one_die<typename S::fallen_leader>(0), "fallen leader");
  // A leader near a fire target is shot dead in 1 fire combat of 100: base 10, then 10.
  EXPECT_EQ(rff::trigger_odds<S>("fallen_leader") * odds[0], Fraction(1, 100));
}

}  // namespace
