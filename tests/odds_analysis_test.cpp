// The compiler's odds (compiler/analysis/odds.cpp, `qrsc odds`) for every rolled table of
// every seed spec, against brute-force enumeration of the dice the spec states.
#include <gtest/gtest.h>

#include "qrsc/analysis/odds.hpp"
#include "qrsc/model/percent_text.hpp"
#include "qrsc/reports/odds_documents.hpp"
#include "test_support.hpp"

namespace {

using qrsc::Fraction;

// Every outcome of the base dice (both sides' for a difference), read directly on the bands.
Fraction enumerate(const qrsc::BandTable& bt, std::size_t row, std::size_t column, int modifier) {
  std::int64_t hits = 0;
  const std::int64_t total = qrs_test::for_each_roll(
      *bt.dice, [&](int base) { hits += bt.rows[row].bands[column].band.contains(Fraction(base + modifier)) ? 1 : 0; });
  return {hits, total};
}

TEST(OddsAnalysis, EveryRolledTableOfEverySpecMatchesEnumeration) {
  int tables = 0;
  for (const char* name :
       {"rff/acw-2.1-15mm", "rff/1812-2.1-25mm", "rff/1812-3-15mm", "rff/maw-3-15mm", "battlecry/1812"}) {
    const qrsc::Spec& spec = qrs_test::spec(name);
    for (const auto& t : spec.tables) {
      const auto* bt = std::get_if<qrsc::BandTable>(&t.body);
      if (!bt || !bt->dice) continue;
      ++tables;
      const auto report = qrsc::table_odds(spec, t.id, std::nullopt, std::nullopt);
      ASSERT_TRUE(report.ok()) << report.error().message;
      ASSERT_EQ(report->columns.size(), bt->columns.size());
      for (std::size_t c = 0; c < bt->columns.size(); ++c) {
        for (std::size_t m = 0; m < report->modifiers.size(); ++m) {
          Fraction sum{0};
          for (std::size_t r = 0; r < bt->rows.size(); ++r) {
            EXPECT_EQ(report->columns[c].p[m][r], enumerate(*bt, r, c, report->modifiers[m]))
                << name << " " << t.id << " column " << c << " modifier " << report->modifiers[m] << " row "
                << bt->rows[r].id;
            sum += report->columns[c].p[m][r];
          }
          // Open-ended bands cover every modified result; a bounded key (1-10) is read unmodified.
          EXPECT_EQ(sum, Fraction(1)) << name << " " << t.id;
        }
      }
    }
  }
  // Maneuver (2), fire effects, fallen leader, charge in each RFF sheet; Battlecry's dice.
  EXPECT_EQ(tables, 4 * 5 + 1);
}

TEST(OddsAnalysis, EverySeedSpecStatesItsDice) {
  // What the seeds roll: base d10 for maneuver and fire, the difference of two modified d10s for
  // charge combat, the fallen-leader table reading the base d10 alone, Battlecry's symbol d6s.
  for (const char* name : {"rff/acw-2.1-15mm", "rff/1812-2.1-25mm", "rff/1812-3-15mm", "rff/maw-3-15mm"}) {
    const qrsc::Spec& spec = qrs_test::spec(name);
    const auto dice = [&](const char* id) { return std::get<qrsc::BandTable>(spec.table(id)->body).dice; };
    for (const char* id :
         {"maneuver_good_order", "maneuver_disordered", "fire_effects", "fallen_leader", "charge_effects"}) {
      ASSERT_TRUE(dice(id).has_value()) << name << " " << id;
      EXPECT_EQ(dice(id)->sides, 10) << name << " " << id;
      EXPECT_EQ(dice(id)->count, 1) << name << " " << id;
    }
    EXPECT_TRUE(dice("charge_effects")->difference);
    EXPECT_EQ(dice("charge_effects")->modifiers, std::vector<std::string>{"charge_modifiers"});
    EXPECT_TRUE(dice("fallen_leader")->modifiers.empty());
    EXPECT_EQ(dice("fire_effects")->modifiers, (std::vector<std::string>{"fire_point_modifiers", "fire_modifiers"}));
    EXPECT_EQ(dice("maneuver_disordered")->modifiers, std::vector<std::string>{"maneuver_modifiers"});
    const auto& extra = std::get<qrsc::ListTable>(spec.table("fire_additional_effects")->body);
    int triggers = 0;
    for (const auto& s : extra.sections) {
      if (!s.trigger) continue;
      ++triggers;
      EXPECT_EQ(s.trigger->table, "fire_effects");
      EXPECT_EQ(s.trigger->band.notation, "10");
    }
    EXPECT_EQ(triggers, 2) << name << ": Low on Ammo and Fallen Leader";
  }
  const auto& bc = std::get<qrsc::BandTable>(qrs_test::spec("battlecry/1812").table("shooting_dice")->body);
  ASSERT_TRUE(bc.dice.has_value());
  EXPECT_EQ(bc.dice->sides, 6);
  EXPECT_EQ(bc.dice->pool, "weapon_dice");
}

}  // namespace

namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(OddsReport, OneChartPerColumnOfEveryRolledTableWithExactTooltips) {
  // ACW: good order 1 + disordered 1 + fire effects 4 target ratings + fallen leader 1 +
  // charge 1; MAW: the maneuver tables in US and MEX columns, 2 more.
  const std::string acw = *qrsc::render_odds_report_html(qrs_test::spec("rff/acw-2.1-15mm"));
  const std::string maw = *qrsc::render_odds_report_html(qrs_test::spec("rff/maw-3-15mm"));
  EXPECT_EQ(count(acw, "<svg"), 8u);
  EXPECT_EQ(count(maw, "<svg"), 10u);
  EXPECT_NE(maw.find("Troops in Good Order and Guns Effects: MEX"), std::string::npos);
  // The even charge, as exact fractions (2.1: Swept from the Field 1 in 100).
  EXPECT_NE(acw.find("<title>Swept from the Field at +0: 1/100 (1.0%)</title>"), std::string::npos);
  EXPECT_NE((*qrsc::render_odds_report_html(qrs_test::spec("rff/1812-3-15mm")))
                .find("<title>Swept from the Field at +0: 3/100 (3.0%)</title>"),
            std::string::npos);
  // Black and white: hatched pattern fills, not colour alone.
  EXPECT_GT(count(acw, "<pattern"), 0u);
  EXPECT_EQ(acw.find("#ff0000"), std::string::npos);
}

}  // namespace

namespace {

// The one way a chance is written. Expected texts are worked by hand from the fractions: half
// up (1/16 is 6.25%, "6.3%", where a double's rounding to even gives "6.2%"), and never "0.0%"
// or "100.0%" for a chance that can happen or fail.
TEST(PercentText, RoundsHalfUpInExactArithmeticAndNeverRoundsAChanceAway) {
  using qrsc::Fraction;
  using qrsc::percent_number;
  using qrsc::percent_text;
  EXPECT_EQ(percent_text(Fraction(1, 16)), "6.3%");
  EXPECT_EQ(percent_text(Fraction(1, 3)), "33.3%");
  EXPECT_EQ(percent_text(Fraction(2, 3)), "66.7%");
  EXPECT_EQ(percent_text(Fraction(7, 8)), "87.5%");
  EXPECT_EQ(percent_text(Fraction(1, 100)), "1.0%");
  EXPECT_EQ(percent_text(Fraction(0)), "0.0%");
  EXPECT_EQ(percent_text(Fraction(1)), "100.0%");
  EXPECT_EQ(percent_text(Fraction(1, 2001)), "<0.1%");      // 0.0499...%
  EXPECT_EQ(percent_text(Fraction(1, 2000)), "0.1%");       // 0.05%: half up
  EXPECT_EQ(percent_text(Fraction(1999, 2000)), ">99.9%");  // 99.95%: rounds to 100, can fail
  EXPECT_EQ(percent_text(Fraction(1997, 2000)), "99.9%");   // 99.85%
  EXPECT_EQ(percent_number(Fraction(1, 200), 0), "1");      // 0.5%: half up
  EXPECT_EQ(percent_number(Fraction(1, 201), 0), "<1");
  EXPECT_EQ(percent_number(Fraction(199, 200), 0), ">99");
  EXPECT_EQ(percent_number(Fraction(13, 20), 0), "65");
  EXPECT_EQ(percent_text(Fraction(1, 16), 2), "6.25%");
  // A denominator near 2^63 (a pool of many dice): a hundred times its numerator overflows 64 bits.
  constexpr std::int64_t big = std::int64_t{1} << 62;
  EXPECT_EQ(percent_text(Fraction(big - 1, 2 * (big - 1) + 1)), "50.0%");
  EXPECT_EQ(percent_text(Fraction(1, 2 * (big - 1) + 1)), "<0.1%");
}

}  // namespace
