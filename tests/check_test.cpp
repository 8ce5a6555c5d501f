// qrsc check: declared orders, errata assertions (held, contradicted, disputed), and
// changes to the parent that no erratum explains; and the change list qrsc diff writes.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "qrsc/analysis/checks.hpp"
#include "qrsc/analysis/diff.hpp"
#include "qrsc/base/markdown.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "qrsc/reports/change_list.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;

namespace {

const char* const kParent = R"(qrs: 1
system: t
title: Parent
vocabularies:
  - id: rating
    terms: [ { id: crack, name: Crack }, { id: green, name: Green } ]
tables:
  - id: charge
    kind: bands
    title: Charge Table
    key: { name: Die result difference, type: integer }
    rows:
      - { id: swept, title: Swept from the Field, band: 9 or more }
      - { id: driven, title: Driven Back, band: 5 to 8 }
      - { id: other, title: Other, band: 4 or less }
  - id: fire
    kind: bands
    title: Fire
    key: { type: integer }
    columns: rating
    order: columns
    rows:
      - { id: withering, title: Withering Fire, bands: { crack: 11 or more, green: 8 or more } }
      - { id: rest, title: Desultory Fire, bands: { crack: 10 or less, green: 7 or less } }
  - id: mods
    kind: modifiers
    title: Die Roll Modifiers
    items:
      - { id: out_of_command, value: -2, text: Out of command }
  - id: ranges
    kind: matrix
    title: Musketry Fire Points
    cell: fraction
    order: decreasing
    columns: [ { id: r4, range: 4in }, { id: r8, range: 8in } ]
    rows:
      - { id: musket, name: Musket, cells: { r4: "1", r8: 1/2 } }
)";

struct CheckRun {
  std::string text;
  int errors = 0;
  qrsc::CheckReport report;
};

// child.yaml (`child_yaml`, extending t/parent) checked against its parent (`parent_yaml`).
CheckRun check(const std::string& child_yaml, const char* parent_yaml = kParent) {
  const fs::path parent = qrs_test::write_temp_spec("parent.yaml", parent_yaml);
  const fs::path child = parent.parent_path() / "child.yaml";
  std::ofstream(child) << child_yaml;
  qrsc::Diagnostics diags;
  CheckRun r;
  const auto spec = qrsc::compile_spec(child, diags);
  if (spec) {
    const auto baseline = qrsc::compile_baseline(child, diags);
    r.report = qrsc::check_spec(*spec, baseline, diags);
  }
  std::ostringstream out;
  diags.print(out);
  r.text = out.str();
  r.errors = diags.error_count();
  return r;
}

TEST(Check, DeclaredChangesPassAndAssertionsAreCounted) {
  const CheckRun r = check(R"(qrs: 1
extends: t/parent
tables:
  - id: charge
    rows:
      - { id: swept, band: 8 or more }
      - { id: driven, band: 5 to 7 }
errata:
  - id: "50"
    doc: doc.txt
    text: A Swept from the Field effect now occurs on an 8 or more.
    covers: [charge]
    asserts:
      - { table: charge, row: swept, starts: 8 }
      - { table: charge, row: driven, band: 5 - 7 }
      - { table: mods, item: out_of_command, value: -2 }
  - { id: "51", doc: doc.txt, text: Not checkable. }
)");
  EXPECT_EQ(r.errors, 0) << r.text;
  EXPECT_EQ(r.report.changes, 2);
  EXPECT_EQ(r.report.undeclared, 0);
  EXPECT_EQ(r.report.by_document.at("doc.txt").items, 2);
  EXPECT_EQ(r.report.by_document.at("doc.txt").checked, 1);
}

TEST(Check, UndeclaredChangeIsAnErrorAtTheChangedValue) {
  const CheckRun r = check(R"(qrs: 1
extends: t/parent
tables:
  - id: charge
    rows:
      - { id: swept, band: 8 or more }
      - { id: driven, band: 5 to 7 }
)");
  EXPECT_EQ(r.report.undeclared, 2);
  EXPECT_NE(
      r.text.find("child.yaml:6:28: error: undeclared change to the parent sheet: Swept from the Field now occurs on 8 "
                  "or more instead of 9 or more (no erratum covers 'charge/swept'"),
      std::string::npos)
      << r.text;
}

// A contradicted band is quoted in its author's words: the spec writes "0, -1, -2", and the
// message says so (not "-2 - 0", how qrsc would write the same band).
TEST(Check, AContradictedBandIsQuotedAsTheSpecWritesIt) {
  const CheckRun r = check(R"(qrs: 1
extends: t/parent
tables:
  - id: morale
    add: true
    kind: bands
    title: Morale
    key: { type: integer, min: -2, max: 2 }
    rows:
      - { id: holds, title: Holds, band: 1 or more }
      - { id: breaks, title: Breaks, band: "0, -1, -2" }
errata:
  - id: "9"
    doc: doc.txt
    covers: [morale]
    asserts: [ { table: morale, row: breaks, band: -1 or less } ]
  - id: "10"
    doc: doc.txt
    covers: [morale]
    asserts: [ { table: morale, row: breaks, band: -2 - 0 } ]
)");
  EXPECT_NE(r.text.find("erratum '9' of doc.txt says morale/breaks is -1 or less, but the data has 0, -1, -2"),
            std::string::npos)
      << r.text;
  EXPECT_EQ(r.text.find("-2 - 0"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("erratum '10'"), std::string::npos) << r.text;  // the same band, written otherwise
  EXPECT_EQ(r.errors, 1) << r.text;
}

TEST(Check, ContradictedErratumFailsAndADisputedOneWarnsWithItsResolution) {
  const CheckRun r = check(R"(qrs: 1
extends: t/parent
errata:
  - id: "7"
    doc: doc.txt
    asserts: [ { table: charge, row: swept, starts: 8 } ]
  - id: "8"
    doc: doc.txt
    disputed: the figure prints 9 or more; the spec keeps the figure
    asserts: [ { table: charge, row: swept, starts: 8 } ]
)");
  EXPECT_NE(
      r.text.find(
          "child.yaml:6:16: error: erratum '7' of doc.txt says charge/swept starts at 8, but the data has 9 or more"),
      std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find(
                "warning: erratum '8' of doc.txt says charge/swept starts at 8, but the data has 9 or more; resolved: "
                "the figure prints 9 or more"),
            std::string::npos)
      << r.text;
  EXPECT_EQ(r.errors, 1);
}

TEST(Check, OrderViolationsAndTheirExceptions) {
  const char* const broken = R"(qrs: 1
extends: t/parent
tables:
  - id: fire
    rows:
      - { id: withering, bands: { crack: 7 or more } }
      - { id: rest, bands: { crack: 6 or less } }
  - id: ranges
    rows:
      - { id: musket, cells: { r8: "2" } }
errata:
  - { id: x, doc: doc.txt, covers: [fire, ranges] }
)";
  const CheckRun r = check(broken);
  EXPECT_NE(
      r.text.find(
          "error: table 'fire': at 7 a Crack target suffers Withering Fire but a Green target only Desultory Fire"),
      std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("error: table 'ranges', row 'musket': 2 at 8\" is more than 1 at 4\""), std::string::npos)
      << r.text;
  const CheckRun with_exceptions = check(R"(qrs: 1
extends: t/parent
tables:
  - id: ranges
    order_exceptions: [ { row: musket, column: r8, reason: printed so on the sheet } ]
    rows:
      - { id: musket, cells: { r8: "2" } }
errata:
  - { id: x, doc: doc.txt, covers: [ranges] }
)");
  EXPECT_EQ(with_exceptions.errors, 0) << with_exceptions.text;
}

// kParent and a variant of it (`text`, in a file of its own), compiled.
struct Pair {
  std::optional<qrsc::Spec> o, n;
};
Pair parent_and(const char* file, const char* text) {
  const fs::path parent = qrs_test::write_temp_spec("parent.yaml", kParent);
  std::ofstream(parent.parent_path() / file) << text;
  qrsc::Diagnostics diags;
  Pair p{qrsc::compile_spec(parent, diags), std::nullopt};
  p.n = qrsc::compile_spec(parent.parent_path() / file, diags);
  return p;
}

TEST(Diff, ChangeListInTheWordsOfTheSummaryOfChanges) {
  const auto [o, n] = parent_and("child.yaml", R"(qrs: 1
extends: t/parent
renames:
  - { vocabulary: rating, term: crack, to: elite, name: Elite }
tables:
  - id: charge
    rows:
      - { id: swept, band: 8 or more }
      - { id: driven, band: 5 to 7 }
  - id: mods
    items:
      - { id: out_of_command, value: -3 }
      - { id: square, add: true, value: +2, text: March column or square }
)");
  ASSERT_TRUE(o && n);
  const auto md = *qrsc::render_changes_markdown(*o, *n, qrsc::diff_specs(*o, *n));
  EXPECT_NE(md.find("1. Crack is renamed Elite\n"), std::string::npos) << md;
  EXPECT_NE(md.find("## Charge Table\n\n2. Swept from the Field now occurs on 8 or more instead of 9 or more\n"
                    "3. Driven Back now occurs on 5 - 7 instead of 5 - 8\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("4. Out of command is now -3 instead of -2\n5. New modifier: +2 March column or square\n"),
            std::string::npos)
      << md;
  const auto html = *qrsc::render_changes_html(*o, *n, qrsc::diff_specs(*o, *n));
  EXPECT_NE(html.find("<li>Crack is renamed Elite</li>"), std::string::npos);
  // JSON gives each change as data too: its kind and the sheet's values its words name.
  const auto json = nlohmann::json::parse(*qrsc::render_changes_json(*o, *n, qrsc::diff_specs(*o, *n)));
  const auto& swept = json["changes"][1];
  EXPECT_EQ(swept["kind"], "band_moved") << swept.dump();
  EXPECT_EQ(swept["values"], nlohmann::json::array({"Swept from the Field", "8 or more", "9 or more"})) << swept.dump();
  EXPECT_EQ(json["changes"][3]["kind"], "modifier_value");
  EXPECT_EQ(json["changes"][3]["values"], nlohmann::json::array({"Out of command", "-3", "-2"}));
  EXPECT_EQ(json["changes"][4]["kind"], "modifier_added");
}

// Each diagnostic at its line and column of child.yaml, and none in the parent's file.
void expect_in_child(const CheckRun& r, std::initializer_list<const char*> diagnostics) {
  for (const char* d : diagnostics) {
    EXPECT_NE(r.text.find(std::string("child.yaml:") + d), std::string::npos) << d << " not in\n" << r.text;
  }
  EXPECT_EQ(r.text.find("parent.yaml:"), std::string::npos) << r.text;
}

// A variant that changes a title, a name, a number, a column's range or a key's roll is told so
// where it states the new value, not at the parent's row (which its author does not edit).
TEST(Check, AnUndeclaredChangeIsPlacedWhereTheVariantStatesIt) {
  const CheckRun r = check(R"(qrs: 1
extends: t/parent
tables:
  - id: charge
    title: Charge Results
    rows:
      - { id: swept, title: Swept Away, number: +1 }
    key: { dice: { roll: 2d6 }, min: 2, max: 12 }
  - id: ranges
    columns: [ { id: r4, range: 6in } ]
    rows:
      - { id: musket, name: Smoothbore }
)");
  EXPECT_EQ(r.report.undeclared, 6) << r.text;
  expect_in_child(r, {"5:12: error: undeclared change to the parent sheet: Charge Table is now titled",
                      "7:29: error: undeclared change to the parent sheet: \"Swept from the Field\" now reads \"Swept "
                      "Away\"",
                      "7:49: error: undeclared change to the parent sheet: Swept Away now gives +1",
                      "8:26: error: undeclared change to the parent sheet: The Die result difference is now 2d6 "
                      "instead of not rolled",
                      "10:33: error: undeclared change to the parent sheet: Column 4\" is now 6\"",
                      "12:29: error: undeclared change to the parent sheet: Musket is now Smoothbore"});
}

// A removal (`remove: true`) is reported at the variant's entry that removes it: the parent's
// row, item or table is no longer in the sheet, and the parent's file is not the variant's.
TEST(Check, AnUndeclaredRemovalIsPlacedAtTheVariantsRemove) {
  const CheckRun r = check(R"(qrs: 1
extends: t/parent
tables:
  - id: charge
    rows:
      - { id: other, remove: true }
      - { id: driven, band: 8 or less }
  - id: mods
    items:
      - { id: out_of_command, remove: true }
  - { id: ranges, remove: true }
)");
  EXPECT_EQ(r.report.undeclared, 4) << r.text;
  expect_in_child(r, {"6:9: error: undeclared change to the parent sheet: Other is removed",
                      "10:9: error: undeclared change to the parent sheet: No longer a modifier: -2 Out of command",
                      "11:5: error: undeclared change to the parent sheet: Musketry Fire Points is removed from the "
                      "sheet"});
}

// A list's section restated by a variant: the items it no longer has are reported at the
// variant's items, as the ones it adds are.
TEST(Check, AListItemNoLongerGivenIsPlacedAtTheVariantsItems) {
  const CheckRun r = check(R"(qrs: 1
extends: t/parent
tables:
  - id: sequence
    sections:
      - id: phase
        items:
          - text: Move.
)",
                           R"(qrs: 1
system: t
title: Turns
tables:
  - id: sequence
    kind: list
    title: Turn Sequence
    sections:
      - id: phase
        title: Maneuver Phase
        items:
          - text: Declare charges.
          - text: Move.
)");
  expect_in_child(r, {"8:11: error: undeclared change to the parent sheet: Maneuver Phase: no longer \"Declare "
                      "charges.\""});
}

// The kinds of change the seed's lists do not show, each in the words of a summary of changes
// (change_words.cpp's table): a band moved against a column, a row that now gives a number, a
// column renamed.
TEST(Diff, EveryKindOfChangeIsWordedAsASummaryWordsIt) {
  const auto [o, n] = parent_and("kinds.yaml", R"(qrs: 1
extends: t/parent
tables:
  - id: fire
    rows:
      - { id: withering, bands: { crack: 10 or more } }
      - { id: rest, bands: { crack: 9 or less } }
  - id: charge
    rows:
      - { id: swept, number: +1 }
  - id: ranges
    columns: [ { id: r4, range: 6in } ]
)");
  ASSERT_TRUE(o && n);
  const auto md = *qrsc::render_changes_markdown(*o, *n, qrsc::diff_specs(*o, *n));
  for (const char* words : {"Withering Fire now occurs against Crack on 10 or more instead of 11 or more\n",
                            "Desultory Fire now occurs against Crack on 9 or less instead of 10 or less\n",
                            "Swept from the Field now gives +1 instead of nothing\n", "Column 4\" is now 6\"\n"}) {
    EXPECT_NE(md.find(std::string(". ") + words), std::string::npos) << words << " not in\n" << md;
  }
}

// What a unit can be (a list's traits) and a modifier the units decide (its shares): a new
// trait, one whose text changed and one gone, and a modifier that now has shares, each worded.
TEST(Diff, TraitsAndSharesAreWorded) {
  const char* const shares = R"(qrs: 1
extends: t/parent
tables:
  - id: mods
    traits:
      - { id: veteran, text: Veteran }
      - { id: green, text: Green }
    items:
      - { id: out_of_command, shares: [{ at_least: 1/2, from: "veteran + ranges/musket" }] }
)";
  const auto [o, n] = parent_and("shares.yaml", shares);
  ASSERT_TRUE(o && n);
  // Each phrase is an item of the change list from `a` to `b`.
  const auto expect_listed = [](const qrsc::Spec& a, const qrsc::Spec& b, std::initializer_list<const char*> phrases) {
    const auto md = *qrsc::render_changes_markdown(a, b, qrsc::diff_specs(a, b));
    for (const char* words : phrases) {
      EXPECT_NE(md.find(std::string(". ") + words + "\n"), std::string::npos) << words << " not in\n" << md;
    }
  };
  expect_listed(*o, *n,
                {"Die Roll Modifiers: a unit can now be \"Veteran\"",
                 "Out of command: now applies when 1/2 or more of the total from \"Veteran\" + ranges/musket "
                 "(was: as the caller says)"});
  // Back: the trait gone, one's text changed, the shares gone (a variant of that variant).
  const fs::path child = qrs_test::write_temp_spec("parent.yaml", kParent).parent_path();
  std::ofstream(child / "shares.yaml") << shares;
  std::ofstream(child / "back.yaml") << R"(qrs: 1
extends: t/shares
tables:
  - id: mods
    traits:
      - { id: veteran, remove: true }
      - { id: green, text: Raw }
    items:
      - { id: out_of_command, shares: ~ }
)";
  qrsc::Diagnostics diags;
  const auto back = qrsc::compile_spec(child / "back.yaml", diags);
  ASSERT_TRUE(back) << diags.error_count();
  expect_listed(
      *n, *back,
      {"Die Roll Modifiers: a unit can no longer be \"Veteran\"",
       "Die Roll Modifiers: what a unit can be, \"Green\", now reads \"Raw\"",
       "Out of command: now applies as the caller says (was: when 1/2 or more of the total from \"Veteran\" + "
       "ranges/musket)"});
}

// A row that rolls again with other modifiers lost: MAW's Desperate Struggle also loses the
// lancers' +1, "the +1 charge combat modifier for cold steel" (002 line 770).
TEST(Diff, ARowThatRollsAgainWithoutOtherModifiers) {
  qrsc::Diagnostics diags;
  const auto o = qrsc::compile_spec(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml", diags);
  const auto n = qrsc::compile_spec(qrs_test::source_dir() / "rules/rff/maw-3-15mm.yaml", diags);
  ASSERT_TRUE(o && n) << diags.error_count();
  const auto md = *qrsc::render_changes_markdown(*o, *n, qrsc::diff_specs(*o, *n));
  EXPECT_NE(md.find("Desperate Struggle now rolls again without cold\\_steel, lancers, cavalry\\_charge (was: rolls "
                    "again without cold\\_steel, cavalry\\_charge)"),
            std::string::npos)
      << md;
}

// A change list's text is escaped once, by its format's one writer: HTML as the sheets escape
// it (&apos; for a quote, as the HTML backend writes it), Markdown so that nothing reads as
// markup, JSON as written, its fields in their stated order.
TEST(Diff, ChangeListTextIsEscapedByItsFormatsWriter) {
  const auto [o, n] = parent_and("markup.yaml", R"(qrs: 1
extends: t/parent
tables:
  - id: mods
    items:
      - { id: out_of_command, text: "Commander's <b>*own*</b> [unit]" }
)");
  ASSERT_TRUE(o && n);
  const auto changes = qrsc::diff_specs(*o, *n);
  const auto html = *qrsc::render_changes_html(*o, *n, changes);
  EXPECT_NE(html.find("<li>-2 &quot;Out of command&quot; now reads &quot;Commander&apos;s &lt;b&gt;*own*&lt;/b&gt; "
                      "[unit]&quot;</li>"),
            std::string::npos)
      << html;
  const auto md = *qrsc::render_changes_markdown(*o, *n, changes);
  EXPECT_NE(md.find("1. -2 \"Out of command\" now reads \"Commander's \\<b>\\*own\\*\\</b> \\[unit\\]\"\n"),
            std::string::npos)
      << md;
  const auto json = *qrsc::render_changes_json(*o, *n, changes);
  EXPECT_NE(json.find("\"text\": \"-2 \\\"Out of command\\\" now reads \\\"Commander's <b>*own*</b> [unit]\\\"\""),
            std::string::npos)
      << json;
  const std::size_t old_at = json.find("\"old\""), new_at = json.find("\"new\""), changes_at = json.find("\"changes\"");
  const std::size_t heading_at = json.find("\"heading\""), table_at = json.find("\"table\""),
                    errata_at = json.find("\"errata\"");
  EXPECT_TRUE(old_at < new_at && new_at < changes_at && changes_at < heading_at && heading_at < table_at &&
              table_at < errata_at)
      << json;
}

// A change of how a key is rolled is named in the roll's own notation: two d6 summed and two d6
// read as tens and units are different rolls, and a roll against a value says so.
TEST(Diff, AChangedRollIsNamedInItsNotation) {
  const auto spec =
      [](const std::string& file, const std::string& roll, const std::string& range, const std::string& band) {
        return qrs_test::write_temp_spec(file, R"(qrs: 1
id: events
system: t
title: T
tables:
  - id: events
    kind: bands
    title: Events
    key: { name: Event, )" + range + R"(, dice: { roll: )" +
                                                   roll + R"( } }
    rows:
      - { id: any, title: Any, band: )" + band + R"( }
)");
      };
  qrsc::Diagnostics diags;
  const auto o = qrsc::compile_spec(spec("summed.yaml", "2d6", "min: 2, max: 12", "2 - 12"), diags);
  const auto n = qrsc::compile_spec(spec("digits.yaml", "d66", "min: 11, max: 66", "11 - 66"), diags);
  ASSERT_TRUE(o && n) << diags.error_count();
  const auto md = *qrsc::render_changes_markdown(*o, *n, qrsc::diff_specs(*o, *n));
  EXPECT_NE(md.find("The Event is now d66 (two d6 read as tens and units) instead of 2d6\n"), std::string::npos) << md;
}

// Text with line breaks stays on its line in Markdown: a table title holding "\n1. ..." forged
// an entry of the change list, "# " a heading, "![...](...)" a remote image.
TEST(Diff, MarkdownTextCannotStartALineOrALink) {
  const auto [o, n] = parent_and("forged.yaml", R"yaml(qrs: 1
extends: t/parent
tables:
  - id: charge
    title: "Charge\n1. Veteran is now +5 instead of +1 (change h9)"
  - id: mods
    items:
      - { id: out_of_command, text: "# Heading ![x](http://example.com/i.png) &amp; ~~gone~~ | cell" }
)yaml");
  ASSERT_TRUE(o && n);
  const auto md = *qrsc::render_changes_markdown(*o, *n, qrsc::diff_specs(*o, *n));
  EXPECT_EQ(md.find("\n1. Veteran"), std::string::npos) << md;
  EXPECT_EQ(md.find("\n# Heading"), std::string::npos) << md;
  EXPECT_NE(md.find("Charge 1. Veteran is now +5 instead of +1 (change h9)"), std::string::npos) << md;
  EXPECT_NE(md.find("\"# Heading !\\[x\\](http://example.com/i.png) \\&amp; \\~\\~gone\\~\\~ \\| cell"),
            std::string::npos)
      << md;
}

TEST(Markdown, EscapesWhatWouldStartABlockOrInlineMarkup) {
  EXPECT_EQ(qrsc::markdown_escape("a\n1. b\r\nc"), "a 1. b c");
  EXPECT_EQ(qrsc::markdown_escape("\n1. b"), " 1\\. b");
  EXPECT_EQ(qrsc::markdown_escape("12) x"), "12\\) x");
  EXPECT_EQ(qrsc::markdown_escape("- x"), "\\- x");
  EXPECT_EQ(qrsc::markdown_escape("-2 x"), "-2 x");
  EXPECT_EQ(qrsc::markdown_escape("> q"), "\\> q");
  EXPECT_EQ(qrsc::markdown_escape("5 - 7"), "5 - 7");
  EXPECT_EQ(qrsc::markdown_escape("<b>*x*</b>"), "\\<b>\\*x\\*\\</b>");
  EXPECT_EQ(qrsc::markdown_escape("1.0% -> 3.0%"), "1.0% -> 3.0%");
  EXPECT_EQ(qrsc::markdown_code("a`b"), "``a`b``");
  EXPECT_EQ(qrsc::markdown_code("`x\ny"), "`` `x y ``");
}

}  // namespace
