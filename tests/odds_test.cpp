// qrs/odds.hpp against brute-force enumeration of the dice: sums, differences, symbol
// counts among N dice, and the Battlecry melee comparison (most flags wins).
#include "qrs/odds.hpp"

#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "battlecry/1812.hpp"

namespace {

using qrs::Fraction;
namespace odds = qrs::odds;

// Every outcome of `dice` dice of `sides` faces, each face list once.
template <class F>
void each_roll(int dice, int sides, F&& f) {
  std::vector<int> faces(static_cast<std::size_t>(dice), 1);
  while (true) {
    f(faces);
    std::size_t i = 0;
    while (i < faces.size() && faces[i] == sides) faces[i++] = 1;
    if (i == faces.size()) return;
    ++faces[i];
  }
}

static_assert(odds::key_roll(qrs::Roll{1, 10, false, false}).p(10) == Fraction(1, 10));
static_assert(odds::key_roll(qrs::Roll{1, 10, true, false}).p(0) == Fraction(1, 10));
static_assert(odds::key_roll(qrs::Roll{1, 10, true, false}).at_least(9) == Fraction(1, 100));

// The limits of exact odds (docs/spec-format.md#limits): at most 512 results and sides^dice
// below 2^63 (20^14 < 2^63 < 20^15, 6^24 < 2^63 < 6^25; 6d100 has 595 results).
static_assert(odds::exact(qrs::Roll{14, 20, false, false}) && !odds::exact(qrs::Roll{15, 20, false, false}));
static_assert(odds::exact(qrs::Roll{24, 6, false, false}) && !odds::exact(qrs::Roll{25, 6, false, false}));
static_assert(odds::exact(qrs::Roll{5, 100, false, false}) && !odds::exact(qrs::Roll{6, 100, false, false}));
static_assert(odds::exact(qrs::Roll{1, 512, false, false}) && !odds::exact(qrs::Roll{1, 513, false, false}));
static_assert(odds::exact(qrs::Roll{2, 100, true, false}) && !odds::exact(qrs::Roll{8, 20, true, false}));
static_assert(odds::exact(qrs::Roll{12, 6, false, true}, qrs::Roll{12, 6, false, true}));
static_assert(odds::exact(qrs::Roll{12, 6, false, false}, qrs::Roll{12, 6, false, false}) &&
              !odds::exact(qrs::Roll{13, 6, false, false}, qrs::Roll{12, 6, false, false}));

// Past those limits a roll is refused like a Fraction overflow, never counted wrong: 16d20
// overflowed to negative odds, 30d6 split at its mean 97% / 3%, and 10d100 and d999 gave an
// empty distribution that read as "outside every row".
TEST(Odds, PastTheLimitsIsRefusedNotMiscounted) {
  for (const auto& roll :
       {qrs::Roll{16, 20, false, false}, qrs::Roll{30, 6, false, false}, qrs::Roll{10, 100, false, false},
        qrs::Roll{1, 999, false, false}, qrs::Roll{1, 300, true, false}}) {
    EXPECT_FALSE(odds::exact(roll));
    EXPECT_THROW((void)odds::key_roll(roll), qrs::FractionOverflow) << roll.count << "d" << roll.sides;
  }
  const auto twelve = odds::base_roll(qrs::Roll{12, 6, false, false});
  EXPECT_THROW((void)odds::compare(twelve, odds::base_roll(qrs::Roll{13, 6, false, false})), qrs::FractionOverflow);
  // At the limit the counts are exact: 14d20 is symmetric about 147, and its lowest sum has one way.
  const auto d20x14 = odds::key_roll(qrs::Roll{14, 20, false, false});
  EXPECT_EQ(d20x14.total, 1'638'400'000'000'000'000);
  EXPECT_EQ(d20x14.p(14), Fraction(1, 1'638'400'000'000'000'000));
  EXPECT_EQ(d20x14.at_most(146) + d20x14.p(147) + d20x14.at_least(148), Fraction(1));
  EXPECT_EQ(d20x14.at_most(146), d20x14.at_least(148));
}

TEST(Odds, SumsAndDifferencesMatchEnumeration) {
  for (const auto& roll : {qrs::Roll{1, 10, false, false}, qrs::Roll{2, 6, false, false}, qrs::Roll{3, 6, false, false},
                           qrs::Roll{1, 10, true, false}, qrs::Roll{2, 6, true, false}}) {
    const auto d = odds::key_roll(roll);
    std::vector<std::int64_t> counted(static_cast<std::size_t>(d.size), 0);
    std::int64_t total = 0;
    each_roll(roll.difference ? 2 * roll.count : roll.count, roll.sides, [&](const std::vector<int>& f) {
      int v = 0;
      for (std::size_t i = 0; i < f.size(); ++i)
        v += roll.difference && i >= static_cast<std::size_t>(roll.count) ? -f[i] : f[i];
      ++counted[static_cast<std::size_t>(v - d.lo)];
      ++total;
    });
    for (int v = d.lo; v <= d.hi(); ++v) {
      EXPECT_EQ(d.p(v), Fraction(counted[static_cast<std::size_t>(v - d.lo)], total))
          << roll.count << "d" << roll.sides << " at " << v;
    }
  }
}

TEST(Odds, RowOddsOfABandTableMatchEnumeration) {
  // The Battlecry shooting dice: one d6 read as a symbol; the row odds at +0 are face odds.
  namespace sd = qrs::battlecry::n1812::shooting_dice;
  std::array<Fraction, sd::kRows.size()> p{};
  odds::fill_row_odds(sd::kBands[0], sd::kDomain, odds::base_roll(sd::kRoll), 0, p);
  EXPECT_EQ(p[static_cast<std::size_t>(sd::Effect::infantryman)], Fraction(2, 6));  // "1-2"
  EXPECT_EQ(p[static_cast<std::size_t>(sd::Effect::flag)], Fraction(1, 6));
  EXPECT_TRUE(sd::kRoll.pool);
  EXPECT_EQ(sd::kRoll.sides, 6);
}

TEST(Odds, SymbolCountsAmongNDiceMatchEnumeration) {
  namespace sd = qrs::battlecry::n1812::shooting_dice;
  for (std::size_t row = 0; row < sd::kRows.size(); ++row) {
    const int faces = odds::faces_in(sd::kBands[0][row], 6);
    for (int n = 0; n <= 5; ++n) {
      const auto d = odds::symbol_count(n, faces, 6);
      std::vector<std::int64_t> counted(static_cast<std::size_t>(n + 1), 0);
      std::int64_t total = 0;
      each_roll(n, 6, [&](const std::vector<int>& f) {
        int k = 0;
        for (const int face : f) k += sd::lookup(face) == static_cast<sd::Effect>(row) ? 1 : 0;
        if (n == 0) k = 0;
        ++counted[static_cast<std::size_t>(k)];
        ++total;
      });
      for (int k = 0; k <= n; ++k)
        EXPECT_EQ(d.p(k), Fraction(counted[static_cast<std::size_t>(k)], total))
            << sd::kRows[row].id << " " << n << " dice, " << k;
    }
  }
}

TEST(Odds, MeleeMostFlagsWinsMatchesEnumeration) {
  // 004 line 35: "Both units roll their morale dice and the roll with the most flag results
  // wins." A morale 3 unit against a morale 2 unit.
  namespace sd = qrs::battlecry::n1812::shooting_dice;
  const int flag_faces = odds::faces_in(sd::kBands[0][static_cast<std::size_t>(sd::Effect::flag)], 6);
  EXPECT_EQ(flag_faces, 1);
  const auto c = odds::compare(odds::symbol_count(3, flag_faces, 6), odds::symbol_count(2, flag_faces, 6));
  std::int64_t more = 0, equal = 0, fewer = 0, total = 0;
  each_roll(5, 6, [&](const std::vector<int>& f) {
    int a = 0, b = 0;
    for (std::size_t i = 0; i < f.size(); ++i) (i < 3 ? a : b) += sd::lookup(f[i]) == sd::Effect::flag ? 1 : 0;
    (a > b ? more : a == b ? equal : fewer) += 1;
    ++total;
  });
  EXPECT_EQ(c.more, Fraction(more, total));
  EXPECT_EQ(c.equal, Fraction(equal, total));
  EXPECT_EQ(c.fewer, Fraction(fewer, total));
  // Beyond the exact-integer limit the distribution is empty rather than wrong.
  EXPECT_EQ(odds::symbol_count(odds::kMaxSymbolDice + 1, 1, 6).size, 0);
  // Within the dice limit but past 64 bits of throws (100^10 > 2^63): refused, never wrong; 9
  // d100 still count (10^18 throws).
  EXPECT_THROW((void)odds::symbol_count(10, 1, 100), qrs::FractionOverflow);
  EXPECT_EQ(odds::symbol_count(9, 1, 100).total, 1'000'000'000'000'000'000);
}

}  // namespace
