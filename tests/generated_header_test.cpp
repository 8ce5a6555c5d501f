// The checked-in generated headers, used the way game software uses them: every expectation
// for the ACW band tables (tests/expected, written from the seed) answered through the
// constexpr lookups, and compile-time checks on the generated data.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <optional>

#include "battlecry/1812.hpp"
#include "rff/acw_2_1_15mm.hpp"
#include "rff/maw_3_15mm.hpp"
#include "test_support.hpp"

namespace acw = qrs::rff::acw_2_1_15mm;
namespace bc = qrs::battlecry::n1812;

namespace {

// Compile-time: the generated tables answer as the sheet does.
static_assert(acw::maneuver_good_order::lookup(8) == acw::maneuver_good_order::Effect::double_quick);
static_assert(acw::maneuver_good_order::lookup(-40) == acw::maneuver_good_order::Effect::panic);
static_assert(acw::fire_effects::lookup(acw::TargetRating::green, 8) == acw::fire_effects::Effect::withering);
static_assert(acw::fallen_leader::lookup(11) == std::nullopt);

// Row id answered by the generated lookup for (table, column, key), or "ERROR".
using Answer = std::function<std::string(const std::string& column, const std::string& key)>;

// `e` is a std::optional or the qrs::Maybe a lookup that may find nothing returns.
template <class Found, class Rows>
std::string id_of(Found e, const Rows& rows) {
  return e ? std::string(rows[static_cast<std::size_t>(*e)].id) : "ERROR";
}

acw::TargetRating rating(const std::string& c) {
  for (std::size_t i = 0; i < acw::kTargetRatingTerms.size(); ++i) {
    if (acw::kTargetRatingTerms[i].id == c) return static_cast<acw::TargetRating>(i);
  }
  ADD_FAILURE() << "no target rating " << c;
  return acw::TargetRating::crack;
}

qrs::Fraction fraction(const std::string& key) {
  const auto dot = key.find('.');
  if (dot == std::string::npos) return std::stoi(key);
  const std::string frac = key.substr(dot + 1);
  int den = 1;
  for (std::size_t i = 0; i < frac.size(); ++i) den *= 10;
  return qrs::Fraction(std::stoi(key.substr(0, dot))) + qrs::Fraction(std::stoi(frac), den);
}

TEST(GeneratedHeader, AcwBandTablesAnswerEveryExpectation) {
  namespace mg = acw::maneuver_good_order;
  namespace md = acw::maneuver_disordered;
  namespace fe = acw::fire_effects;
  namespace fp = acw::fire_point_modifiers;
  namespace fl = acw::fallen_leader;
  namespace ce = acw::charge_effects;
  const std::map<std::string, Answer> tables = {
      {"maneuver_good_order", [](auto&, auto& k) { return id_of(std::optional(mg::lookup(std::stoi(k))), mg::kRows); }},
      {"maneuver_disordered", [](auto&, auto& k) { return id_of(std::optional(md::lookup(std::stoi(k))), md::kRows); }},
      {"fire_effects",
       [](auto& c, auto& k) { return id_of(std::optional(fe::lookup(rating(c), std::stoi(k))), fe::kRows); }},
      {"fire_point_modifiers", [](auto&, auto& k) { return id_of(fp::lookup(fraction(k)), fp::kRows); }},
      {"fallen_leader", [](auto&, auto& k) { return id_of(fl::lookup(std::stoi(k)), fl::kRows); }},
      {"charge_effects", [](auto&, auto& k) { return id_of(std::optional(ce::lookup(std::stoi(k))), ce::kRows); }},
  };
  const auto expectations = qrs_test::load_expectations("acw-2.1-15mm.tsv");
  int checked = 0;
  for (const auto& e : expectations.lines) {
    const auto t = tables.find(e.table);
    if (t == tables.end()) continue;
    SCOPED_TRACE(e.file + ":" + std::to_string(e.line));
    EXPECT_EQ(t->second(e.column, e.key), e.expected[0]) << e.table << " " << e.key << " " << e.column;
    ++checked;
  }
  EXPECT_GT(checked, 150);  // every band-table line of the file; guards against reading nothing
}

// Fire points start at 0 (key.min): below it there is no row, as for a bounded die result and
// as `qrsc lookup` answers ("-1/2 is outside table"). 003's sheet: "less than 1 fire point: -5".
TEST(GeneratedHeader, FractionKeysOutsideTheirDomainHaveNoRow) {
  namespace fp = acw::fire_point_modifiers;
  static_assert(!fp::lookup(qrs::Fraction(-1, 2)));
  static_assert(fp::lookup(qrs::Fraction(0)) == fp::Effect::minus_5);
  static_assert(fp::lookup(qrs::Fraction(1, 2)) == fp::Effect::minus_5);
  EXPECT_EQ(fp::lookup(qrs::Fraction(-1, 4)), std::nullopt);
}

TEST(GeneratedHeader, TellingFireHasItsChargeOutcome) {
  namespace fe = acw::fire_effects;
  EXPECT_EQ(fe::part(acw::TargetRating::crack, 10), fe::Part::charge_checked);
  EXPECT_EQ(fe::part(acw::TargetRating::crack, 9), fe::Part::charge_checked_or_cold_steel);
  EXPECT_EQ(fe::part(acw::TargetRating::green, 7), fe::Part::charge_checked);
  EXPECT_EQ(fe::part(acw::TargetRating::green, 6), std::nullopt);
}

TEST(GeneratedHeader, ModifiersAccumulateWithNonCumulativeGroups) {
  namespace mm = acw::maneuver_modifiers;
  using M = mm::Modifier;
  // Change 2: provisional command and out of command are not cumulative.
  EXPECT_EQ(mm::total({M::provisional_command, M::out_of_command}), -2);
  EXPECT_EQ(mm::total({M::provisional_command}), -1);
  // Change 20's example: an able leader (0) with militia under provisional command: -1.
  EXPECT_EQ(mm::total({M::able_leader, M::provisional_command}), -1);
}

// 000 line 517: "Units are assigned one of four ratings"; a unit rated green and veteran is a
// mistake in the caller's data, not a choice between the two: a precondition of total().
TEST(GeneratedHeaderDeathTest, TwoRatingsOfOneUnitAbort) {
  namespace mm = acw::maneuver_modifiers;
  using M = mm::Modifier;
  EXPECT_EQ(mm::total({M::green, M::out_of_command}), -3);
  EXPECT_EQ(mm::total({M::green, M::green}), -1);  // one rating named twice is still one
  const auto both = [] { return mm::total({M::green, M::veteran}); };
  EXPECT_DEATH(both(), "");
}

TEST(GeneratedHeader, MatricesKeepNotationAndTypedValues) {
  namespace mr = acw::movement_rates;
  const auto& line = mr::cell(mr::Row::infantry_line, mr::Column::open);
  EXPECT_EQ(line.notation, "12 / 16");
  EXPECT_EQ(line.value.full, qrs::Fraction(12));
  EXPECT_EQ(line.value.double_quick, qrs::Fraction(16));
  namespace wd = bc::weapon_dice;
  const auto& rifle3 = wd::cell(wd::Row::rifle, wd::Column::n3);
  EXPECT_EQ(rifle3.notation, "M-2");
  EXPECT_EQ(rifle3.value.count(5), 3);
  EXPECT_FALSE(wd::cell(wd::Row::musket, wd::Column::n3).value.can_fire());
}

// 002 gives no legible fire points for the Mexican heavy gun: the cell is unknown, with no
// value (not zero points in range); the American heavy howitzer's 6 at 4" is known.
TEST(GeneratedHeader, UnknownCellsHaveNoValue) {
  namespace cf = qrs::rff::maw_3_15mm::cannonade_fire_points;
  static_assert(cf::cell(cf::Row::mex_hg, cf::Column::r4).unknown);
  static_assert(!cf::cell(cf::Row::mex_hg, cf::Column::r4).value.in_range);
  EXPECT_EQ(cf::cell(cf::Row::mex_hg, cf::Column::r4).notation, "?");
  EXPECT_TRUE(cf::cell(cf::Row::hh, cf::Column::r4).known());
  EXPECT_EQ(cf::cell(cf::Row::hh, cf::Column::r4).value.amount, qrs::Fraction(6));
}

}  // namespace
