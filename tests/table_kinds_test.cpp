// Table kinds and cell types: one name table each, and visitors that must handle every kind.
#include <gtest/gtest.h>

#include "qrsc/model/model.hpp"

namespace {

using namespace qrsc;

constexpr auto kEachKind = Overloaded{[](const BandTable&) { return 0; }, [](const ModifierTable&) { return 1; },
                                      [](const Matrix&) { return 2; }, [](const ListTable&) { return 3; },
                                      [](const FactsTable&) { return 4; }};
constexpr auto kOneLeftOut = Overloaded{[](const BandTable&) { return 0; }, [](const ModifierTable&) { return 1; },
                                        [](const Matrix&) { return 2; }, [](const ListTable&) { return 3; }};
constexpr auto kCatchAll = Overloaded{[](const BandTable&) { return 0; }, [](const auto&) { return 1; }};

// visit_kind refuses, at compile time, a visitor that leaves a kind out or catches them all.
static_assert(handles_each_kind<std::remove_const_t<decltype(kEachKind)>>);
static_assert(!handles_each_kind<std::remove_const_t<decltype(kOneLeftOut)>>);
static_assert(!handles_each_kind<std::remove_const_t<decltype(kCatchAll)>>);

TEST(TableKinds, EachBodyReachesItsOwnHandler) {
  const TableBody bodies[] = {BandTable{}, ModifierTable{}, Matrix{}, ListTable{}, FactsTable{}};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(visit_kind(bodies[i], kEachKind), i);
}

TEST(TableKinds, NamesAreTheSpecFormatsAndRoundTrip) {
  // docs/spec-format.md: a table's `kind` and a matrix's `cell`.
  const std::pair<const char*, TableKind> kinds[] = {{"bands", TableKind::bands},
                                                     {"modifiers", TableKind::modifiers},
                                                     {"matrix", TableKind::matrix},
                                                     {"list", TableKind::list},
                                                     {"facts", TableKind::facts}};
  for (const auto& [name, kind] : kinds) {
    EXPECT_EQ(table_kind_from(name), kind) << name;
    EXPECT_STREQ(table_kind_name(kind), name);
  }
  EXPECT_EQ(table_kind_from("band"), std::nullopt);
  for (const char* name : {"text", "integer", "rate", "dice", "levels"}) {
    const auto type = cell_type_from(name);
    ASSERT_TRUE(type) << name;
    EXPECT_STREQ(cell_type_name(*type), name);
  }
  EXPECT_EQ(cell_type_from("number"), std::nullopt);
}

}  // namespace
