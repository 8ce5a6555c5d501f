// Ties and exact ratio bands through the whole pipeline, on a game written for the test
// (tests/opposed/rules/test/ties.yaml): the generated header's resolve() and odds() against an
// enumeration of every pair of d6 written here from docs/spec-format.md's rules (a tie under
// `none` reads nothing, under `both` each side its own column; a ratio counts a total below
// `ratio_floor` as the floor; "equal", "more than", "at most" compare exactly), and qrsc's
// lookup and odds against the same enumeration.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <sstream>
#include <string>

#include "qrsc/analysis/opposed.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "qrsc/reports/lookup_documents.hpp"
#include "test/ties.hpp"
#include "test_support.hpp"

namespace {

namespace ti = qrs::test::ties;
using qrs::Fraction;
using Type = ti::TroopType;
namespace cf = ti::combat_factors;

// ---------------------------------------------------------------- the tables by hand
// Close Combat, by the loser's type: Destroyed (foot: 2 or more; mounted: more than 3/2),
// Recoils (foot: more than 1 and less than 2; mounted: more than 1 and at most 3/2). A total of
// 0 or less counts as 1 (the default floor); totals that count the same are a tie: nothing.
constexpr std::size_t kNothing = 2;  // the odds' last entry: no row read
std::size_t close_combat_row(int ta, int td, Type at, Type dt) {
  const Fraction ca(ta < 1 ? 1 : ta), cd(td < 1 ? 1 : td);
  if (ca == cd) return kNothing;
  const Fraction ratio = ca > cd ? ca / cd : cd / ca;
  const Type loser = ta < td ? at : dt;
  const bool destroyed = loser == Type::foot ? ratio >= Fraction(2) : ratio > Fraction(3, 2);
  return destroyed ? 0 : 1;
}

// Brawl, by the loser's type: Broken (foot 3 or more, mounted 2 or more), Pushed back (foot
// 1 - 2, mounted 1), Disordered (foot 0), Blown (mounted 0). A tie: each side reads its own column at 0.
std::size_t brawl_row(int margin, Type loser) {
  if (margin == 0) return loser == Type::foot ? 2 : 3;
  const int broken = loser == Type::foot ? 3 : 2;
  return margin >= broken ? 0 : 1;
}

// Duel: a total of 0 or less counts as 1/2; equal, more than 1 and less than 2, 2 or more. The
// defender loses a tie (the default), which reads "equal" like any ratio of 1.
std::size_t duel_row(int ta, int td) {
  const auto counted = [](int t) { return t < 1 ? Fraction(1, 2) : Fraction(t); };
  const Fraction hi = ta > td ? counted(ta) : counted(td), lo = ta > td ? counted(td) : counted(ta);
  const Fraction ratio = hi / lo;
  if (ratio == Fraction(1)) return 0;
  return ratio < Fraction(2) ? 1 : 2;
}

int total(std::initializer_list<cf::Modifier> m) {
  int t = 0;
  for (const auto x : m) t += x == cf::Modifier::strong ? 2 : x == cf::Modifier::weak ? -2 : -3;
  return t;
}

// ---------------------------------------------------------------- the header
TEST(TiesHeader, ATieThatNothingComesOfReadsNoRow) {
  using ti::close_combat::Attacker, ti::close_combat::Defender, ti::close_combat::Effect;
  // 4 against 4: a tie, nothing happens, whoever loses a tie otherwise.
  constexpr auto tie = ti::close_combat::resolve(Attacker{4, Type::foot, {}}, Defender{4, Type::mounted, {}});
  static_assert(tie.settled.tie && !tie.effect);
  // 1 - 3 against 2 - 2: both 0 or less, both count as 1: a tie too.
  constexpr auto low = ti::close_combat::resolve(Attacker{1, Type::foot, {cf::Modifier::shaken}},
                                                 Defender{2, Type::foot, {cf::Modifier::weak}});
  static_assert(low.settled.tie && !low.effect);
  // 6 against 3: doubled, the foot loser is destroyed; 3 against 2 (3/2) mounted recoil (at most
  // 3/2), 5 against 3 (5/3) mounted are destroyed (more than 3/2).
  static_assert(ti::close_combat::resolve(Attacker{6, Type::mounted, {}}, Defender{3, Type::foot, {}}).effect ==
                Effect::destroyed);
  static_assert(ti::close_combat::resolve(Attacker{3, Type::foot, {}}, Defender{2, Type::mounted, {}}).effect ==
                Effect::recoils);
  static_assert(ti::close_combat::resolve(Attacker{5, Type::foot, {}}, Defender{3, Type::mounted, {}}).effect ==
                Effect::destroyed);
  // 5 against 3 foot: 5/3, more than 1 and less than 2: recoil.
  static_assert(ti::close_combat::resolve(Attacker{5, Type::foot, {}}, Defender{3, Type::foot, {}}).effect ==
                Effect::recoils);
}

TEST(TiesHeader, CloseCombatOddsAreTheEnumeratedOnes) {
  using ti::close_combat::Attacker, ti::close_combat::Defender;
  const std::initializer_list<cf::Modifier> sets[] = {
      {}, {cf::Modifier::strong}, {cf::Modifier::weak}, {cf::Modifier::shaken}};
  for (const auto& am : sets) {
    for (const auto& dm : sets) {
      for (const Type at : {Type::foot, Type::mounted}) {
        for (const Type dt : {Type::foot, Type::mounted}) {
          std::array<int, 3> n{};
          for (int a = 1; a <= 6; ++a) {
            for (int d = 1; d <= 6; ++d) ++n[close_combat_row(a + total(am), d + total(dm), at, dt)];
          }
          const auto p = ti::close_combat::odds(Attacker{0, at, am}, Defender{0, dt, dm});
          for (std::size_t r = 0; r < 3; ++r) EXPECT_EQ(p[r], Fraction(n[r], 36)) << "row " << r;
        }
      }
    }
  }
}

TEST(TiesHeader, ATieBothSidesReadIsReadInEachSidesColumn) {
  using ti::brawl::Attacker, ti::brawl::Defender, ti::brawl::Effect;
  constexpr auto tie = ti::brawl::resolve(Attacker{3, Type::foot, {}}, Defender{3, Type::mounted, {}});
  static_assert(tie.settled.tie && tie.column == ti::TroopType::foot && tie.effect == Effect::disordered);
  static_assert(tie.defender_column == ti::TroopType::mounted && tie.defender_effect == Effect::blown);
  constexpr auto won = ti::brawl::resolve(Attacker{5, Type::foot, {}}, Defender{3, Type::mounted, {}});
  static_assert(!won.settled.tie && won.column == ti::TroopType::mounted && won.effect == Effect::broken &&
                !won.defender_effect);
  // Each side's readings: a tie counts once for each side, so the rows add up to 1 + P(tie).
  for (const Type at : {Type::foot, Type::mounted}) {
    for (const Type dt : {Type::foot, Type::mounted}) {
      std::array<int, 5> n{};
      int ties = 0;
      for (int a = 1; a <= 6; ++a) {
        for (int d = 1; d <= 6; ++d) {
          const int ta = a + 2, td = d;  // the attacker is strong
          if (ta == td) {
            ++ties;
            ++n[brawl_row(0, at)];
            ++n[brawl_row(0, dt)];
          } else {
            ++n[brawl_row(ta > td ? ta - td : td - ta, ta < td ? at : dt)];
          }
        }
      }
      const auto p = ti::brawl::odds(Attacker{0, at, {cf::Modifier::strong}}, Defender{0, dt, {}});
      Fraction sum(0);
      for (std::size_t r = 0; r < 5; ++r) {
        EXPECT_EQ(p[r], Fraction(n[r], 36)) << "row " << r;
        sum = sum + p[r];
      }
      EXPECT_EQ(sum, Fraction(1) + Fraction(ties, 36));
    }
  }
}

TEST(TiesHeader, TheRatioFloorIsTheSpecs) {
  using ti::duel::Attacker, ti::duel::Defender, ti::duel::Effect;
  // 1 against 2 - 2 = 0, which counts as 1/2: 1 over 1/2 is 2, slain.
  static_assert(ti::duel::resolve(Attacker{1, {}}, Defender{2, {cf::Modifier::weak}}).settled.key == Fraction(2));
  static_assert(ti::duel::resolve(Attacker{1, {}}, Defender{2, {cf::Modifier::weak}}).effect == Effect::slain);
  // 1 - 3 against 2 - 2: both count as 1/2, equal: a standoff.
  static_assert(ti::duel::resolve(Attacker{1, {cf::Modifier::shaken}}, Defender{2, {cf::Modifier::weak}}).effect ==
                Effect::standoff);
  const std::initializer_list<cf::Modifier> sets[] = {
      {}, {cf::Modifier::strong}, {cf::Modifier::weak}, {cf::Modifier::shaken}};
  for (const auto& am : sets) {
    for (const auto& dm : sets) {
      std::array<int, 4> n{};
      for (int a = 1; a <= 6; ++a) {
        for (int d = 1; d <= 6; ++d) ++n[duel_row(a + total(am), d + total(dm))];
      }
      const auto p = ti::duel::odds(Attacker{0, am}, Defender{0, dm});
      for (std::size_t r = 0; r < 4; ++r) EXPECT_EQ(p[r], Fraction(n[r], 36)) << "row " << r;
    }
  }
}

// ---------------------------------------------------------------- qrsc against the enumeration
const qrsc::Spec& ties_spec() {
  return qrs_test::spec_file(qrs_test::source_dir() / "tests/opposed/rules/test/ties.yaml");
}

TEST(TiesCli, LookupSaysATieIsNothingOrBoth) {
  const auto none = qrsc::opposed_lookup(ties_spec(), "close_combat", {"4", "foot"}, {"4", "mounted"}, std::nullopt);
  ASSERT_TRUE(none.ok()) << none.error().message;
  EXPECT_NE(qrsc::lookup_text(*none).find("a tie: nothing happens"), std::string::npos) << qrsc::lookup_text(*none);
  EXPECT_EQ(none->title, "Tie: nothing happens");
  const auto both = qrsc::opposed_lookup(ties_spec(), "brawl", {"3", "foot"}, {"3", "mounted"}, std::nullopt);
  ASSERT_TRUE(both.ok()) << both.error().message;
  EXPECT_NE(qrsc::lookup_text(*both).find("Attacker (Foot): Disordered"), std::string::npos)
      << qrsc::lookup_text(*both);
  EXPECT_NE(qrsc::lookup_text(*both).find("Defender (Mounted): Blown"), std::string::npos) << qrsc::lookup_text(*both);
  // Field by field (lookup --format json's `reads`): each side's own column and row at margin 0.
  ASSERT_EQ(both->sides.size(), 2U);
  ASSERT_TRUE(both->sides[0].reads && both->sides[1].reads);
  EXPECT_EQ(both->sides[0].reads->column, "Foot");
  EXPECT_EQ(both->sides[0].reads->row, "disordered");
  EXPECT_EQ(both->sides[1].reads->column, "Mounted");
  EXPECT_EQ(both->sides[1].reads->row, "blown");
  EXPECT_EQ(both->sides[1].reads->effect, "Blown");
  // Not a tie: the loser's row alone, no side reads for itself.
  const auto won = qrsc::opposed_lookup(ties_spec(), "brawl", {"5", "foot"}, {"3", "mounted"}, std::nullopt);
  ASSERT_TRUE(won.ok()) << won.error().message;
  EXPECT_EQ(won->row, "broken");  // margin 2 in the loser's (Mounted) column
  EXPECT_FALSE(won->sides[0].reads || won->sides[1].reads);
  for (int a = 1; a <= 6; ++a) {
    for (int d = 1; d <= 6; ++d) {
      const auto q = qrsc::opposed_lookup(ties_spec(), "close_combat", {std::to_string(a), "foot", "strong"},
                                          {std::to_string(d), "mounted"}, std::nullopt);
      ASSERT_TRUE(q.ok()) << q.error().message;
      const std::size_t row = close_combat_row(a + 2, d, Type::foot, Type::mounted);
      EXPECT_EQ(q->row, row == kNothing ? std::string("outside") : std::string(row == 0 ? "destroyed" : "recoils"))
          << a << " against " << d;
    }
  }
}

TEST(TiesCli, OddsAreTheEnumeratedOnes) {
  const auto r = qrsc::opposed_odds(ties_spec(), "close_combat", {"foot", "weak"}, {"mounted"}, std::nullopt);
  ASSERT_TRUE(r.ok()) << r.error().message;
  std::array<int, 3> n{};
  for (int a = 1; a <= 6; ++a) {
    for (int d = 1; d <= 6; ++d) ++n[close_combat_row(a - 2, d, Type::foot, Type::mounted)];
  }
  ASSERT_EQ(r->columns.size(), 1U);
  ASSERT_EQ(r->columns[0].p[0].size(), 3U);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(r->columns[0].p[0][i], Fraction(n[i], 36)) << i;
  EXPECT_EQ(r->row_titles.back(), "Tie: nothing happens");
}

// A tie under `tie: none` is not a result past the key's range: `outside: reroll` rolls again a
// margin of 3 to 5, never a tie (a generated spec found the tie rolled again). Margins of two
// d6: 0 in 6 of 36 rolls, 1 in 10, 2 in 8, 3 to 5 in 12; rolled again, out of 24: a tie 6,
// Pressed 10, Routed 8.
TEST(TiesCli, ATieIsNotRolledAgainWithTheResultsPastTheTable) {
  const auto r = qrsc::opposed_odds(ties_spec(), "standoff", {}, {}, std::nullopt);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->columns.size(), 1U);
  const auto& p = r->columns[0].p[0];
  ASSERT_EQ(p.size(), 3U);
  EXPECT_EQ(p[0], Fraction(10, 24));
  EXPECT_EQ(p[1], Fraction(8, 24));
  EXPECT_EQ(p[2], Fraction(6, 24));
  EXPECT_EQ(r->row_titles.back(), "Tie: nothing happens");
  const auto tie = qrsc::opposed_lookup(ties_spec(), "standoff", {"4"}, {"4"}, std::nullopt);
  ASSERT_TRUE(tie.ok()) << tie.error().message;
  EXPECT_EQ(tie->title, "Tie: nothing happens");
}

}  // namespace
