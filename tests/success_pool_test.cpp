// Success dice through the whole pipeline, on examples/shooting/shooting_with_saves.yaml (an
// illustration): the generated header's success_odds, chain_odds and count_row_odds against
// figures counted by hand and against an enumeration of every throw written here from
// docs/spec-format.md's rules (a die scoring the target or more succeeds; a reroll face is thrown
// again once and the second throw stands; an exploding face succeeds and adds a fresh die; a
// chain throws one die per success of its first roll), and qrsc's odds and lookup against the
// header.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "illustration/shooting_with_saves.hpp"
#include "qrsc/analysis/lookup.hpp"
#include "qrsc/analysis/odds.hpp"
#include "test_support.hpp"

namespace {

namespace sw = qrs::illustration::shooting_with_saves;
using qrs::Fraction;
using Shooting = sw::shooting::Table;
using Skirmish = sw::skirmish_fire::Table;
using Saves = sw::saves::Table;

// ---------------------------------------------------------------- counted by hand
// Shooting: 4 or more on a d6, 1s thrown again: a die hits with 3/6 + 1/6 x 3/6 = 7/12, so
// three dice miss with (5/12)^3 = 125/1728.
static_assert(qrs::success_odds<Shooting>(3, 0).p(0) == Fraction(125, 1728));
static_assert(qrs::success_odds<Shooting>(3, 0).at_least(1) == Fraction(1603, 1728));
// At +1 a die hits on 3 or more: 4/6 + 1/6 x 4/6 = 7/9; all three hit (7/9)^3 = 343/729.
static_assert(qrs::success_odds<Shooting>(3, 1).p(3) == Fraction(343, 729));
// Saves of 4 or more against each hit: a die is an unsaved hit with 7/12 x 1/2 = 7/24, so of
// three dice none with (17/24)^3 = 4913/13824 and one with 3 x 7/24 x (17/24)^2 = 6069/13824.
constexpr auto kSaves3 = qrs::chain_odds<Saves, Shooting>(3, 0, 0);
static_assert(kSaves3.p(0) == Fraction(4913, 13824));
static_assert(qrs::count_row_odds<Saves>(kSaves3)[1] == Fraction(6069, 13824));
static_assert(qrs::count_row_odds<Saves>(kSaves3)[2] == Fraction(1421, 6912));
// Skirmish fire, two dice, 5 or more, a 6 adding a die: one die counts nothing with 4/6 and
// exactly one with 1/6 (a 5) + 1/6 x 4/6 (a 6, then a miss) = 5/18; two dice: nothing 4/9, one
// 2 x 2/3 x 5/18 = 10/27, two or more the rest, 5/27.
constexpr auto kSkirmish = qrs::count_row_odds<Skirmish>(qrs::success_odds<Skirmish>(2, 0));
static_assert(kSkirmish[0] == Fraction(4, 9) && kSkirmish[1] == Fraction(10, 27) && kSkirmish[2] == Fraction(5, 27));

// ---------------------------------------------------------------- every throw, enumerated
// The chance of each count among `dice` dice, by walking every throw: each die's faces, a
// second throw after a reroll face, a fresh die after an exploding face; at most `explosions`
// of them in all, so the counts up to that many are exact (each explosion adds a success).
struct Rules {
  int sides, target;
  std::vector<int> reroll, explode;
  bool failures;
};

bool in(const std::vector<int>& faces, int f) { return std::find(faces.begin(), faces.end(), f) != faces.end(); }

std::vector<Fraction> enumerate(const Rules& r, int dice, int modifier, int explosions, int counts) {
  std::vector<Fraction> p(static_cast<std::size_t>(counts), Fraction(0));
  const Fraction face(1, r.sides);
  // dice_left: dice still to throw; fresh: the current die is an explosion's (not rerolled).
  std::function<void(int, int, int, Fraction, bool)> walk = [&](int dice_left, int count, int budget, Fraction chance,
                                                                bool fresh) {
    if (dice_left == 0) {
      if (count < counts) p[static_cast<std::size_t>(count)] += chance;
      return;
    }
    for (int f = 1; f <= r.sides; ++f) {
      const auto settle = [&](int shown, Fraction c) {
        if (in(r.explode, shown)) {
          if (budget > 0) walk(dice_left, count + 1, budget - 1, c, true);  // the die counts; a fresh one follows
          return;
        }
        const bool success = shown + modifier >= r.target;
        walk(dice_left - 1, count + (success != r.failures ? 1 : 0), budget, c, false);
      };
      if (!fresh && in(r.reroll, f)) {
        for (int g = 1; g <= r.sides; ++g) settle(g, chance * face * face);
      } else {
        settle(f, chance * face);
      }
    }
  };
  walk(dice, 0, explosions, Fraction(1), false);
  return p;
}

const Rules kShootingRules{6, 4, {1}, {}, false};
const Rules kSkirmishRules{6, 5, {}, {6}, false};
const Rules kSaveRules{6, 4, {}, {}, true};

TEST(SuccessDice, ShootingAgainstEveryThrow) {
  for (int dice = 1; dice <= 4; ++dice) {
    for (int m = -4; m <= 4; ++m) {
      const auto counts = qrs::success_odds<Shooting>(dice, m);
      const auto p = enumerate(kShootingRules, dice, m, 0, dice + 1);
      ASSERT_EQ(counts.size, dice + 1);
      for (int k = 0; k <= dice; ++k)
        EXPECT_EQ(counts.p(k), p[static_cast<std::size_t>(k)]) << dice << " dice at " << m << ": " << k;
      EXPECT_EQ(counts.beyond, Fraction(0));
    }
  }
}

TEST(SuccessDice, ExplodingAgainstEveryThrow) {
  for (int dice = 1; dice <= 3; ++dice) {
    for (int m = -2; m <= 2; ++m) {
      const auto counts = qrs::success_odds<Skirmish>(dice, m);
      // Counts up to the shown size are exact with that many explosions.
      const auto p = enumerate(kSkirmishRules, dice, m, counts.size, counts.size);
      Fraction shown(0);
      for (int k = 0; k < counts.size; ++k) {
        EXPECT_EQ(counts.p(k), p[static_cast<std::size_t>(k)]) << dice << " dice at " << m << ": " << k;
        shown += counts.p(k);
      }
      EXPECT_EQ(counts.beyond, Fraction(1) - shown);
      EXPECT_GT(counts.beyond, Fraction(0));
    }
  }
}

TEST(SuccessDice, ChainAgainstEveryThrow) {
  for (int dice = 1; dice <= 3; ++dice) {
    for (const int first : {-1, 0, 2}) {
      for (const int m : {-2, 0, 1}) {
        // Every number of hits, then every throw of that many saves.
        const auto hits = enumerate(kShootingRules, dice, first, 0, dice + 1);
        std::vector<Fraction> unsaved(static_cast<std::size_t>(dice + 1), Fraction(0));
        for (int h = 0; h <= dice; ++h) {
          const auto saves = enumerate(kSaveRules, h, m, 0, dice + 1);
          for (int k = 0; k <= dice; ++k)
            unsaved[static_cast<std::size_t>(k)] +=
                hits[static_cast<std::size_t>(h)] * saves[static_cast<std::size_t>(k)];
        }
        const auto counts = qrs::chain_odds<Saves, Shooting>(dice, first, m);
        for (int k = 0; k <= dice; ++k)
          EXPECT_EQ(counts.p(k), unsaved[static_cast<std::size_t>(k)]) << dice << " " << first << " " << m;
      }
    }
  }
}

// ---------------------------------------------------------------- qrsc against the header
const qrsc::Spec& example() {
  return qrs_test::spec_file(qrs_test::source_dir() / "examples/shooting/shooting_with_saves.yaml");
}

TEST(SuccessDice, OddsCommandAgreesWithTheHeader) {
  for (const int dice : {1, 3, 5}) {
    for (const int m : {-1, 0, 2}) {
      const auto shooting = qrsc::table_odds(example(), "shooting", m, std::nullopt, dice);
      ASSERT_TRUE(shooting) << shooting.error().message;
      const auto rows = qrs::count_row_odds<Shooting>(qrs::success_odds<Shooting>(dice, m));
      for (std::size_t r = 0; r < rows.size(); ++r) EXPECT_EQ(shooting->columns[0].p[0][r], rows[r]);
      EXPECT_EQ(shooting->counts[0][0].p(dice), qrs::success_odds<Shooting>(dice, m).p(dice));
      const auto saves = qrsc::table_odds(example(), "saves", m, std::nullopt, dice, 1);
      ASSERT_TRUE(saves) << saves.error().message;
      const auto chain = qrs::count_row_odds<Saves>(qrs::chain_odds<Saves, Shooting>(dice, 1, m));
      for (std::size_t r = 0; r < chain.size(); ++r) EXPECT_EQ(saves->columns[0].p[0][r], chain[r]);
    }
  }
  // The roll fixes the skirmishers' dice; the others need --dice, up to the exact limit.
  EXPECT_TRUE(qrsc::table_odds(example(), "skirmish_fire", 0, std::nullopt));
  EXPECT_TRUE(qrsc::table_odds(example(), "skirmish_fire", 0, std::nullopt, 2));
  const auto other = qrsc::table_odds(example(), "skirmish_fire", 0, std::nullopt, 3);
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().message, "--dice 3: table 'skirmish_fire' throws 2 dice; leave --dice out");
  const auto unsaid = qrsc::table_odds(example(), "shooting", 0, std::nullopt);
  ASSERT_FALSE(unsaid);
  EXPECT_NE(unsaid.error().message.find("say how many dice with --dice N (1 to 12)"), std::string::npos)
      << unsaid.error().message;
  EXPECT_FALSE(qrsc::table_odds(example(), "shooting", 0, std::nullopt, 13));
  EXPECT_FALSE(qrsc::table_odds(example(), "shooting", 0, std::nullopt, 3, 1)) << "--first is for a chain";
}

TEST(SuccessDice, LookupReadsACountWithoutModifiers) {
  const auto two = qrsc::lookup(example(), "saves", "2", std::nullopt);
  ASSERT_TRUE(two) << two.error().message;
  EXPECT_EQ(two->row, "shaken");
  const auto modified = qrsc::lookup(example(), "saves", "2", std::nullopt, {"+1"});
  ASSERT_FALSE(modified);
  EXPECT_NE(modified.error().message.find("give the count alone"), std::string::npos) << modified.error().message;
  EXPECT_FALSE(qrsc::lookup(example(), "saves", "-1", std::nullopt));
}

}  // namespace
