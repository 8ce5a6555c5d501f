// Opposed rolls through the whole pipeline, on a game written for the test
// (tests/opposed/rules/test/skirmish.yaml): the generated header's resolve() and odds() against
// a brute-force enumeration of every pair of rolls written here from the spec's printed bands,
// and qrsc's lookup and odds (the CLI's code) against the header.
#include "qrsc/analysis/opposed.hpp"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "qrs/rolled.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "test/skirmish.hpp"
#include "test_support.hpp"

namespace {

namespace sk = qrs::test::skirmish;
using qrs::Fraction;
using Type = sk::TroopType;

// ---------------------------------------------------------------- the tables by hand
// Melee Results as printed, by the loser's type: Destroyed, Routed, Falls back, Stand.
enum class MeleeRow { destroyed, routed, falls_back, stand };
MeleeRow melee_row(int margin, Type loser) {
  // The first margin of Destroyed and of Routed in each column (Falls back from 1, Stand at 0).
  const int destroyed = loser == Type::infantry ? 5 : loser == Type::cavalry ? 4 : 3;
  const int routed = loser == Type::infantry ? 3 : 2;
  if (margin >= destroyed) return MeleeRow::destroyed;
  if (margin >= routed) return MeleeRow::routed;
  return margin >= 1 ? MeleeRow::falls_back : MeleeRow::stand;
}

// Every attacker d6 against every defender d6 (36 equally likely pairs) at the sides' net
// modifiers: the count of each row of Melee Results, the defender losing ties.
std::array<int, 4> melee_by_enumeration(int am, Type at, int dm, Type dt) {
  std::array<int, 4> n{};
  for (int a = 1; a <= 6; ++a) {
    for (int d = 1; d <= 6; ++d) {
      const int ra = a + am, rd = d + dm;
      const Type loser = ra < rd ? at : dt;
      ++n[static_cast<std::size_t>(melee_row(ra > rd ? ra - rd : rd - ra, loser))];
    }
  }
  return n;
}

// ---------------------------------------------------------------- the header
TEST(OpposedHeader, ResolveReadsTheMarginInTheLosersColumn) {
  using sk::melee::Attacker, sk::melee::Defender, sk::melee::Effect;
  namespace am = sk::attack_modifiers;
  namespace dm = sk::defence_modifiers;
  // Elite cavalry charging rolls 5 (+1 +1 = 7); infantry in square rolls 2 (+2 = 4): margin 3,
  // the infantry lose: Routed (3 - 4 in the infantry column).
  constexpr auto o = sk::melee::resolve(Attacker{5, Type::cavalry, {am::Modifier::elite, am::Modifier::charging}},
                                        Defender{2, Type::infantry, {dm::Modifier::square}});
  static_assert(o.settled.attacker == 7 && o.settled.defender == 4);
  static_assert(o.settled.key == Fraction(3) && o.settled.loser == qrs::Side::defender);
  static_assert(o.column == Type::infantry && o.effect == Effect::routed);
  // A margin of 3 against artillery is Destroyed (3 or more in the artillery column).
  static_assert(sk::melee::resolve(Attacker{6, Type::infantry, {}}, Defender{3, Type::artillery, {}}).effect ==
                Effect::destroyed);
  // The attacker loses: its own column is read. Raw infantry rolls 2 (-1 = 1) against veteran
  // cavalry in cover rolling 5 (+1 = 6): margin 5, infantry column: Destroyed.
  constexpr auto lost = sk::melee::resolve(Attacker{2, Type::infantry, {am::Modifier::raw}},
                                           Defender{5, Type::cavalry, {dm::Modifier::veteran, dm::Modifier::cover}});
  static_assert(lost.settled.loser == qrs::Side::attacker && lost.column == Type::infantry);
  static_assert(lost.effect == Effect::destroyed);
  // A tie: the defender loses it (tie: defender), margin 0: Stand in the defender's column.
  constexpr auto tie = sk::melee::resolve(Attacker{4, Type::cavalry, {}}, Defender{4, Type::artillery, {}});
  static_assert(tie.settled.tie && tie.settled.loser == qrs::Side::defender && tie.column == Type::artillery);
  static_assert(tie.effect == Effect::stand);
}

TEST(OpposedHeader, ResolveAgreesWithTheTableByHandForEveryRoll) {
  using sk::melee::Attacker, sk::melee::Defender;
  namespace am = sk::attack_modifiers;
  namespace dm = sk::defence_modifiers;
  for (int a = 1; a <= 6; ++a) {
    for (int d = 1; d <= 6; ++d) {
      for (const Type at : {Type::infantry, Type::cavalry, Type::artillery}) {
        for (const Type dt : {Type::infantry, Type::cavalry, Type::artillery}) {
          const auto o = sk::melee::resolve(Attacker{a, at, {am::Modifier::flank_attack, am::Modifier::uphill}},
                                            Defender{d, dt, {dm::Modifier::disordered, dm::Modifier::elite}});
          const int ra = a + 2 - 1, rd = d - 2 + 1;
          const Type loser = ra < rd ? at : dt;
          ASSERT_TRUE(o.effect.has_value());
          EXPECT_EQ(static_cast<int>(*o.effect), static_cast<int>(melee_row(ra > rd ? ra - rd : rd - ra, loser)))
              << "attacker " << a << " defender " << d;
          EXPECT_EQ(o.column, loser);
        }
      }
    }
  }
}

TEST(OpposedHeader, MeleeOddsAreTheEnumeratedOnes) {
  using sk::melee::Attacker, sk::melee::Defender;
  namespace am = sk::attack_modifiers;
  namespace dm = sk::defence_modifiers;
  // Each matchup's modifiers, and their sums written out for the enumeration.
  const auto check = [](std::initializer_list<am::Modifier> attack, int a_sum,
                        std::initializer_list<dm::Modifier> defence, int d_sum) {
    for (const Type at : {Type::infantry, Type::cavalry, Type::artillery}) {
      for (const Type dt : {Type::infantry, Type::cavalry, Type::artillery}) {
        const auto p = sk::melee::odds(Attacker{0, at, attack}, Defender{0, dt, defence});
        const auto n = melee_by_enumeration(a_sum, at, d_sum, dt);
        for (std::size_t r = 0; r < 4; ++r)
          EXPECT_EQ(p[r], Fraction(n[r], 36)) << "row " << r << " at " << a_sum << " vs " << d_sum;
        EXPECT_EQ(p[4], Fraction(0));  // every result is read by a row
      }
    }
  };
  check({}, 0, {}, 0);
  check({am::Modifier::elite, am::Modifier::charging}, 2, {dm::Modifier::square}, 2);
  check({am::Modifier::raw, am::Modifier::uphill}, -2, {dm::Modifier::elite, dm::Modifier::cover}, 2);
  check({am::Modifier::flank_attack, am::Modifier::charging, am::Modifier::elite}, 4,
        {dm::Modifier::disordered, dm::Modifier::raw}, -3);
  // In a constant expression too.
  static_assert(sk::melee::odds(Attacker{0, Type::infantry, {}}, Defender{0, Type::infantry, {}})[3] ==
                Fraction(6, 36));
}

TEST(OpposedHeader, MoraleTestIsTwoD6PlusModifiers) {
  // 2d6 by enumeration: Steady 7 or more, Shaken 4 - 6, Broken 3 or less.
  for (const int net : {-3, -2, -1, 0, 1}) {
    std::array<int, 3> n{};
    for (int a = 1; a <= 6; ++a) {
      for (int b = 1; b <= 6; ++b) {
        const int r = a + b + net;
        ++n[r >= 7 ? 0 : r >= 4 ? 1 : 2];
      }
    }
    const auto p = qrs::row_odds<sk::morale::Table>(net);
    for (std::size_t r = 0; r < 3; ++r) EXPECT_EQ(p[r], Fraction(n[r], 36)) << "net " << net;
  }
  namespace mm = sk::morale_modifiers;
  static_assert(sk::morale::lookup(5 + mm::total({mm::Modifier::general_near, mm::Modifier::lost_melee})) ==
                sk::morale::Effect::shaken);
}

TEST(OpposedHeader, ArtilleryDuelClampsTheDifference) {
  using sk::artillery_duel::Attacker, sk::artillery_duel::Defender, sk::artillery_duel::Effect;
  namespace am = sk::attack_modifiers;
  // d6 + 1 (elite) less 2d6 rolled 3: 6 + 1 - 3 = 4, clamped to 2: Defender silenced.
  static_assert(sk::artillery_duel::resolve(Attacker{6, {am::Modifier::elite}}, Defender{3}).effect ==
                Effect::silenced);
  static_assert(sk::artillery_duel::resolve(Attacker{1, {}}, Defender{12}).effect == Effect::counter_battery);
  // Every d6 against every 2d6 (216 outcomes): clamped at -2 and 2, so every result has a row.
  for (const int mod : {-2, 0, 1, 4}) {
    std::array<int, 3> n{};
    for (int a = 1; a <= 6; ++a) {
      for (int d1 = 1; d1 <= 6; ++d1) {
        for (int d2 = 1; d2 <= 6; ++d2) {
          const int diff = a + mod - d1 - d2;
          ++n[diff >= 2 ? 0 : diff >= -1 ? 1 : 2];
        }
      }
    }
    // The modifiers that make `mod`: attack_modifiers items (elite +1, charging +1, flank +2,
    // raw -1, uphill -1).
    const std::initializer_list<am::Modifier> none{};
    const std::initializer_list<am::Modifier> minus2{am::Modifier::raw, am::Modifier::uphill};
    const std::initializer_list<am::Modifier> plus1{am::Modifier::charging};
    const std::initializer_list<am::Modifier> plus4{am::Modifier::elite, am::Modifier::charging,
                                                    am::Modifier::flank_attack};
    const auto& given = mod == -2 ? minus2 : mod == 0 ? none : mod == 1 ? plus1 : plus4;
    const auto p = sk::artillery_duel::odds(Attacker{0, given}, Defender{0});
    for (std::size_t r = 0; r < 3; ++r) EXPECT_EQ(p[r], Fraction(n[r], 216)) << "modifier " << mod;
    EXPECT_EQ(p[3], Fraction(0));
  }
}

TEST(OpposedHeader, AssaultReadsTheRatio) {
  using sk::assault::Attacker, sk::assault::Defender, sk::assault::Effect;
  namespace dm = sk::defence_modifiers;
  // 6 against 3: doubled, Overrun; 5 against 4: 5/4, Held; 3 against 2: 3/2, Pressed.
  static_assert(sk::assault::resolve(Attacker{6, {}}, Defender{3, {}}).effect == Effect::overrun);
  static_assert(sk::assault::resolve(Attacker{5, {}}, Defender{4, {}}).effect == Effect::held);
  static_assert(sk::assault::resolve(Attacker{3, {}}, Defender{2, {}}).effect == Effect::pressed);
  // The defender wins 5 + 1 against 3: 2, Overrun of the attacker; a result below 1 counts as 1.
  static_assert(sk::assault::resolve(Attacker{3, {}}, Defender{5, {dm::Modifier::cover}}).settled.key == Fraction(2));
  static_assert(sk::assault::resolve(Attacker{4, {}}, Defender{1, {dm::Modifier::disordered}}).settled.key ==
                Fraction(4));
  std::array<int, 3> n{};
  for (int a = 1; a <= 6; ++a) {
    for (int d = 1; d <= 6; ++d) {
      const int hi = a > d ? a : d, lo = a > d ? d : a;
      const Fraction ratio(hi, lo);
      ++n[ratio >= Fraction(2) ? 2 : ratio >= Fraction(3, 2) ? 1 : 0];
    }
  }
  const auto p = sk::assault::odds(Attacker{0, {}}, Defender{0, {}});
  for (std::size_t r = 0; r < 3; ++r) EXPECT_EQ(p[r], Fraction(n[r], 36)) << "row " << r;
}

// Ambush as printed: the loser's column (Infantry: Destroyed 4 or more, Falls back 1 - 3;
// Cavalry 3 or more, 1 - 2; Artillery 2 or more, 1), except artillery beaten by cavalry or
// infantry (Destroyed at any margin) and infantry or cavalry beaten by artillery (Destroyed 6
// or more, Falls back 1 - 5). A tie: nothing happens. 0 Destroyed, 1 Falls back, 2 nothing.
int ambush_row(int margin, Type loser, Type winner) {
  if (margin == 0) return 2;
  if (loser == Type::artillery && winner != Type::artillery) return 0;
  if (loser != Type::artillery && winner == Type::artillery) return margin >= 6 ? 0 : 1;
  const int destroyed = loser == Type::infantry ? 4 : loser == Type::cavalry ? 3 : 2;
  return margin >= destroyed ? 0 : 1;
}

constexpr std::array<Type, 3> kTypes = {Type::infantry, Type::cavalry, Type::artillery};

TEST(OpposedHeader, AmbushReadsTheMatchupWhereItsTypesMeet) {
  using sk::ambush::Attacker, sk::ambush::Defender, sk::ambush::Effect, sk::ambush::Column;
  namespace am = sk::attack_modifiers;
  // Cavalry rolls 3, artillery 2: margin 1, the artillery loses to cavalry: Destroyed, read in
  // the matchup's column; the same margin against infantry's own column is Falls back.
  constexpr auto overrun = sk::ambush::resolve(Attacker{3, Type::cavalry, {}}, Defender{2, Type::artillery, {}});
  static_assert(overrun.column == Column::guns_overrun && overrun.effect == Effect::destroyed);
  static_assert(sk::ambush::resolve(Attacker{3, Type::cavalry, {}}, Defender{2, Type::infantry, {}}).effect ==
                Effect::falls_back);
  // Artillery against artillery reads its own column.
  static_assert(sk::ambush::resolve(Attacker{3, Type::artillery, {}}, Defender{2, Type::artillery, {}}).column ==
                Column::artillery);
  // Infantry beaten by artillery by 5 falls back (its own column would say Destroyed at 4).
  constexpr auto guns = sk::ambush::resolve(Attacker{1, Type::infantry, {}},
                                            Defender{5, Type::artillery, {sk::defence_modifiers::Modifier::elite}});
  static_assert(guns.column == Column::against_guns && guns.effect == Effect::falls_back);
  static_assert(
      !sk::ambush::resolve(Attacker{4, Type::infantry, {}}, Defender{4, Type::artillery, {}}).effect);  // a tie
  for (int a = 1; a <= 6; ++a) {
    for (int d = 1; d <= 6; ++d) {
      for (const Type at : kTypes) {
        for (const Type dt : kTypes) {
          const auto o = sk::ambush::resolve(Attacker{a, at, {am::Modifier::charging}}, Defender{d, dt, {}});
          const int ra = a + 1, rd = d;
          const int want = ra > rd ? ambush_row(ra - rd, dt, at) : ambush_row(rd - ra, at, dt);
          EXPECT_EQ(o.effect ? static_cast<int>(*o.effect) : 2, want) << a << " against " << d;
        }
      }
    }
  }
}

TEST(OpposedHeader, AmbushOddsAreTheEnumeratedOnes) {
  using sk::ambush::Attacker, sk::ambush::Defender;
  namespace am = sk::attack_modifiers;
  namespace dm = sk::defence_modifiers;
  for (const Type at : kTypes) {
    for (const Type dt : kTypes) {
      // Attacker +2 (flank), defender -1 (raw), counted over the 36 pairs of d6.
      std::array<int, 3> n{};
      for (int a = 1; a <= 6; ++a) {
        for (int d = 1; d <= 6; ++d) {
          const int ra = a + 2, rd = d - 1;
          ++n[static_cast<std::size_t>(ra > rd ? ambush_row(ra - rd, dt, at) : ambush_row(rd - ra, at, dt))];
        }
      }
      const auto p =
          sk::ambush::odds(Attacker{0, at, {am::Modifier::flank_attack}}, Defender{0, dt, {dm::Modifier::raw}});
      for (std::size_t r = 0; r < 3; ++r) EXPECT_EQ(p[r], Fraction(n[r], 36)) << "row " << r;
    }
  }
}

// ---------------------------------------------------------------- qrsc against the header
const qrsc::Spec& skirmish() {
  return qrs_test::spec_file(qrs_test::source_dir() / "tests/opposed/rules/test/skirmish.yaml");
}

TEST(OpposedCli, LookupAgreesWithTheHeaderForEveryRoll) {
  using sk::melee::Attacker, sk::melee::Defender;
  namespace am = sk::attack_modifiers;
  namespace dm = sk::defence_modifiers;
  for (int a = 1; a <= 6; ++a) {
    for (int d = 1; d <= 6; ++d) {
      const auto q = qrsc::opposed_lookup(skirmish(), "melee", {std::to_string(a), "elite", "cavalry", "charging"},
                                          {std::to_string(d), "square", "infantry"}, std::nullopt);
      ASSERT_TRUE(q.ok()) << q.error().message;
      const auto o = sk::melee::resolve(Attacker{a, Type::cavalry, {am::Modifier::elite, am::Modifier::charging}},
                                        Defender{d, Type::infantry, {dm::Modifier::square}});
      EXPECT_EQ(q->row, sk::melee::kRows[static_cast<std::size_t>(*o.effect)].id) << a << " against " << d;
      ASSERT_EQ(q->sides.size(), 2U);
      EXPECT_EQ(q->sides[0].roll, a);
      EXPECT_EQ(q->sides[1].roll, d);
      EXPECT_EQ(q->sides[0].result, o.settled.attacker) << a << " against " << d;
      EXPECT_EQ(q->sides[1].result, o.settled.defender) << a << " against " << d;
    }
  }
}

TEST(OpposedCli, AmbushLookupAndOddsAgreeWithTheHeaderForEveryMatchup) {
  using sk::ambush::Attacker, sk::ambush::Defender;
  const auto word = [](Type t) { return std::string(sk::kTroopTypeTerms[static_cast<std::size_t>(t)].id); };
  for (const Type at : kTypes) {
    for (const Type dt : kTypes) {
      for (int a = 1; a <= 6; ++a) {
        for (int d = 1; d <= 6; ++d) {
          const auto q = qrsc::opposed_lookup(skirmish(), "ambush", {std::to_string(a), word(at)},
                                              {std::to_string(d), word(dt)}, std::nullopt);
          ASSERT_TRUE(q.ok()) << q.error().message;
          const auto o = sk::ambush::resolve(Attacker{a, at, {}}, Defender{d, dt, {}});
          const std::string row =
              o.effect ? std::string(sk::ambush::kRows[static_cast<std::size_t>(*o.effect)].id) : "outside";
          EXPECT_EQ(q->row, row) << word(at) << " " << a << " against " << word(dt) << " " << d;
        }
      }
      const auto r = qrsc::opposed_odds(skirmish(), "ambush", {word(at)}, {word(dt)}, std::nullopt);
      ASSERT_TRUE(r.ok()) << r.error().message;
      const auto p = sk::ambush::odds(Attacker{0, at, {}}, Defender{0, dt, {}});
      for (std::size_t i = 0; i < r->columns[0].p[0].size(); ++i) EXPECT_EQ(r->columns[0].p[0][i], p[i]);
    }
  }
  // A matchup's column is no side's type.
  const auto matchup =
      qrsc::opposed_lookup(skirmish(), "ambush", {"3", "guns_overrun"}, {"2", "artillery"}, std::nullopt);
  EXPECT_FALSE(matchup.ok());
}

TEST(OpposedCli, OddsAgreeWithTheHeader) {
  using sk::melee::Attacker, sk::melee::Defender;
  namespace am = sk::attack_modifiers;
  namespace dm = sk::defence_modifiers;
  const auto r = qrsc::opposed_odds(skirmish(), "melee", {"raw", "artillery", "uphill"}, {"cover", "cavalry", "elite"},
                                    std::nullopt);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->columns.size(), 1U);
  const auto p = sk::melee::odds(Attacker{0, Type::artillery, {am::Modifier::raw, am::Modifier::uphill}},
                                 Defender{0, Type::cavalry, {dm::Modifier::cover, dm::Modifier::elite}});
  ASSERT_EQ(r->columns[0].p[0].size(), 4U);  // no result outside every row: no line for one
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(r->columns[0].p[0][i], p[i]);
}

// Each row of a matchup's odds is split by the side that lost the roll (the side a loser's
// effect falls on). Two unmodified d6 read by the margin: the attacker loses when it rolls lower,
// 15 of 36; a tie is lost by the defender (tie: defender), so Stand (margin 0) is 6 of 36, all
// the defender's.
TEST(OpposedCli, MatchupOddsSayWhichSideLoses) {
  const auto r = qrsc::opposed_odds(skirmish(), "melee", {"infantry"}, {"infantry"}, std::nullopt);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->columns.size(), 1U);
  const auto& c = r->columns[0];
  ASSERT_EQ(c.attacker_lost.size(), c.p[0].size());
  Fraction attacker(0), all(0);
  for (std::size_t i = 0; i < c.p[0].size(); ++i) {
    attacker = attacker + c.attacker_lost[i];
    all = all + c.p[0][i];
  }
  EXPECT_EQ(attacker, Fraction(15, 36));
  EXPECT_EQ(all, Fraction(1));
  ASSERT_EQ(r->row_ids[3], "stand");
  EXPECT_EQ(c.p[0][3], Fraction(6, 36));
  EXPECT_EQ(c.attacker_lost[3], Fraction(0));
  EXPECT_EQ(r->attacker_modifier, 0);
  EXPECT_NE(r->matchup.find("attacker (Infantry) against defender (Infantry)"), std::string::npos) << r->matchup;
}

// An opposed lookup gives both sides' own modifiers, not the attacker's alone.
TEST(OpposedCli, LookupGivesBothSidesModifiers) {
  const auto q = qrsc::opposed_lookup(skirmish(), "melee", {"4", "elite", "cavalry"},
                                      {"3", "square", "cover", "infantry"}, std::nullopt);
  ASSERT_TRUE(q.ok()) << q.error().message;
  ASSERT_EQ(q->sides.size(), 2U);
  ASSERT_EQ(q->sides[0].modifiers.applied.size(), 1U);
  EXPECT_EQ(q->sides[0].modifiers.applied[0].term, "elite");
  EXPECT_EQ(q->sides[0].type, "cavalry");
  ASSERT_EQ(q->sides[1].modifiers.applied.size(), 2U);
  EXPECT_EQ(q->sides[1].modifiers.applied[0].term, "square");
  EXPECT_EQ(q->sides[1].net, 3);  // +2 square, +1 cover
  EXPECT_EQ(q->sides[1].type, "infantry");
}

TEST(OpposedCli, SidesAreCheckedAsLookupChecksModifiers) {
  const auto two_ratings =
      qrsc::opposed_lookup(skirmish(), "melee", {"4", "elite", "raw", "cavalry"}, {"3", "infantry"}, std::nullopt);
  EXPECT_FALSE(two_ratings.ok());
  EXPECT_NE(two_ratings.error().message.find("'elite' and 'raw' cannot both apply"), std::string::npos)
      << two_ratings.error().message;
  const auto no_type = qrsc::opposed_lookup(skirmish(), "melee", {"4", "elite"}, {"3", "infantry"}, std::nullopt);
  EXPECT_FALSE(no_type.ok());
  EXPECT_NE(no_type.error().message.find("give the attacker's type"), std::string::npos) << no_type.error().message;
  // square is the defender's modifier, not the attacker's.
  const auto wrong_side =
      qrsc::opposed_lookup(skirmish(), "melee", {"4", "square", "cavalry"}, {"3", "infantry"}, std::nullopt);
  EXPECT_FALSE(wrong_side.ok());
  EXPECT_NE(wrong_side.error().message.find("attacker"), std::string::npos) << wrong_side.error().message;
}

// ---------------------------------------------------------------- bad specs
// Each spec of tests/opposed/bad is an error at the line and column its "# expect: L:C:
// fragment" line names, with the fragment in the message: what the front end checks of an
// opposed roll beyond what the JSON Schema can say (those cases are in tests/spec_format/bad).
TEST(OpposedSpec, BadSpecsAreErrorsAtTheirLine) {
  int checked = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(QRS_SOURCE_DIR) / "tests/opposed/bad")) {
    std::ifstream in(entry.path());
    std::string line, expect;
    while (std::getline(in, line)) {
      if (line.rfind("# expect: ", 0) == 0) expect = line.substr(10);
    }
    ASSERT_FALSE(expect.empty()) << entry.path();
    const std::string at = ":" + expect.substr(0, expect.find(": ")) + ": error: ";
    const std::string fragment = expect.substr(expect.find(": ") + 2);
    qrsc::Diagnostics diags;
    const auto spec = qrsc::compile_spec(entry.path(), diags);
    std::ostringstream out;
    diags.print(out);
    EXPECT_FALSE(spec.has_value()) << entry.path();
    bool found = false;
    std::istringstream messages(out.str());
    while (std::getline(messages, line))
      found = found || (line.find(at) != std::string::npos && line.find(fragment) != std::string::npos);
    EXPECT_TRUE(found) << entry.path() << ": expected" << at << "..." << fragment << " in:\n" << out.str();
    ++checked;
  }
  EXPECT_EQ(checked, 10);
}

}  // namespace
