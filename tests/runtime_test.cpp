// The generic runtime: exact fractions, band coverage, modifier accumulation.
#include "qrs/runtime.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "qrs/band_build.hpp"
#include "qrs/odds.hpp"

namespace {

using qrs::Fraction;

TEST(Fraction, ExactHalvesAndQuarters) {
  constexpr Fraction half{1, 2};
  static_assert(half + half == Fraction(1));
  static_assert(half * half == Fraction(1, 4));
  static_assert(Fraction(23, 2).floor() == 11);  // "round fractions down"
  static_assert(Fraction(-1, 2).floor() == -1);
  static_assert(Fraction(2, 4) == Fraction(1, 2));
  static_assert(Fraction(1, -2) < Fraction(0));
  EXPECT_EQ((Fraction(3) * half).floor(), 1);
}

// The dice thrown for one key and the key they make: 2d6 summed; a d10 difference roll (RFF's
// charge: each side its own die, the attacker's less the defender's); a pool whose dice are
// each read by themselves (one die a key). Written from the rule, not read from the code.
TEST(Dice, ThrownFacesMakeTheKey) {
  constexpr qrs::Roll two_d6{2, 6, false, false};
  static_assert(two_d6.dice_per_key() == 2);
  static_assert(two_d6.key_of(std::array{3, 5}) == 8);
  constexpr qrs::Roll d10_difference{1, 10, true, false};
  static_assert(d10_difference.dice_per_key() == 2);
  EXPECT_EQ(d10_difference.key_of(std::array{7, 3}), 4);
  EXPECT_EQ(d10_difference.key_of(std::array{2, 9}), -7);
  constexpr qrs::Roll two_d6_difference{2, 6, true, false};
  EXPECT_EQ(two_d6_difference.dice_per_key(), 4);
  EXPECT_EQ(two_d6_difference.key_of(std::array{6, 5, 1, 2}), 8);
  constexpr qrs::Roll pool{4, 6, false, true};
  EXPECT_EQ(pool.dice_per_key(), 1);
  EXPECT_EQ(pool.key_of(std::array{5}), 5);
  // The odds agree: a pool's key is one die, a difference of d10s spans -9..9.
  EXPECT_EQ(qrs::odds::key_roll(pool).size, 6);
  EXPECT_EQ(qrs::odds::key_roll(d10_difference).lo, -9);
}

TEST(Bands, CoverageIsCheckedAtCompileTime) {
  constexpr std::array<qrs::Band, 3> good{qrs::band_from(8), qrs::band_between(3, 8), qrs::band_below(3)};
  static_assert(qrs::covers_exactly_once(good, std::nullopt, std::nullopt));
  constexpr std::array<qrs::Band, 2> gap{qrs::band_from(8), qrs::band_below(3)};
  static_assert(!qrs::covers_exactly_once(gap, std::nullopt, std::nullopt));
  constexpr std::array<qrs::Band, 2> overlap{qrs::band_from(7), qrs::band_below(8)};
  static_assert(!qrs::covers_exactly_once(overlap, std::nullopt, std::nullopt));
  constexpr std::array<qrs::Band, 2> bounded{qrs::band_between(1, 4), qrs::band_between(4, 11)};
  static_assert(qrs::covers_exactly_once(bounded, Fraction(1), Fraction(10)));
  static_assert(!qrs::covers_exactly_once(bounded, Fraction(0), Fraction(10)));
  EXPECT_EQ(qrs::find_band(good, 8), 0u);
  EXPECT_EQ(qrs::find_band(good, 7), 1u);
  EXPECT_EQ(qrs::find_band(good, -20), 2u);
}

// The order qrsc writes for each column: checked in linear time, and searched where a dense
// index would be too large.
using Order = std::array<std::uint16_t, 3>;

TEST(Bands, KeyOrderIsCheckedAndSearched) {
  constexpr std::array<qrs::Band, 3> bands{qrs::band_from(8), qrs::band_between(3, 8), qrs::band_below(3)};
  constexpr Order order{2, 1, 0};
  static_assert(qrs::covers_in_order(bands, order, std::nullopt, std::nullopt));
  static_assert(!qrs::covers_in_order(bands, Order{1, 2, 0}, std::nullopt, std::nullopt));  // out of order
  static_assert(!qrs::covers_in_order(bands, Order{2, 2, 0}, std::nullopt, std::nullopt));  // a row twice
  static_assert(
      !qrs::covers_in_order(bands, std::array<std::uint16_t, 2>{2, 1}, std::nullopt, std::nullopt));  // one left out
  static_assert(!qrs::covers_in_order(bands, Order{2, 1, 7}, std::nullopt, std::nullopt));            // no such row
  constexpr std::array<qrs::Band, 2> gap{qrs::band_from(8), qrs::band_below(3)};
  static_assert(!qrs::covers_in_order(gap, std::array<std::uint16_t, 2>{1, 0}, std::nullopt, std::nullopt));
  constexpr std::array<qrs::Band, 3> bounded{qrs::band_between(4, 11), qrs::band_none(), qrs::band_between(1, 4)};
  constexpr std::array<std::uint16_t, 2> bounded_order{2, 0};
  static_assert(qrs::covers_in_order(bounded, bounded_order, Fraction(1), Fraction(10)));
  static_assert(!qrs::covers_in_order(bounded, bounded_order, Fraction(0), Fraction(10)));
  for (int n = -40; n <= 40; ++n) {
    for (const int den : {1, 2, 3}) {
      const Fraction key(n, den);
      EXPECT_EQ(qrs::find_in_order(bands, order, key), qrs::find_band(bands, key)) << n << "/" << den;
      EXPECT_EQ(qrs::find_in_order(bounded, bounded_order, key), qrs::find_band(bounded, key)) << n << "/" << den;
    }
  }
}

// Without a table of the rows seen, the check tells a row listed twice from an empty band by
// the rule qrsc sorts by: lower edges rise, and an empty band [x, x) comes before the band from
// x in row order. A band upside down ([8, 3)) hides an overlap and fails.
TEST(Bands, KeyOrderCheckTellsEmptyBandsFromRowsListedTwice) {
  constexpr std::array<qrs::Band, 3> with_empty{qrs::band_from(3), qrs::band_between(3, 3), qrs::band_below(3)};
  static_assert(qrs::covers_in_order(with_empty, Order{2, 1, 0}, std::nullopt, std::nullopt));
  static_assert(
      !qrs::covers_in_order(with_empty, std::array<std::uint16_t, 4>{2, 1, 1, 0}, std::nullopt, std::nullopt));
  constexpr std::array<qrs::Band, 4> empties{qrs::band_from(3), qrs::band_between(3, 3), qrs::band_between(3, 3),
                                             qrs::band_below(3)};
  static_assert(qrs::covers_in_order(empties, std::array<std::uint16_t, 4>{3, 1, 2, 0}, std::nullopt, std::nullopt));
  static_assert(!qrs::covers_in_order(empties, std::array<std::uint16_t, 4>{3, 2, 1, 0}, std::nullopt, std::nullopt));
  constexpr std::array<qrs::Band, 4> upside_down{qrs::band_from(3), qrs::band_between(8, 3), qrs::band_between(1, 8),
                                                 qrs::band_below(1)};
  static_assert(
      !qrs::covers_in_order(upside_down, std::array<std::uint16_t, 4>{3, 2, 1, 0}, std::nullopt, std::nullopt));
}

TEST(Bands, DenseIndexClampsOpenEnds) {
  constexpr std::array<qrs::Band, 3> bands{qrs::band_from(8), qrs::band_between(3, 8), qrs::band_below(3)};
  constexpr auto index = qrs::make_dense_index<7>(bands, 2);  // 2 .. 8
  static_assert(index(100) == 0 && index(8) == 0 && index(7) == 1 && index(3) == 1 && index(2) == 2 && index(-50) == 2);
  EXPECT_EQ(index(5), 1u);
}

// Fire points in halves and quarters: the index over keys k/4 picks, for every fractional key,
// the band find_band picks, including keys between grid points, beyond both ends, and where
// no band reaches (the gap above a bounded last band).
TEST(Bands, DenseIndexOverScaledFractionsAgreesWithFindBand) {
  constexpr std::array<qrs::Band, 4> bands{qrs::band_below(Fraction(1, 2)),
                                           qrs::band_between(Fraction(1, 2), Fraction(9, 4)),
                                           qrs::band_between(Fraction(9, 4), 6), qrs::band_between(6, Fraction(25, 2))};
  // Edges 1/2, 9/4, 6, 25/2 in quarters: 2 .. 50; one slot below the lowest edge.
  constexpr auto index = qrs::make_dense_index<50>(bands, 1, 4);
  static_assert(index.at<4>(Fraction(1, 4)) == 0 && index.at<4>(Fraction(1, 2)) == 1 &&
                index.at<4>(Fraction(11, 5)) == 1);
  static_assert(index.at<4>(Fraction(9, 4)) == 2 && index.at<4>(Fraction(25, 2)) == qrs::npos);
  for (int n = -2000; n <= 2000; ++n) {
    for (const int den : {1, 2, 3, 4, 7, 8}) {
      const Fraction key(n, den);
      EXPECT_EQ(index.at<4>(key), qrs::find_band(bands, key)) << n << "/" << den;
    }
  }
}

TEST(Modifiers, NonCumulativeGroupsCountTheLargestOnce) {
  // Provisional command (-1) and out of command (-2) are one group; a gallant leader (+1) is not.
  constexpr std::array<qrs::Modifier, 3> mods{qrs::Modifier{-1, 1, 0}, qrs::Modifier{-2, 1, 0},
                                              qrs::Modifier{1, 1, qrs::kNoGroup}};
  static_assert(qrs::accumulate(mods, std::array{true, true, true}) == -1);
  static_assert(qrs::accumulate(mods, std::array{true, false, true}) == 0);
  static_assert(qrs::accumulate(mods, std::array{false, false, false}) == 0);
  constexpr std::array<qrs::Modifier, 2> factors{qrs::Modifier{0, Fraction(1, 2), qrs::kNoGroup},
                                                 qrs::Modifier{0, Fraction(1, 2), qrs::kNoGroup}};
  static_assert(qrs::product_of_factors(factors, std::array{true, true}) == Fraction(1, 4));
  EXPECT_EQ(qrs::accumulate(mods, std::array{false, true, false}), -2);
}

// The generated total({...}) and factor({...}): the modifiers listed, each once however often it
// is listed, the largest of a group counting (the first of equals).
TEST(Modifiers, ListedModifiersCountLikeTheFlagsOfAccumulate) {
  enum class M : unsigned char { provisional, out_of_command, gallant, also_minus_two, half };
  constexpr std::array<qrs::Modifier, 5> mods{qrs::Modifier{-1, 1, 0}, qrs::Modifier{-2, 1, 0},
                                              qrs::Modifier{1, 1, qrs::kNoGroup}, qrs::Modifier{2, 1, 0},
                                              qrs::Modifier{0, Fraction(1, 2), qrs::kNoGroup}};
  static_assert(qrs::total_of(mods, {M::provisional, M::out_of_command, M::gallant}) == -1);
  static_assert(qrs::total_of(mods, {M::gallant, M::gallant}) == 1);
  static_assert(qrs::total_of(mods, {M::out_of_command, M::also_minus_two}) == -2);  // equals: the first counts
  static_assert(qrs::total_of(mods, {M::also_minus_two, M::out_of_command}) == -2);
  static_assert(qrs::total_of<M>(mods, {}) == 0);
  static_assert(qrs::factor_of(mods, {M::half, M::half, M::gallant}) == Fraction(1, 2));
  for (unsigned set = 0; set < 32; ++set) {
    std::array<bool, 5> on{};
    std::vector<M> listed;
    for (std::size_t i = 0; i < 5; ++i) {
      on[i] = (set >> i) & 1u;
      if (on[i]) listed.push_back(static_cast<M>(i));
    }
    // Through an initializer_list of every size the set has, in its order.
    const auto total = [&](std::initializer_list<M> l) { return qrs::total_of(mods, l); };
    int listed_total = 0;
    switch (listed.size()) {
      case 0: listed_total = total({}); break;
      case 1: listed_total = total({listed[0]}); break;
      case 2: listed_total = total({listed[0], listed[1]}); break;
      case 3: listed_total = total({listed[0], listed[1], listed[2]}); break;
      case 4: listed_total = total({listed[0], listed[1], listed[2], listed[3]}); break;
      default: listed_total = total({listed[0], listed[1], listed[2], listed[3], listed[4]}); break;
    }
    EXPECT_EQ(listed_total, qrs::accumulate(mods, on)) << set;
  }
}

// Modifiers for some types only: one a side's type excludes does not apply to it, so it adds
// nothing and does not keep a member of its group from counting. Types: 0 foot, 1 horse, 2 guns.
TEST(Modifiers, AModifierForOtherTypesDoesNotApply) {
  enum class M : unsigned char { rough, charging, rough_for_guns };
  // Rough going -2 except foot; charging +1 horse only; -3 (guns only) in rough going's group.
  constexpr std::array<qrs::Modifier, 3> mods{qrs::Modifier{-2, 1, 0}, qrs::Modifier{1, 1, qrs::kNoGroup},
                                              qrs::Modifier{-3, 1, 0}};
  constexpr std::array<std::uint64_t, 3> types{qrs::kEveryType & ~std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{4}};
  static_assert(qrs::applies_to(types[0], 1) && !qrs::applies_to(types[0], 0) &&
                qrs::applies_to(types[0], qrs::kNoType));
  static_assert(qrs::total_of(mods, {M::rough, M::charging, M::rough_for_guns}, types, 0) == 0);
  static_assert(qrs::total_of(mods, {M::rough, M::charging, M::rough_for_guns}, types, 1) == -1);
  // Guns: rough going's -3 outweighs its -2 (the group), and charging is not for guns.
  static_assert(qrs::total_of(mods, {M::rough, M::charging, M::rough_for_guns}, types, 2) == -3);
  // Horse: the -3 is not for horse, so it does not keep rough going's -2 from counting.
  static_assert(qrs::total_of(mods, {M::rough_for_guns, M::rough}, types, 1) == -2);
  // No type: every modifier, as without masks.
  static_assert(qrs::total_of(mods, {M::rough, M::charging}, types, qrs::kNoType) ==
                qrs::total_of(mods, {M::rough, M::charging}));
  // The flags' sum and count agree with the list's for every type and set.
  for (std::size_t type = 0; type < 3; ++type) {
    for (unsigned set = 0; set < 8; ++set) {
      const std::array<bool, 3> on{(set & 1u) != 0, (set & 2u) != 0, (set & 4u) != 0};
      int listed = 0;
      for (std::size_t i = 0; i < 3; ++i) {
        if (on[i] && qrs::applies_to(types[i], type) && qrs::counts(mods, on, i, types, type)) listed += mods[i].value;
      }
      EXPECT_EQ(listed, qrs::accumulate(mods, on, types, type)) << type << " " << set;
    }
  }
  EXPECT_EQ(qrs::accumulate(mods, std::array{true, true, true}, types, 1), -1);
  EXPECT_FALSE(qrs::counts(mods, std::array{true, false, true}, 0, types, 2));  // guns: the -3 counts instead
  EXPECT_TRUE(qrs::counts(mods, std::array{true, false, true}, 0, types, 1));   // horse: the -3 is not for it
  // Two members of an exclusive group (one rating) where the side's type excludes one: only the
  // other applies, so they do not clash (qrsc lookup reads it so too).
  enum class R : unsigned char { charging, steady };
  constexpr std::array<qrs::Modifier, 2> rated{qrs::Modifier{2, 1, 0, true}, qrs::Modifier{-1, 1, 0, true}};
  constexpr std::array<std::uint64_t, 2> horse_only{std::uint64_t{2}, qrs::kEveryType};
  static_assert(qrs::total_of(rated, {R::charging, R::steady}, horse_only, 0) == -1);
  EXPECT_EQ(qrs::accumulate(rated, std::array{true, true}, horse_only, 0), -1);
}

// A modifier counted per occurrence ("-1 per overlap, at most 2"): listed n times, or flagged n
// times, it adds its value min(n, at_most) times; any other modifier counts once however often.
TEST(Modifiers, PerOccurrenceModifiersCountUpToTheirMost) {
  enum class M : unsigned char { overlap, general };
  constexpr std::array<qrs::Modifier, 2> mods{qrs::Modifier{-1, 1, qrs::kNoGroup, false, 2},
                                              qrs::Modifier{1, 1, qrs::kNoGroup}};
  static_assert(qrs::counted_value(mods[0], 0) == 0 && qrs::counted_value(mods[0], 1) == -1);
  static_assert(qrs::counted_value(mods[0], 2) == -2 && qrs::counted_value(mods[0], 5) == -2);
  static_assert(qrs::total_of(mods, {M::overlap}) == -1);
  static_assert(qrs::total_of(mods, {M::overlap, M::general, M::overlap}) == -1);
  static_assert(qrs::total_of(mods, {M::overlap, M::overlap, M::overlap}) == -2);
  static_assert(qrs::total_of(mods, {M::general, M::general}) == 1);
  static_assert(qrs::accumulate(mods, std::array<std::uint8_t, 2>{3, 2}) == -1);
  static_assert(qrs::accumulate(mods, std::array<std::uint8_t, 2>{1, 0}) == -1);
  static_assert(qrs::accumulate(mods, std::array{true, true}) == 0);  // a flag is one occurrence
  EXPECT_EQ(qrs::accumulate(mods, std::array<std::uint8_t, 2>{2, 1}), -1);
}

}  // namespace
