// The generic runtime: exact fractions, band coverage, modifier accumulation.
#include <gtest/gtest.h>

#include "qrs/runtime.hpp"

namespace {

using qrs::Fraction;

TEST(Fraction, ExactHalvesAndQuarters) {
  constexpr Fraction half{1, 2};
  static_assert(half + half == Fraction(1));
  static_assert(half * half == Fraction(1, 4));
  static_assert(Fraction(23, 2).floor() == 11);   // "round fractions down"
  static_assert(Fraction(-1, 2).floor() == -1);
  static_assert(Fraction(2, 4) == Fraction(1, 2));
  static_assert(Fraction(1, -2) < Fraction(0));
  EXPECT_EQ((Fraction(3) * half).floor(), 1);
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
TEST(Bands, KeyOrderIsCheckedAndSearched) {
  constexpr std::array<qrs::Band, 3> bands{qrs::band_from(8), qrs::band_between(3, 8), qrs::band_below(3)};
  constexpr qrs::BandOrder<3> order{3, {2, 1, 0}};
  static_assert(qrs::covers_in_order(bands, order, std::nullopt, std::nullopt));
  static_assert(!qrs::covers_in_order(bands, qrs::BandOrder<3>{3, {1, 2, 0}}, std::nullopt, std::nullopt));  // out of order
  static_assert(!qrs::covers_in_order(bands, qrs::BandOrder<3>{3, {2, 2, 0}}, std::nullopt, std::nullopt));  // a row twice
  static_assert(!qrs::covers_in_order(bands, qrs::BandOrder<3>{2, {2, 1}}, std::nullopt, std::nullopt));     // one left out
  static_assert(!qrs::covers_in_order(bands, qrs::BandOrder<3>{3, {2, 1, 7}}, std::nullopt, std::nullopt));  // no such row
  constexpr std::array<qrs::Band, 2> gap{qrs::band_from(8), qrs::band_below(3)};
  static_assert(!qrs::covers_in_order(gap, qrs::BandOrder<2>{2, {1, 0}}, std::nullopt, std::nullopt));
  constexpr std::array<qrs::Band, 3> bounded{qrs::band_between(4, 11), qrs::band_none(), qrs::band_between(1, 4)};
  static_assert(qrs::covers_in_order(bounded, qrs::BandOrder<3>{2, {2, 0}}, Fraction(1), Fraction(10)));
  static_assert(!qrs::covers_in_order(bounded, qrs::BandOrder<3>{2, {2, 0}}, Fraction(0), Fraction(10)));
  for (int n = -40; n <= 40; ++n) {
    for (const int den : {1, 2, 3}) {
      const Fraction key(n, den);
      EXPECT_EQ(qrs::find_in_order(bands, order, key), qrs::find_band(bands, key)) << n << "/" << den;
      EXPECT_EQ(qrs::find_in_order(bounded, qrs::BandOrder<3>{2, {2, 0}}, key), qrs::find_band(bounded, key))
          << n << "/" << den;
    }
  }
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
  constexpr std::array<qrs::Band, 4> bands{qrs::band_below(Fraction(1, 2)), qrs::band_between(Fraction(1, 2), Fraction(9, 4)),
                                           qrs::band_between(Fraction(9, 4), 6), qrs::band_between(6, Fraction(25, 2))};
  // Edges 1/2, 9/4, 6, 25/2 in quarters: 2 .. 50; one slot below the lowest edge.
  constexpr auto index = qrs::make_dense_index<50>(bands, 1, 4);
  static_assert(index.at<4>(Fraction(1, 4)) == 0 && index.at<4>(Fraction(1, 2)) == 1 && index.at<4>(Fraction(11, 5)) == 1);
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
  constexpr std::array<qrs::Modifier, 3> mods{qrs::Modifier{-1, 1, 0}, qrs::Modifier{-2, 1, 0}, qrs::Modifier{1, 1, qrs::kNoGroup}};
  static_assert(qrs::accumulate<3, 1>(mods, {true, true, true}) == -1);
  static_assert(qrs::accumulate<3, 1>(mods, {true, false, true}) == 0);
  static_assert(qrs::accumulate<3, 1>(mods, {false, false, false}) == 0);
  constexpr std::array<qrs::Modifier, 2> factors{qrs::Modifier{0, Fraction(1, 2), qrs::kNoGroup},
                                                 qrs::Modifier{0, Fraction(1, 2), qrs::kNoGroup}};
  static_assert(qrs::product_of_factors(factors, {true, true}) == Fraction(1, 4));
  EXPECT_EQ((qrs::accumulate<3, 1>(mods, {false, true, false})), -2);
}

}  // namespace
