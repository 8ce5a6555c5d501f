// Every expectation in tests/expected/*.tsv (written from the seed documents, not from the
// specs) answered by the compiler's lookup, exactly as `qrsc lookup` prints it.
#include <gtest/gtest.h>

#include "qrsc/analysis/lookup.hpp"
#include "qrsc/reports/lookup_documents.hpp"
#include "test_support.hpp"

namespace {

using qrs_test::Expectation;

std::string join(const std::vector<std::string>& v, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < v.size(); ++i) out += (i == from ? "" : "\t") + v[i];
  return out;
}

void check_file(const std::string& file) {
  const auto expectations = qrs_test::load_expectations(file);
  ASSERT_FALSE(expectations.spec.empty()) << file << " needs a '# spec: <name>' line";
  const qrsc::Spec& spec = qrs_test::spec(expectations.spec);
  ASSERT_FALSE(expectations.lines.empty());
  int checked = 0;
  for (const Expectation& e : expectations.lines) {
    SCOPED_TRACE(file + ":" + std::to_string(e.line));
    const std::optional<std::string> column = e.column.empty() ? std::nullopt : std::optional(e.column);
    const auto a = qrsc::lookup(spec, e.table, e.key, column);
    ++checked;
    if (e.expected[0] == "ERROR") {
      EXPECT_FALSE(a.ok()) << e.table << " " << e.key << " should have no answer but gave " << qrsc::lookup_tsv(*a);
      continue;
    }
    ASSERT_TRUE(a.ok()) << e.table << " " << e.key << ": " << a.error().message;
    const qrsc::Table* t = spec.table(e.table);
    ASSERT_NE(t, nullptr);
    if (t->kind == qrsc::TableKind::matrix) {
      const std::string cell = e.expected[0] == "BLANK" ? "" : e.expected[0];
      EXPECT_EQ(qrsc::lookup_tsv(*a), e.key + "\t" + (e.column.empty() ? "" : e.column) + "\t" + cell)
          << e.table << " row " << e.key << " column " << e.column;
      continue;
    }
    if (t->kind == qrsc::TableKind::facts || t->kind == qrsc::TableKind::modifiers) {
      // Facts and modifiers: the id, then VALUE<TAB>TEXT as written in the file.
      EXPECT_EQ(qrsc::lookup_tsv(*a), e.key + "\t" + join(e.expected, 0, e.expected.size())) << e.table << " " << e.key;
      continue;
    }
    // Band tables: ID<TAB>TITLE[<TAB>NUMBER]; a part id, when given, is checked in the detail.
    const bool has_part =
        e.expected.size() == 3 && e.expected[2].find_first_not_of("+-0123456789") != std::string::npos;
    const std::string want = join(e.expected, 0, has_part ? 2 : e.expected.size());
    EXPECT_EQ(qrsc::lookup_tsv(*a), want) << e.table << " " << e.key << (e.column.empty() ? "" : " column " + e.column);
    if (has_part) {
      EXPECT_NE(qrsc::lookup_tsv_detail(*a).find(e.expected[2] + "\t"), std::string::npos)
          << e.table << " " << e.key << ": expected part " << e.expected[2] << " in\n"
          << qrsc::lookup_tsv_detail(*a);
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(PublishedAnswers, AcwQrs21For15mm) { check_file("acw-2.1-15mm.tsv"); }
TEST(PublishedAnswers, Battlecry1812) { check_file("battlecry-1812.tsv"); }
TEST(PublishedAnswers, Rff1812V3For15mm) { check_file("1812-3-15mm.tsv"); }
TEST(PublishedAnswers, Rff1812Qrs21For25mm) { check_file("1812-2.1-25mm.tsv"); }
TEST(PublishedAnswers, MawV3For15mm) { check_file("maw-3-15mm.tsv"); }

}  // namespace
