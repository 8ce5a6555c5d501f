// Every die result accounted for: a rolled table whose dice and modifiers can leave the key's
// range must say what happens there (key.outside), `qrsc odds` adds up to exactly 1 for every
// table of every spec in rules/ at every net modifier the sheet allows, and a result no row
// reads is a line of its own. Expected odds come from enumerating the dice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "qrsc/analysis/lookup.hpp"
#include "qrsc/analysis/odds.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "qrsc/reports/lookup_documents.hpp"
#include "test_support.hpp"

namespace {

using qrsc::Fraction;

struct Compiled {
  std::optional<qrsc::Spec> spec;
  std::string text;  // the diagnostics
};

Compiled compile(const std::string& yaml) {
  const auto path = qrs_test::write_temp_spec("rolls.yaml", yaml);
  qrsc::Diagnostics diags;
  Compiled c;
  c.spec = qrsc::compile_spec(path, diags);
  std::ostringstream out;
  diags.print(out);
  c.text = out.str();
  return c;
}

// A melee read by the difference of two d6 from 0 up (the issue's example): a defender who
// rolls higher leaves the table. Line 12 holds the dice.
std::string melee(const std::string& outside) {
  return R"(qrs: 1
system: test
title: Test sheet
tables:
  - id: melee
    kind: bands
    title: Melee
    key:
      name: Die result difference
      type: integer
      min: 0
      dice: { roll: d6, difference: true }
)" + (outside.empty() ? std::string() : "      outside: " + outside + "\n") +
         R"(    rows:
      - { id: rout, title: Rout, band: 4 or more }
      - { id: retreat, title: Retreat, band: 1 - 3 }
      - { id: hold, title: Hold, band: "0" }
)";
}

// A d6 test read 1 to `max`, with one modifier of +`uphill`.
std::string uphill_test(int uphill, int max) {
  return R"(qrs: 1
system: test
title: Test sheet
tables:
  - id: mods
    kind: modifiers
    title: Modifiers
    items:
      - { id: uphill, value: +)" +
         std::to_string(uphill) + R"(, text: Uphill }
  - id: test
    kind: bands
    title: Test
    key: { name: Die result, type: integer, min: 1, max: )" +
         std::to_string(max) + R"(, dice: { roll: d6, modifiers: [mods] } }
    rows:
      - { id: pass, title: Pass, band: 4 or more }
      - { id: fail, title: Fail, band: 3 or less }
)";
}

// The 36 rolls of two d6, first less second: how many give a difference in [lo, hi].
Fraction two_d6_difference(int lo, int hi) {
  int n = 0;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= 6; ++b) n += a - b >= lo && a - b <= hi ? 1 : 0;
  }
  return {n, 36};
}

TEST(DieResults, AResultNoRowReadsIsAnErrorAtTheDice) {
  const Compiled c = compile(melee(""));
  EXPECT_FALSE(c.spec.has_value());
  EXPECT_NE(c.text.find("rolls.yaml:12:"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("reaches -5 to -1 (the key starts at 0), which no row reads"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("key.outside"), std::string::npos) << c.text;
}

TEST(DieResults, ModifiersThatLeaveTheKeysRangeNeedOutsideToo) {
  // A d6 read 1 to 6 with a +1 item: a 6 +1 is 7, which no row reads.
  const Compiled c = compile(uphill_test(1, 6));
  EXPECT_FALSE(c.spec.has_value());
  EXPECT_NE(c.text.find("with net modifiers +0 to +1 reaches 7 (the key goes up to 6)"), std::string::npos) << c.text;
}

TEST(DieResults, AnUnknownOutsideRuleIsRejected) {
  const Compiled c = compile(melee("ignore"));
  EXPECT_FALSE(c.spec.has_value());
  EXPECT_NE(c.text.find("must be one of 'clamp', 'no_effect', 'reroll', not"), std::string::npos) << c.text;
}

TEST(DieResults, NoEffectIsALineOfItsOwn) {
  const Compiled c = compile(melee("no_effect"));
  ASSERT_TRUE(c.spec.has_value()) << c.text;
  const auto r = qrsc::table_odds(*c.spec, "melee", 0, std::nullopt);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->row_ids, (std::vector<std::string>{"rout", "retreat", "hold", "outside"}));
  EXPECT_EQ(r->row_titles.back(), "No effect (outside the table)");
  const auto& p = r->columns.at(0).p.at(0);
  EXPECT_EQ(p[0], two_d6_difference(4, 5));
  EXPECT_EQ(p[1], two_d6_difference(1, 3));
  EXPECT_EQ(p[2], two_d6_difference(0, 0));
  EXPECT_EQ(p[3], two_d6_difference(-5, -1));
  EXPECT_EQ(p[0] + p[1] + p[2] + p[3], Fraction(1));
  const auto a = qrsc::lookup(*c.spec, "melee", "-2", std::nullopt);
  ASSERT_TRUE(a.ok()) << a.error().message;
  EXPECT_EQ(a->row, "outside");
  EXPECT_EQ(a->effect, "No effect (outside the table)");
}

TEST(DieResults, ClampCountsForTheEndRow) {
  const Compiled c = compile(melee("clamp"));
  ASSERT_TRUE(c.spec.has_value()) << c.text;
  const auto r = qrsc::table_odds(*c.spec, "melee", 0, std::nullopt);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->row_ids.size(), 3u);  // nothing is left outside
  const auto& p = r->columns.at(0).p.at(0);
  EXPECT_EQ(p[2], two_d6_difference(-5, 0));  // Hold, the row at 0, reads every difference below it
  EXPECT_EQ(p[0] + p[1] + p[2], Fraction(1));
  const auto a = qrsc::lookup(*c.spec, "melee", "-3", std::nullopt);
  ASSERT_TRUE(a.ok()) << a.error().message;
  EXPECT_EQ(a->row, "hold");
  EXPECT_NE(a->note.find("clamp"), std::string::npos) << a->note;
}

TEST(DieResults, RerollSharesTheOddsOut) {
  const Compiled c = compile(melee("reroll"));
  ASSERT_TRUE(c.spec.has_value()) << c.text;
  const auto r = qrsc::table_odds(*c.spec, "melee", 0, std::nullopt);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->row_ids.size(), 3u);
  const auto& p = r->columns.at(0).p.at(0);
  const Fraction inside = two_d6_difference(0, 5);
  EXPECT_EQ(p[0], two_d6_difference(4, 5) / inside);
  EXPECT_EQ(p[1], two_d6_difference(1, 3) / inside);
  EXPECT_EQ(p[2], two_d6_difference(0, 0) / inside);
}

TEST(DieResults, AModifierPastTheSheetsIsShownNotDropped) {
  // A d6 read 1 to 8 with +0 to +2 from the sheet: every result is read, so no rule is needed;
  // a net modifier of +5 given to `odds` reaches 9 to 11, shown as a line of its own.
  const Compiled c = compile(uphill_test(2, 8));
  ASSERT_TRUE(c.spec.has_value()) << c.text;
  const auto at2 = qrsc::table_odds(*c.spec, "test", 2, std::nullopt);
  ASSERT_TRUE(at2.ok()) << at2.error().message;
  EXPECT_EQ(at2->row_ids.size(), 2u);  // nothing outside at the sheet's +2
  const auto r = qrsc::table_odds(*c.spec, "test", 5, std::nullopt);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->row_ids, (std::vector<std::string>{"pass", "fail", "outside"}));
  EXPECT_EQ(r->row_titles.back(), "Outside every row");
  const auto& p = r->columns.at(0).p.at(0);
  EXPECT_EQ(p[0], Fraction(3, 6));  // 1-3 +5: 6, 7, 8
  EXPECT_EQ(p[1], Fraction(0));
  EXPECT_EQ(p[2], Fraction(3, 6));  // 4-6 +5: 9, 10, 11
}

// The specs in rules/ (the fragments under common/ are not sheets).
std::vector<std::string> rule_specs() {
  std::vector<std::string> names;
  const auto rules = qrs_test::rules_dir();
  for (const auto& file : qrs_test::rules_spec_files()) {
    if (file.parent_path().filename() == "common") continue;
    names.push_back(std::filesystem::relative(file, rules).replace_extension().generic_string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Every outcome of the base dice, read on the bands within the key's range.
Fraction enumerate_outside(const qrsc::BandTable& bt, std::size_t column, int modifier) {
  std::int64_t out = 0;
  const std::int64_t total = qrs_test::for_each_roll(*bt.dice, [&](int base) {
    const Fraction key(base + modifier);
    const bool in_range = (!bt.min || key >= *bt.min) && (!bt.max || key <= *bt.max);
    const bool read = std::any_of(bt.rows.begin(), bt.rows.end(),
                                  [&](const qrsc::BandRow& r) { return r.bands[column].band.contains(key); });
    out += in_range && read ? 0 : 1;
  });
  return {out, total};
}

// The widest net modifier a table's modifier tables could give: every item's size summed (a
// superset of what the sheet allows, whatever its groups).
int widest_modifier(const qrsc::Spec& spec, const qrsc::BandTable& bt) {
  int wide = 0;
  for (const auto& id : bt.dice->modifiers) {
    const qrsc::Table* t = spec.table(id);
    if (const auto* mt = std::get_if<qrsc::ModifierTable>(&t->body)) {
      for (const auto& m : mt->items) wide += std::abs(m.value.value_or(0));
    } else if (const auto* rows = std::get_if<qrsc::BandTable>(&t->body)) {
      int most = 0;
      for (const auto& r : rows->rows) most = std::max(most, std::abs(r.number.value_or(0)));
      wide += most;
    }
  }
  return wide;
}

TEST(DieResults, EveryTableOfEverySpecAddsUpToOneAtEveryModifier) {
  const std::vector<std::string> names = rule_specs();
  ASSERT_GE(names.size(), 6u);
  int tables = 0, checks = 0;
  for (const auto& name : names) {
    const qrsc::Spec& spec = qrs_test::spec(name);
    for (const auto& t : spec.tables) {
      const auto* bt = std::get_if<qrsc::BandTable>(&t.body);
      if (!bt || !bt->dice) continue;
      ++tables;
      const int wide = widest_modifier(spec, *bt);
      for (int m = -wide - 3; m <= wide + 3; ++m) {
        if (wide == 0 && m != 0) continue;  // a table read without modifiers is read at 0 alone
        const auto r = qrsc::table_odds(spec, t.id, m, std::nullopt);
        ASSERT_TRUE(r.ok()) << name << " " << t.id << ": " << r.error().message;
        for (std::size_t c = 0; c < r->columns.size(); ++c) {
          const auto& p = r->columns[c].p.at(0);
          ASSERT_EQ(p.size(), r->row_ids.size());
          Fraction sum{0};
          for (const Fraction& x : p) sum += x;
          EXPECT_EQ(sum, Fraction(1)) << name << " " << t.id << " column " << c << " at " << m;
          const Fraction outside = enumerate_outside(*bt, c, m);
          const bool has_line = r->row_ids.back() == "outside" && r->row_ids.size() == bt->rows.size() + 1;
          EXPECT_EQ(has_line ? p.back() : Fraction(0), outside)
              << name << " " << t.id << " column " << c << " at " << m;
          ++checks;
        }
      }
    }
  }
  EXPECT_EQ(tables, 5 * 5 + 1);  // five RFF sheets' maneuver (2), fire, fallen leader and charge; Battlecry's dice
  EXPECT_GT(checks, 1000);
}

}  // namespace

namespace {

// Exclusive groups: 000 line 517, "Units are assigned one of four ratings"; 003 line 499, a
// leader "rated an able leader". Two at once is an error naming both; provisional and out of
// command stay only not cumulative (003 line 325).
TEST(ExclusiveGroups, TwoRatingsOfOneUnitAreAnErrorNamingBoth) {
  const qrsc::Spec& spec = qrs_test::spec("rff/acw-2.1-15mm");
  for (const auto& [first, second] : {std::pair{"green", "veteran"}, std::pair{"veteran", "green"}}) {
    const auto a = qrsc::lookup(spec, "maneuver_good_order", "6", std::nullopt, {first, second});
    EXPECT_FALSE(a.ok()) << qrsc::lookup_tsv(*a);
    EXPECT_NE(a.error().message.find("'veteran'"), std::string::npos) << a.error().message;
    EXPECT_NE(a.error().message.find("'green'"), std::string::npos) << a.error().message;
    EXPECT_NE(a.error().message.find("unit_rating"), std::string::npos) << a.error().message;
  }
  const auto leaders = qrsc::lookup(spec, "maneuver_good_order", "6", std::nullopt, {"gallant_leader", "poor_leader"});
  EXPECT_FALSE(leaders.ok());
  const auto levels = qrsc::lookup(spec, "charge_effects", "0", std::nullopt, {"fresh_troops", "spent"});
  EXPECT_FALSE(levels.ok());
  // Change 2: not cumulative, so both may be named and the larger counts: 6 -2 = 4, Well Handled.
  const auto command =
      qrsc::lookup(spec, "maneuver_good_order", "6", std::nullopt, {"provisional_command", "out_of_command"});
  ASSERT_TRUE(command.ok()) << command.error().message;
  EXPECT_EQ(command->result, "4");
  EXPECT_EQ(command->row, "well_handled");
  // One rating: 6 -1 (green) = 5, Well Handled.
  const auto green = qrsc::lookup(spec, "maneuver_good_order", "6", std::nullopt, {"green"});
  ASSERT_TRUE(green.ok()) << green.error().message;
  EXPECT_EQ(green->result, "5");
}

TEST(ExclusiveGroups, TheSeedsRatingsAreExclusive) {
  for (const char* name : {"rff/acw-2.1-15mm", "rff/1812-2.1-25mm", "rff/1812-3-15mm", "rff/maw-3-15mm"}) {
    const qrsc::Spec& spec = qrs_test::spec(name);
    const auto groups = [&](const char* table) {
      std::map<std::string, bool> out;
      for (const auto& g : std::get<qrsc::ModifierTable>(spec.table(table)->body).groups) out[g.id] = g.exclusive;
      return out;
    };
    const auto maneuver = groups("maneuver_modifiers");
    EXPECT_TRUE(maneuver.at("unit_rating")) << name;
    EXPECT_TRUE(maneuver.at("leader_rating")) << name;
    EXPECT_TRUE(maneuver.at("effectiveness")) << name;
    EXPECT_FALSE(maneuver.at("command")) << name;
    const auto charge = groups("charge_modifiers");
    EXPECT_TRUE(charge.at("unit_rating")) << name;
    EXPECT_TRUE(charge.at("effectiveness")) << name;
  }
}

}  // namespace
