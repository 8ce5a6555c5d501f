// The Battlecry runtime layer on worked cases written from 004_5bfb903db997f3da.txt.
#include <gtest/gtest.h>

#include <array>

#include "battlecry/1812.hpp"
#include "qrs/battlecry/procedures.hpp"

namespace bc = qrs::battlecry;
using S = qrs::battlecry::n1812::Sheet;
using CombatModifier = bc::CombatModifier<S>;
using MeleeModifier = bc::MeleeModifier<S>;
using OfficerRank = bc::OfficerRank<S>;
using Strength = bc::TargetStrength<S>;
using Weapon = bc::Weapon<S>;

namespace {

// "Rifle -1 M -2 -4 X X": a rifle unit of morale 5 rolls 4, 5, 3, 1, then nothing.
static_assert(bc::dice_to_roll<S>(Weapon::rifle, 1, 5) == 4);
static_assert(bc::dice_to_roll<S>(Weapon::rifle, 2, 5) == 5);
static_assert(bc::dice_to_roll<S>(Weapon::rifle, 3, 5) == 3);
static_assert(bc::dice_to_roll<S>(Weapon::rifle, 4, 5) == 1);
static_assert(bc::dice_to_roll<S>(Weapon::rifle, 5, 5) == 0);

TEST(BattlecryDice, WeaponRangeMoraleAndModifiers) {
  // "Musket M -2 X X X X"
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::musket, 1, 4), 4);
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::musket, 2, 4), 2);
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::musket, 3, 4), 0);
  // "Artillery m+1 M M -1 -2 -2"
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::artillery, 1, 4), 5);
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::artillery, 6, 4), 2);
  // "Pistol and Sabre M X X X X X"
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::pistol_and_sabre, 1, 3), 3);
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::pistol_and_sabre, 2, 3), 0);
  // Beyond the table's ranges, and a morale too low for the penalty: no dice.
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::artillery, 7, 4), 0);
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::musket, 2, 1), 0);
  // Modifiers: a flank shot (+1 to hit) at a target in woods (-1), fieldworks (-2), rear (+2).
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::musket, 1, 4, {CombatModifier::flank}), 5);
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::musket, 1, 4, {CombatModifier::fieldworks}), 2);
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::musket, 1, 4, {CombatModifier::rear, CombatModifier::woods}), 5);
  // Fieldworks cannot turn a weapon that cannot fire into one that can.
  EXPECT_EQ(bc::dice_to_roll<S>(Weapon::musket, 3, 4, {CombatModifier::rear}), 0);
}

TEST(BattlecryRoll, FacesAgainstEachKindOfTarget) {
  // Two infantrymen (1, 2), swords (3), two flags (4), a horseman (5), a cannon (6).
  constexpr std::array<int, 7> roll{1, 2, 3, 4, 4, 5, 6};
  EXPECT_EQ(bc::effect_of_roll<S>(roll, Strength::strength_foot), (bc::RollEffect{2, 1, 2, 0}));
  EXPECT_EQ(bc::effect_of_roll<S>(roll, Strength::strength_mounted), (bc::RollEffect{1, 1, 2, 0}));
  EXPECT_EQ(bc::effect_of_roll<S>(roll, Strength::strength_artillery), (bc::RollEffect{1, 1, 2, 0}));
  constexpr std::array<int, 2> bad{0, 7};
  EXPECT_EQ(bc::effect_of_roll<S>(bad, Strength::strength_foot).unknown_faces, 2);
}

TEST(BattlecryMelee, MostFlagsWinsAndTheLoserRetreats) {
  constexpr std::array<int, 3> attacker{4, 4, 1};
  constexpr std::array<int, 2> defender{4, 2};
  const auto r = bc::melee<S>(attacker, defender);
  EXPECT_EQ(r.winner, bc::MeleeWinner::attacker);
  EXPECT_EQ(r.attacker_flags, 2);
  EXPECT_EQ(r.defender_flags, 1);
  EXPECT_EQ(r.loser_retreat_hexes, 1);  // "The loser retreats one hex
  EXPECT_EQ(r.loser_morale_loss, 1);    //  and loses one morale point."
  constexpr std::array<int, 2> tie{4, 3};
  EXPECT_EQ(bc::melee<S>(tie, defender).winner, bc::MeleeWinner::none);
  EXPECT_EQ(bc::melee<S>(defender, attacker).winner, bc::MeleeWinner::defender);
  // "Indians suffer a penalty of -1 dice for melees."
  EXPECT_EQ(bc::melee_dice<S>(4), 4);
  EXPECT_EQ(bc::melee_dice<S>(4, {MeleeModifier::indians}), 3);
  // The same count from a flag per modifier (the web page's form).
  constexpr bool indians[] = {true};
  static_assert(bc::melee_dice<S>(4, qrs::View<bool>(indians)) == 3);
  static_assert(bc::melee_dice<S>(0, qrs::View<bool>(indians)) == 0);
  // By flags counted at the table: most flags wins, a tie has no winner.
  EXPECT_EQ(bc::melee_by_flags<S>(0, 2).winner, bc::MeleeWinner::defender);
  EXPECT_EQ(bc::melee_by_flags<S>(0, 2).loser_morale_loss, 1);
  EXPECT_EQ(bc::melee_by_flags<S>(1, 1).loser_retreat_hexes, 0);
}

TEST(BattlecryOfficers, BuffReachByRankAndRally) {
  // "a major can 'throw' a bonus two hexes, a colonel or lt. colonel three hexes, a
  //  brigadier or major general four hexes."
  EXPECT_TRUE(bc::buff_reaches<S>(OfficerRank::major, 2));
  EXPECT_FALSE(bc::buff_reaches<S>(OfficerRank::major, 3));
  EXPECT_TRUE(bc::buff_reaches<S>(OfficerRank::lt_colonel, 3));
  EXPECT_TRUE(bc::buff_reaches<S>(OfficerRank::colonel, 3));
  EXPECT_FALSE(bc::buff_reaches<S>(OfficerRank::colonel, 4));
  EXPECT_TRUE(bc::buff_reaches<S>(OfficerRank::brigadier, 4));
  EXPECT_TRUE(bc::buff_reaches<S>(OfficerRank::major_general, 4));
  EXPECT_FALSE(bc::buff_reaches<S>(OfficerRank::major_general, 5));
  // A captain buffs adjacent units only (see the spec's source note).
  EXPECT_TRUE(bc::buff_reaches<S>(OfficerRank::captain, 1));
  EXPECT_FALSE(bc::buff_reaches<S>(OfficerRank::captain, 2));
  // "roll his ability score or lower on a D6"
  EXPECT_TRUE(bc::rallies(3, 3));
  EXPECT_FALSE(bc::rallies(4, 3));
}

}  // namespace

namespace {

TEST(BattlecryOdds, SymbolCountsAndMeleeMatchEnumerationThroughTheProcedures) {
  // A flag is one face in six (004: "4 or Flag"); infantrymen two ("1-2").
  EXPECT_EQ(bc::symbol_odds<S>(qrs::battlecry::n1812::shooting_dice::Effect::flag, 1).p(1), qrs::Fraction(1, 6));
  EXPECT_EQ(bc::symbol_odds<S>(qrs::battlecry::n1812::shooting_dice::Effect::infantryman, 2).p(2),
            qrs::Fraction(4, 36));
  // The generic reading of any pool table (qrs/rolled.hpp), at compile time: at least one
  // infantryman among 4 dice is 1 - (4/6)^4 = 65/81; two or more swords among 6 dice is
  // 1 - (5/6)^6 - 6 (1/6) (5/6)^5 = 12281/46656.
  namespace sd = qrs::battlecry::n1812::shooting_dice;
  static_assert(qrs::symbol_odds<sd::Table>(sd::Effect::infantryman, 4).at_least(1) == qrs::Fraction(65, 81));
  static_assert(qrs::symbol_odds<sd::Table>(sd::Effect::swords, 6).at_least(2) == qrs::Fraction(12281, 46656));
  static_assert(qrs::symbol_odds<sd::Table>(sd::Effect::cannon, 0).at_least(1) == qrs::Fraction(0));
  // Melee of a morale 3 unit against morale 2 Indians (-1 die: 1 die), every roll of the
  // 4 dice resolved by melee() and counted.
  const int att = bc::melee_dice<S>(3), def = bc::melee_dice<S>(2, {MeleeModifier::indians});
  ASSERT_EQ(def, 1);
  std::int64_t a = 0, d = 0, none = 0, total = 0;
  std::array<int, 4> faces{1, 1, 1, 1};
  for (int n = 0; n < 6 * 6 * 6 * 6; ++n) {
    int k = n;
    for (auto& f : faces) {
      f = k % 6 + 1;
      k /= 6;
    }
    const auto r = bc::melee<S>(std::span<const int>(faces.data(), 3), std::span<const int>(faces.data() + 3, 1));
    (r.winner == bc::MeleeWinner::attacker ? a : r.winner == bc::MeleeWinner::defender ? d : none) += 1;
    ++total;
  }
  const auto odds = bc::melee_odds<S>(att, def);
  EXPECT_EQ(odds.attacker, qrs::Fraction(a, total));
  EXPECT_EQ(odds.defender, qrs::Fraction(d, total));
  EXPECT_EQ(odds.none, qrs::Fraction(none, total));
}

}  // namespace
