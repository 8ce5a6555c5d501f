// Bad specs get precise diagnostics: file:line:col, the problem, a suggestion where one fits,
// and every error of a file in one run.
#include <gtest/gtest.h>

#include <sstream>

#include "qrsc/frontend/frontend.hpp"
#include "test_support.hpp"

namespace {

struct Result {
  bool compiled = false;
  std::string text;  // all diagnostics, one per line
  std::string file;
  int errors = 0;
};

Result compile(const std::string& yaml) {
  const auto path = qrs_test::write_temp_spec("bad.yaml", yaml);
  qrsc::Diagnostics diags;
  const auto spec = qrsc::compile_spec(path, diags);
  std::ostringstream out;
  diags.print(out);
  return {spec.has_value(), out.str(), path.string(), diags.error_count()};
}

const char* const kHeader = R"(qrs: 1
system: test
title: Test sheet
)";

TEST(Diagnostics, YamlSyntaxErrorHasItsLine) {
  const Result r = compile(std::string(kHeader) + "tables:\n  - id: a\n    kind: [bands\n");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find(r.file + ":7:1:"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("error: YAML syntax"), std::string::npos) << r.text;
}

TEST(Diagnostics, UnknownKeySuggestsTheRightOne) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: roll
    kind: bands
    title: Roll
    key: { name: Die result, type: integer }
    rows:
      - { id: hit, title: Hit, bnad: 4 or more }
      - { id: miss, title: Miss, band: 3 or less }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find(r.file +
                        ":10:32: error: unknown key 'bnad' in row of table 'roll' (kind bands); did you mean 'band'?"),
            std::string::npos)
      << r.text;
}

TEST(Diagnostics, WrongTypeIsReported) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: mods
    kind: modifiers
    title: Mods
    items:
      - { id: a, value: plenty, text: A }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(
      r.text.find(r.file + ":9:25: error: 'value' of modifier of table 'mods' (kind modifiers) must be a whole number"),
      std::string::npos)
      << r.text;
}

TEST(Diagnostics, OverlappingBandsNameBothRowsAndTheValue) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: roll
    kind: bands
    title: Roll
    key: { name: Die result, type: integer }
    rows:
      - { id: high, title: High, band: 7 or more }
      - { id: mid, title: Mid, band: 3 - 7 }
      - { id: low, title: Low, band: 2 or less }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find(r.file + ":10:40: error: table 'roll': band of row 'high' overlaps row 'mid' at 7"),
            std::string::npos)
      << r.text;
}

TEST(Diagnostics, MissingBandNamesTheGap) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: roll
    kind: bands
    title: Roll
    key: { name: Die result, type: integer }
    rows:
      - { id: high, title: High, band: 8 or more }
      - { id: low, title: Low, band: 1 - 5 }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find(r.file + ":10:40: error: table 'roll': no band covers 6 to 7 (between rows 'low' and 'high')"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("no band covers results below 1"), std::string::npos) << r.text;
}

TEST(Diagnostics, BoundedKeyMustBeCoveredToItsEnds) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: leader
    kind: bands
    title: Fallen Leader
    key: { name: Die result, type: integer, min: 1, max: 10 }
    rows:
      - { id: dead, title: Dead, band: "10" }
      - { id: fine, title: Fine, band: 2 - 9 }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find("no band covers results below 2 (the key starts at 1)"), std::string::npos) << r.text;
}

TEST(Diagnostics, DanglingReferencesAreFound) {
  const Result r = compile(std::string(kHeader) + R"(vocabularies:
  - id: rating
    terms: [ { id: crack, name: Crack }, { id: green, name: Green } ]
tables:
  - id: fire
    kind: bands
    title: Fire
    key: { type: integer }
    columns: ratings
    rows:
      - { id: all, title: All, bands: { crack: 1 or more } }
  - id: mods
    kind: modifiers
    title: Mods
    items:
      - { id: provisional, value: -1, text: Provisional command }
    groups:
      - { id: command, members: [provisional, out_of_comand] }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find(r.file + ":12:14: error: columns of table 'fire' (kind bands) name unknown vocabulary "
                                 "'ratings'; did you mean 'rating'?"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("group 'command' names unknown modifier 'out_of_comand'"), std::string::npos) << r.text;
}

TEST(Diagnostics, AllErrorsOfAFileInOneRun) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: a
    kind: bands
    titel: A
    key: { type: integer }
    rows:
      - { id: x, title: X, band: 5 or more }
  - id: b
    kind: matrixx
    title: B
  - id: c
    kind: facts
    title: C
    items:
      - { id: radius, value: 8in, text: "clear line of sight within 4\" of the enemy" }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find(":7:5: error: unknown key 'titel'"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find(":5:5: error: table 'a' (kind bands) needs 'title'"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("no band covers results below 5"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find(":12:11: error: unknown table kind 'matrixx'; did you mean 'matrix'?"), std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("warning: 'text' of fact of table 'c' (kind facts): bare inch mark"), std::string::npos)
      << r.text;
  EXPECT_GE(r.errors, 4);
}

TEST(Diagnostics, BadCellsAndBandsAreExplained) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: move
    kind: matrix
    title: Movement
    cell: rate
    columns: [ { id: open } ]
    rows:
      - { id: line, cells: { open: "12 // 16", rough: "6" } }
  - id: roll
    kind: bands
    title: Roll
    key: { type: integer }
    rows:
      - { id: any, title: Any, band: "lots" }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find("cell '12 // 16' of row 'line' of table 'move' (kind matrix): expected a rate"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("names unknown column 'rough'"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("cannot read band 'lots'"), std::string::npos) << r.text;
}

TEST(Diagnostics, UnsupportedVersionAndMissingVersion) {
  EXPECT_NE(compile("qrs: 2\nsystem: t\ntitle: T\n").text.find("unsupported format version 2"), std::string::npos);
  EXPECT_NE(compile("system: t\ntitle: T\n").text.find("needs 'qrs' ('qrs: 1')"), std::string::npos);
}

}  // namespace

namespace {

TEST(Diagnostics, DiceNameTablesThatFitAndAllErrorsAreReported) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: mods
    kind: modifiers
    title: Mods
    items: [ { id: a, value: +1, text: A } ]
  - id: roll
    kind: bands
    title: Roll
    key: { name: Die result, type: integer, dice: { roll: d1O, modifiers: [mdos] } }
    rows:
      - { id: hit, title: Hit, band: 4 or more }
      - { id: miss, title: Miss, band: 3 or less }
  - id: leader
    kind: bands
    title: Leader
    key: { name: Die result, type: integer, min: 1, max: 6, dice: { roll: d10 } }
    rows:
      - { id: hit, title: Hit, band: 1 - 6 }
  - id: extra
    kind: list
    title: Extra
    sections:
      - id: ammo
        trigger: { table: mods, base: "10" }
        items: [ Low on ammo ]
      - id: over
        trigger: { table: leader, base: "11" }
        items: [ Never ]
      - id: fallen
        trigger: { table: leader, base: "6", check: ledaer }
        items: [ Check ]
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(
      r.text.find(r.file +
                  ":12:59: error: roll of table 'roll' (kind bands) must be dice such as 'd10' or '2d6', not 'd1O'"),
      std::string::npos)
      << r.text;
  EXPECT_NE(
      r.text.find(r.file +
                  ":12:75: error: dice of table 'roll' names unknown modifier table 'mdos'; did you mean 'mods'?"),
      std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("an unmodified d10 reads results 1 to 10; set key min: 1 and max: 10"), std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("trigger of section 'ammo' names 'mods', which is not a rolled band table"), std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("trigger of section 'over': no base roll of leader falls in '11'"), std::string::npos)
      << r.text;
  // A triggered check is made on a rolled table, named as a table is.
  EXPECT_NE(
      r.text.find(r.file + ":33:53: error: trigger of section 'fallen': the check 'ledaer' is not a rolled band table "
                           "(one with key.dice); did you mean 'leader'?"),
      std::string::npos)
      << r.text;
  EXPECT_EQ(r.errors, 5 + 1) << r.text;
}

// A row that rolls again (`again`, a Desperate Struggle) is a row of a rolled table, and names
// modifiers of the lists its dice add, each once: every such error at its key, with a suggestion.
TEST(Diagnostics, RollAgainNamesModifiersOfTheRoll) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: mods
    kind: modifiers
    title: Mods
    items: [ { id: cold_steel, value: +1, text: Cold steel }, { id: veteran, value: +1, text: Veteran } ]
  - id: others
    kind: modifiers
    title: Others
    items: [ { id: veteran, value: +1, text: Veteran } ]
  - id: charge
    kind: bands
    title: Charge
    key: { name: Die result, type: integer, min: 1, max: 13, dice: { roll: d10, modifiers: [mods, others] } }
    rows:
      - { id: win, title: Win, band: 6 or more }
      - { id: again, title: Again, band: "5", again: [cold_stel] }
      - { id: lose, title: Lose, band: 4 or less, again: [veteran] }
  - id: plain
    kind: bands
    title: Plain
    key: { name: Amount, type: integer }
    rows:
      - { id: all, title: All, band: 1 or more, again: [] }
      - { id: none, title: None, band: 0 or less }
  - id: twice
    kind: bands
    title: Twice
    key: { name: Die result, type: integer, min: 1, max: 12, dice: { roll: d10, modifiers: [mods] } }
    rows:
      - { id: all, title: All, band: 1 - 12, again: [cold_steel, cold_steel] }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(r.text.find(r.file + ":19:54: error: row 'again' of table 'charge': 'cold_stel' in 'again' is no "
                                 "modifier of the lists the table's dice add; did you mean 'cold_steel'?"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find(r.file + ":20:58: error: row 'lose' of table 'charge': 'veteran' in 'again' is an item of "
                                 "both 'mods' and 'others'; give the items different ids"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find(r.file + ":26:56: error: row 'all' of table 'plain': 'again' rolls the table again, but the "
                                 "table is not rolled by a die result (it needs key.dice with a roll)"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("row 'all' of table 'twice': 'cold_steel' is named twice in 'again'"), std::string::npos)
      << r.text;
  EXPECT_EQ(r.errors, 4) << r.text;
}

// A header holds a modifier's value in 16 bits (qrs::Modifier): a larger one is refused where it
// is written, not narrowed in the header (nor an error of the C++ compiler's).
TEST(Diagnostics, ModifierValuesFitTheHeader) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: mods
    kind: modifiers
    title: Mods
    items:
      - { id: huge, value: 40000, text: Huge }
      - { id: fits, value: -32767, text: Fits }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(
      r.text.find(
          r.file +
          ":9:28: error: 'value' of modifier of table 'mods' (kind modifiers) must be from -32767 to 32767, not 40000"),
      std::string::npos)
      << r.text;
  EXPECT_EQ(r.errors, 1) << r.text;
}

// Pool odds are for symbol dice: `pool_odds` on dice that are summed is refused at the key (the
// JSON Schema cannot say it: a variant may add pool_odds to a parent's pool).
TEST(Diagnostics, PoolOddsOnlyForSymbolDice) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: hits
    kind: bands
    title: Hits
    key: { name: Die, min: 2, max: 12, dice: { roll: 2d6, pool_odds: 6 } }
    rows:
      - { id: hit, title: Hit, band: "8 or more" }
      - { id: miss, title: Miss, band: "7 or less" }
)");
  EXPECT_FALSE(r.compiled);
  EXPECT_NE(
      r.text.find(
          r.file +
          ":8:70: error: table 'hits' (kind bands): 'pool_odds' is for symbol dice, read die by die (with 'pool')"),
      std::string::npos)
      << r.text;
  EXPECT_EQ(r.errors, 1) << r.text;
}

// Success dice (key.dice.target): the keys that belong with a target, the faces thrown again or
// exploding, a chain's first roll and every count the dice can give, each at its key, all at
// once (the JSON Schema cannot say most of these: they compare faces and other tables).
TEST(Diagnostics, SuccessDiceChecks) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: plain
    kind: bands
    title: Plain
    key: { name: Die, min: 1, max: 6, dice: { roll: d6 } }
    rows:
      - { id: any, title: Any, band: 1 - 6 }
  - id: faces
    kind: bands
    title: Faces
    key: { name: Hits, min: 0, dice: { roll: d6, target: 4, reroll: "6", explode: "6", count: failures } }
    rows:
      - { id: any, title: Any, band: 0 or more }
  - id: hits
    kind: bands
    title: Hits
    key: { name: Hits, min: 0, dice: { roll: 3d6, target: 4 } }
    rows:
      - { id: none, title: None, band: "0" }
      - { id: some, title: Some, band: 1 - 2 }
      - { id: all, title: All, band: 3 or more }
  - id: saves
    kind: bands
    title: Saves
    key: { name: Unsaved, min: 1, dice: { roll: d6, target: 4, per_success_of: plain } }
    rows:
      - { id: any, title: Any, band: 1 or more }
  - id: again
    kind: bands
    title: Again
    key: { name: Unsaved, min: 0, dice: { roll: 2d6, target: 4, per_success_of: hits } }
    rows:
      - { id: any, title: Any, band: 0 or more }
  - id: lone
    kind: bands
    title: Lone
    key: { name: Die, min: 1, max: 6, dice: { roll: d6, explode: "6" } }
    rows:
      - { id: any, title: Any, band: 1 - 6 }
)");
  EXPECT_FALSE(r.compiled);
  for (const std::string expected : {
           ":14:83: error: table 'faces' (kind bands): exploding faces succeed, so they cannot be counted as failures "
           "(count: failures)",
           ":14:83: error: table 'faces' (kind bands): face 6 is both thrown again (reroll) and exploding",
           ":28:80: error: dice of table 'saves': per_success_of names 'plain', which is not a table of success dice "
           "(a rolled table "
           "with 'target'); did you mean 'again'?",
           ":34:49: error: table 'again' (kind bands): a chain throws one die per success of 'hits'; roll: d6, not 2d6",
           ":40:66: error: table 'lone' (kind bands): 'explode' is for success dice (with 'target')",
       }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
  EXPECT_EQ(r.errors, 5) << r.text;
  // A count no row reads, and a chain to a chain.
  const Result gaps = compile(std::string(kHeader) + R"(tables:
  - id: hits
    kind: bands
    title: Hits
    key: { name: Hits, min: 1, dice: { roll: 3d6, target: 4 } }
    rows:
      - { id: some, title: Some, band: 1 or more }
  - id: saves
    kind: bands
    title: Saves
    key: { name: Unsaved, min: 0, dice: { roll: d6, target: 4, per_success_of: hits, count: failures } }
    rows:
      - { id: any, title: Any, band: 0 or more }
  - id: wounds
    kind: bands
    title: Wounds
    key: { name: Wounds, min: 0, dice: { roll: d6, target: 4, per_success_of: saves } }
    rows:
      - { id: any, title: Any, band: 0 or more }
)");
  EXPECT_NE(
      gaps.text.find(gaps.file +
                     ":8:38: error: dice of table 'hits': a count of 0 successes is read by no row; give it a band"),
      std::string::npos)
      << gaps.text;
  EXPECT_NE(gaps.text.find(gaps.file +
                           ":20:79: error: dice of table 'wounds': 'saves' is itself thrown per success of 'hits'; a "
                           "chain is two rolls at most"),
            std::string::npos)
      << gaps.text;
  EXPECT_EQ(gaps.errors, 2) << gaps.text;
}

// A roll against a unit's value: its rows write one band (the roll less the value) and the
// table takes no columns; the values are a range within the limit; a gap in the bands is
// reported once, not in each value's column; keys for other kinds of roll are errors.
// Matchups: each fault at its key, all in one run: a type that is no column (with a
// suggestion), a row that is none, an id that is a type's, a missing side, a pair of types two
// matchups name, a gap in a matchup's column, and matchups on a roll whose column is chosen.
TEST(Diagnostics, MatchupChecks) {
  const Result r = compile(std::string(kHeader) + R"(vocabularies:
  - { id: kind, title: Kind, terms: [ { id: foot, name: Foot }, { id: horse, name: Horse } ] }
tables:
  - id: by_type
    kind: bands
    title: By type
    key: { name: Margin, min: 0, columns_title: Loser, dice: { attacker: { roll: d6 }, defender: { roll: d6 }, result: margin, column: loser } }
    columns: kind
    rows:
      - { id: beaten, title: Beaten, bands: { foot: 1 or more, horse: 1 or more } }
      - { id: held, title: Held, bands: { foot: "0", horse: "0" } }
    matchups:
      - { id: foot_by_horse, loser: foot, winner: hrse, bands: { beaten: 1 or more, held: "0" } }
      - { id: again, loser: foot, winner: [horse, foot], bands: { beatn: 2 or more, held: 0 - 1 } }
      - { id: again, loser: horse, winner: foot, bands: { held: "0" } }
      - { id: horse, loser: [], winner: foot, bands: { held: 0 or more } }
      - { id: gap, loser: horse, winner: horse, bands: { beaten: 2 or more, held: "0" } }
      - { id: clash, loser: foot, winner: foot, bands: { beaten: 1 or more, held: "0" } }
      - { id: empty, loser: horse, winner: foot, bands: {} }
  - id: chosen
    kind: bands
    title: Chosen
    key: { name: Difference, dice: { attacker: { roll: d6 }, defender: { roll: d6 } } }
    columns: kind
    rows:
      - { id: any, title: Any, bands: { foot: 0 or more, horse: 0 or more } }
      - { id: less, title: Less, bands: { foot: -1 or less, horse: -1 or less } }
    matchups:
      - { id: m, loser: foot, winner: horse, bands: { any: 0 or more } }
)");
  EXPECT_FALSE(r.compiled);
  for (const std::string expected : {
           ":16:51: error: matchup 'foot_by_horse' of table 'by_type' (kind bands): 'hrse' is not a type of the "
           "table's "
           "columns; did you mean 'horse'?",
           ":17:67: error: matchup 'again' of table 'by_type' (kind bands) names unknown row 'beatn'; did you mean "
           "'beaten'?",
           ":19:15: error: matchup 'horse' of table 'by_type' (kind bands): its id names its column, and 'horse' is a "
           "type's "
           "column already",
           ":19:29: error: matchup 'horse' of table 'by_type' (kind bands): 'loser' names no type (the loser's type or "
           "types)",
           ":18:9: error: duplicate matchup id 'again'",
           ":20:66: error: table 'by_type' in column 'gap': no band covers 1 (between rows 'held' and 'beaten')",
           ":21:9: error: matchup 'clash' of table 'by_type' (kind bands): loser foot against winner foot is already "
           "read in "
           "matchup 'again'",
           // A matchup that reads no row says so once, at its bands (not "no bands in column").
           ":22:57: error: matchup 'empty' of table 'by_type' (kind bands) gives no row a band",
           ":32:7: error: table 'chosen' (kind bands): matchups are read by both sides' types, so they need an opposed "
           "roll "
           "read in the loser's or the winner's column (key.dice.column: loser or winner) and columns: the types",
       }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
  EXPECT_EQ(r.text.find("has no bands in column 'empty'"), std::string::npos) << r.text;
}

TEST(Diagnostics, TypeModifierChecks) {
  const Result r = compile(std::string(kHeader) + R"(vocabularies:
  - { id: kind, title: Kind, terms: [ { id: foot, name: Foot }, { id: horse, name: Horse }, { id: guns, name: Guns } ] }
tables:
  - id: factors
    kind: matrix
    title: Factors
    cell: integer
    columns:
      - { id: vs_foot, against: [foot, hrse] }
      - { id: vs_all, against: [foot, horse] }
      - { id: cannon }
    rows:
      - { id: foot, cells: { vs_foot: "1", vs_all: "2" } }
      - { id: hors, cells: { vs_foot: "1", vs_all: "2" } }
  - id: holes
    kind: matrix
    title: Holes
    cell: integer
    columns: kind
    rows:
      - { id: foot, cells: { foot: "1", horse: "?", guns: "0" } }
      - { id: horse, cells: { foot: "1", guns: "0" } }
      - { id: guns, cells: { foot: "1", horse: "1", guns: "0" } }
  - id: words
    kind: matrix
    title: Words
    cell: text
    columns: kind
    rows:
      - { id: foot, cells: { foot: "a" } }
  - id: unread
    kind: matrix
    title: Unread
    cell: integer
    columns:
      - { id: c, against: [foot] }
    rows:
      - { id: foot, cells: { c: "1" } }
  - id: by_type
    kind: bands
    title: By type
    key: { name: Margin, min: 0, outside: clamp, columns_title: Loser, dice: { attacker: { roll: d6, type_modifiers: factors }, defender: { roll: d6, type_modifiers: holes }, result: margin, column: loser } }
    columns: kind
    rows:
      - { id: beaten, title: Beaten, bands: { foot: 1 or more, horse: 1 or more, guns: 1 or more } }
      - { id: held, title: Held, bands: { foot: "0", horse: "0", guns: "0" } }
  - id: misnamed
    kind: bands
    title: Misnamed
    key: { name: Margin, min: 0, outside: clamp, dice: { attacker: { roll: d6, type_modifiers: factrs }, defender: { roll: d6, type_modifiers: words }, result: margin, column: loser } }
    columns: kind
    rows:
      - { id: beaten, title: Beaten, bands: { foot: 1 or more, horse: 1 or more, guns: 1 or more } }
      - { id: held, title: Held, bands: { foot: "0", horse: "0", guns: "0" } }
  - id: chosen
    kind: bands
    title: Chosen
    key: { name: Difference, dice: { attacker: { roll: d6, type_modifiers: holes }, defender: { roll: d6 } } }
    columns:
      - { id: a, against: [foot] }
    rows:
      - { id: any, title: Any, band: 0 or more }
      - { id: less, title: Less, band: -1 or less }
)");
  EXPECT_FALSE(r.compiled);
  for (const std::string expected : {
           ":63:27: error: column 'a' of table 'chosen' (kind bands): 'against' is for a matrix of type modifiers (the "
           "types its column is read against), not a band table",
           ":17:9: error: row 'hors' of matrix 'factors' (the attacker's type modifiers of table 'by_type') is no type "
           "of "
           "the table's columns; each row is a type's modifiers; did you mean 'horse'?",
           ":45:118: error: type_modifiers of the attacker of table 'by_type': matrix 'factors' has no row for type "
           "'guns' "
           "(Guns); every type the side can be needs one",
           ":12:33: error: column 'vs_foot' of matrix 'factors' (the attacker's type modifiers of table 'by_type'): "
           "'hrse' "
           "is no type of the table's columns; did you mean 'horse'?",
           ":13:32: error: column 'vs_all' of matrix 'factors' (the attacker's type modifiers of table 'by_type'): "
           "type "
           "'foot' is read against in column 'vs_foot' already",
           ":14:9: error: column 'cannon' of matrix 'factors' (the attacker's type modifiers of table 'by_type'): "
           "'cannon' "
           "is no type of the table's columns; name the types the column is read against with 'against'",
           ":45:118: error: type_modifiers of the attacker of table 'by_type': no column of matrix 'factors' is read "
           "against type 'guns' (Guns); name it in a column's 'against'",
           // Every cell that cannot be rolled, unknown or blank, each at its place.
           ":24:48: error: matrix 'holes' (the defender's type modifiers of table 'by_type'): the modifier of type "
           "'foot' "
           "against 'horse' (column 'horse') is '?' (not given in the source); a roll needs every type's modifier "
           "against "
           "every type",
           ":25:9: error: matrix 'holes' (the defender's type modifiers of table 'by_type'): the modifier of type "
           "'horse' "
           "against 'horse' (column 'horse') is blank",
           ":53:96: error: type_modifiers of the attacker of table 'misnamed': no table 'factrs'; type modifiers are "
           "read "
           "from a matrix of whole numbers (kind: matrix, cell: integer); did you mean 'factors'?",
           ":53:144: error: type_modifiers of the defender of table 'misnamed': 'words' is not a matrix of whole "
           "numbers",
           ":61:76: error: type_modifiers of the attacker of table 'chosen': a type modifier is read by both sides' "
           "types, "
           "so it needs an opposed roll read in the loser's or the winner's column",
           ":39:27: error: column 'c' of matrix 'unread': 'against' names the types a column of type modifiers is read "
           "against, and no side of an opposed roll reads 'unread' as its type_modifiers",
       }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
}

// Modifiers for some types only: each fault at its key, all in one run: both keys, an empty
// list, a type that is no term (with a suggestion), types of two vocabularies, and each kind of
// roll that cannot read the list (a single roll, a chosen column, other types).
TEST(Diagnostics, TypeConditionChecks) {
  const Result r = compile(std::string(kHeader) + R"(vocabularies:
  - { id: kind, title: Kind, terms: [ { id: foot, name: Foot }, { id: horse, name: Horse } ] }
  - { id: ground, title: Ground, terms: [ { id: open, name: Open }, { id: rough, name: Rough } ] }
tables:
  - id: factors
    kind: modifiers
    title: Factors
    items:
      - { id: rough_going, value: -2, text: Rough going, except: [foot] }
      - { id: both, value: +1, text: Both, only: [horse], except: [foot] }
  - id: typos
    kind: modifiers
    title: Typos
    items:
      - { id: typo, value: +1, text: Typo, only: [hrse] }
      - { id: none, value: +1, text: None, only: [] }
  - id: mixed
    kind: modifiers
    title: Mixed
    items:
      - { id: a, value: +1, text: A, only: [foot] }
      - { id: b, value: +1, text: B, only: [rough] }
  - id: by_type
    kind: bands
    title: By type
    key: { name: Margin, min: 0, columns_title: Loser, dice: { attacker: { roll: d6, modifiers: [factors] }, defender: { roll: d6 }, result: margin, column: loser } }
    columns: kind
    rows:
      - { id: beaten, title: Beaten, bands: { foot: 1 or more, horse: 1 or more } }
      - { id: held, title: Held, bands: { foot: "0", horse: "0" } }
  - id: other_types
    kind: bands
    title: Other types
    key: { name: Margin, min: 0, columns_title: Loser, dice: { attacker: { roll: d6 }, defender: { roll: d6, modifiers: [factors] }, result: margin, column: loser } }
    columns: ground
    rows:
      - { id: beaten, title: Beaten, bands: { open: 1 or more, rough: 1 or more } }
      - { id: held, title: Held, bands: { open: "0", rough: "0" } }
  - id: chosen
    kind: bands
    title: Chosen
    key: { name: Difference, dice: { attacker: { roll: d6, modifiers: [factors] }, defender: { roll: d6 } } }
    columns: kind
    rows:
      - { id: any, title: Any, bands: { foot: 0 or more, horse: 0 or more } }
      - { id: less, title: Less, bands: { foot: -1 or less, horse: -1 or less } }
  - id: single
    kind: bands
    title: Single
    key: { name: Roll, dice: { roll: d6, modifiers: [factors] } }
    rows:
      - { id: low, title: Low, band: 3 or less }
      - { id: high, title: High, band: 4 or more }
)");
  EXPECT_FALSE(r.compiled);
  for (const std::string expected : {
           ":13:59: error: modifier 'both' of table 'factors' (kind modifiers) has both 'only' and 'except': "
           "at most one of 'only' or 'except'",
           ":19:50: error: modifier 'none': 'only' names no type",
           ":18:50: error: modifier 'typo' of modifier list 'typos': 'hrse' is no term of a vocabulary; the types a "
           "modifier applies to are the terms of the vocabulary of the sides' types; did you mean 'horse'?",
           ":24:44: error: modifier list 'mixed': the types its modifiers apply to are terms of no one vocabulary",
           ":37:121: error: the defender of table 'other_types' reads modifier list 'factors', whose modifiers apply "
           "to "
           "terms of vocabulary 'kind', and the sides' types of 'other_types' are not those terms; its columns are the "
           "types: columns: kind",
           ":45:71: error: the attacker of table 'chosen' reads modifier list 'factors', whose modifier 'rough_going' "
           "applies to some types only, and the roll has no side's type",
           ":53:53: error: table 'single' reads modifier list 'factors', whose modifier 'rough_going' applies to some "
           "types only, and the roll has no side's type",
       }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
  // The table that reads the list by its own types is not faulted.
  EXPECT_EQ(r.text.find("table 'by_type' reads"), std::string::npos) << r.text;
}

// Modifiers the units decide (`shares`, `traits`): every fault of a share, each at the value
// that is wrong (an entry of `from` at its own place), all in one run.
TEST(Diagnostics, ShareChecks) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: points
    kind: matrix
    title: Points
    cell: fraction
    columns: [{ id: near, name: Near, range: 4in }]
    rows:
      - { id: bow, name: Bow, cells: [1] }
  - id: mods
    kind: modifiers
    title: Modifiers
    traits:
      - { id: veteran, text: Veteran }
      - { id: veteran, text: Again }
    items:
      - id: a
        value: +1
        text: A
        shares:
          - { at_least: 0, from: veteran }
          - { at_least: 3/2, from: [veteren, "veteran + ", "points/bow + points/bow"] }
          - { at_least: 1/2, from: [pionts/bow, points/sword] }
      - { id: h, factor: 1/2, text: Half, shares: [{ at_least: 1/2, from: veteran }] }
      - { id: n, value: -1, text: N, shares: [{ at_least: 1/2, from: [] }] }
)");
  EXPECT_FALSE(r.compiled);
  for (const std::string expected : {
           ":17:9: error: duplicate trait id 'veteran'",
           ":23:25: error: modifier 'a': a share's 'at_least' is a part of the total, greater than 0 and at most 1, "
           "not 0",
           ":24:25: error: modifier 'a': a share's 'at_least' is a part of the total, greater than 0 and at most 1, "
           "not 1 1/2",
           ":24:37: error: modifier 'a': 'veteren' is not a trait of the list; did you mean 'veteran'?",
           ":24:46: error: modifier 'a': 'veteran + ' names an empty term",
           ":24:60: error: modifier 'a': 'points/bow + points/bow' names two matrix rows; a unit reads one",
           ":25:37: error: modifier 'a': 'pionts/...' names a row of a matrix, and 'pionts' is not a matrix of the "
           "spec; did you mean 'points'?",
           ":25:49: error: modifier 'a': matrix 'points' has no row 'sword'",
           ":26:51: error: modifier 'h': 'shares' decide a die-roll modifier from a procedure's total; a factor "
           "('factor') is a unit's own",
           ":27:70: error: modifier 'n': a share's 'from' names no unit",
       }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
  EXPECT_EQ(r.errors, 10) << r.text;
}

// The limits of traits and shares (docs/spec-format.md, "Limits"): a unit's traits are the bits
// of a 32-bit mask, a page is told of 16 modifiers a list's shares decide, and a modifier has at
// most 8 shares of at most 16 kinds of unit each; past each, an error at its list.
TEST(Diagnostics, ShareLimits) {
  std::string yaml =
      std::string(kHeader) + "tables:\n  - id: mods\n    kind: modifiers\n    title: Mods\n    traits:\n";
  for (int i = 0; i < 33; ++i) yaml += "      - { id: t" + std::to_string(i) + ", text: T }\n";
  yaml += "    items:\n      - { id: a, value: +1, text: A, shares: [";
  for (int i = 0; i < 9; ++i) yaml += std::string(i ? ", " : "") + "{ at_least: 1/2, from: t0 }";
  yaml += "] }\n      - { id: b, value: +1, text: B, shares: [{ at_least: 1/2, from: [";
  for (int i = 0; i < 17; ++i) yaml += std::string(i ? ", " : "") + "t" + std::to_string(i);
  yaml += "] }] }\n";
  for (int i = 0; i < 15; ++i)
    yaml += "      - { id: m" + std::to_string(i) + ", value: +1, text: M, shares: [{ at_least: 1/2, from: t1 }] }\n";
  const Result r = compile(yaml);
  EXPECT_FALSE(r.compiled);
  for (const std::string expected : {
           ":9:7: error: table 'mods' (kind modifiers): traits has 33; the limit is 32",
           ":43:46: error: modifier 'a': shares has 9; the limit is 8",
           ":44:70: error: modifier 'b': a share's units has 17; the limit is 16",
           ":43:7: error: table 'mods' (kind modifiers): modifiers with shares has 17; the limit is 16",
       }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
}

// A modifier counted per occurrence (`at_most`): a factor, a member of a group, and counts past
// the format's bounds are errors, each at its key, all in one run.
TEST(Diagnostics, PerOccurrenceChecks) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: factors
    kind: modifiers
    title: Factors
    items:
      - { id: overlap, value: -1, text: Overlap, at_most: 2 }
      - { id: half, factor: 1/2, text: Half, at_most: 2 }
      - { id: many, value: -1, text: Many, at_most: 100 }
      - { id: once, value: -1, text: Once, at_most: 1 }
      - { id: small, value: -1, text: Small }
    groups:
      - { id: g, members: [small, overlap] }
)");
  EXPECT_FALSE(r.compiled);
  for (
      const std::string expected : {
          ":10:55: error: modifier 'half': 'at_most' counts a die-roll modifier per occurrence; a factor ('factor') is "
          "not counted so",
          ":11:53: error: 'at_most' of modifier of table 'factors' (kind modifiers) must be from 2 to 99, not 100",
          ":12:53: error: 'at_most' of modifier of table 'factors' (kind modifiers) must be from 2 to 99, not 1",
          ":15:27: error: modifier 'overlap' counts per occurrence ('at_most'), and a group's members count once (only "
          "the largest of them): it cannot be a member of group 'g'",
      }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
}

TEST(Diagnostics, AgainstValueChecks) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: mods
    kind: modifiers
    title: Mods
    items:
      - { id: a, value: +1, text: A }
  - id: shaped
    kind: bands
    title: Shaped
    key: { name: Total, dice: { roll: 2d6, modifiers: [mods], against: { name: Morale, values: 4 - 10 } } }
    columns: [ { id: x, name: X } ]
    rows:
      - { id: pass, title: Pass, bands: { x: 0 or less } }
      - { id: fail, title: Fail, band: 1 or more }
  - id: gap
    kind: bands
    title: Gap
    key: { name: Total, dice: { roll: 2d6, modifiers: [mods], against: { name: Morale, values: 4 - 10 } } }
    rows:
      - { id: pass, title: Pass, band: 0 or less }
      - { id: fail, title: Fail, band: 2 or more }
  - id: values
    kind: bands
    title: Values
    key: { name: Total, dice: { roll: 2d6, modifiers: [mods], against: { name: Morale, values: 1 - 100 } } }
    rows:
      - { id: pass, title: Pass, band: 0 or less }
      - { id: fail, title: Fail, band: 1 or more }
  - id: open
    kind: bands
    title: Open
    key: { name: Total, dice: { roll: 2d6, modifiers: [mods], against: { name: Morale, values: 7 or more } } }
    rows:
      - { id: pass, title: Pass, band: 0 or less }
      - { id: fail, title: Fail, band: 1 or more }
  - id: success
    kind: bands
    title: Success
    key: { name: Hits, min: 0, dice: { roll: 2d6, target: 4, against: { name: Morale, values: 4 - 10 } } }
    rows:
      - { id: any, title: Any, band: 0 or more }
  - id: huge
    kind: bands
    title: Huge
    key: { name: Total, dice: { roll: 2d6, modifiers: [mods], against: { name: Morale, values: 999999990 - 1000000000 } } }
    rows:
      - { id: pass, title: Pass, band: 999999999 or less }
      - { id: fail, title: Fail, band: 1000000000 or more }
)");
  EXPECT_FALSE(r.compiled);
  for (const std::string expected : {
           ":14:14: error: table 'shaped' (kind bands): a roll against Morale has a column for each of its values (4 "
           "to "
           "10); remove 'columns'",
           ":16:41: error: row 'pass' of table 'shaped' (kind bands): a roll against Morale has a column for each "
           "value; "
           "write 'band:', the roll less the Morale ('0 or less': at or under it)",
           ":24:40: error: table 'gap' (the total less the Morale): no band covers 1 (between rows 'pass' and 'fail')",
           ":28:96: error: table 'values' (kind bands): against: 100 values, past the limit of 64 (a column each)",
           ":35:96: error: table 'open' (kind bands): against: values must be a range of whole numbers such as '2 - "
           "12', "
           "not '7 or more'",
           ":42:59: error: table 'success' (kind bands): a roll against Morale ('against') cannot have 'target'",
           // A unit's value is bounded, so that a band shifted by it stays a C++ int.
           ":48:96: error: table 'huge' (kind bands): against: values run from -1000 to 1000, not '999999990 - "
           "1000000000'",
       }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
  EXPECT_EQ(r.errors, 7) << r.text;
  // A label stands for the band as written, shifted into every column: no error.
  const Result labelled = compile(std::string(kHeader) + R"(tables:
  - id: mods
    kind: modifiers
    title: Mods
    items:
      - { id: a, value: +1, text: A }
  - id: test
    kind: bands
    title: Test
    key: { name: Total, dice: { roll: 2d6, modifiers: [mods], against: { name: Morale, values: 4 - 10 } } }
    rows:
      - { id: pass, title: Pass, band: 0 or less, label: Morale or less }
      - { id: fail, title: Fail, band: 1 or more, label: Over Morale }
)");
  EXPECT_TRUE(labelled.compiled) << labelled.text;
}

// Dice read as digits (d66): a gap that holds a number they write is one, the numbers they do
// not write are none; a key only summed dice take is an error at that key; a range other than
// the dice's, and a d66 on one side of an opposed roll, are refused.
TEST(Diagnostics, DigitRollChecks) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: mods
    kind: modifiers
    title: Mods
    items:
      - { id: a, value: +1, text: A }
  - id: gap
    kind: bands
    title: Gap
    key: { name: Event, min: 11, max: 66, dice: { roll: d66 } }
    rows:
      - { id: a, title: A, band: 11 - 15 }
      - { id: b, title: B, band: 21 - 36 }
      - { id: c, title: C, band: 41 - 66 }
  - id: modded
    kind: bands
    title: Modded
    key: { name: Event, min: 11, max: 66, dice: { roll: d66, modifiers: [mods], difference: false, target: 4 } }
    rows:
      - { id: a, title: A, band: 11 - 66 }
  - id: range
    kind: bands
    title: Range
    key: { name: Event, min: 1, max: 66, dice: { roll: d66 } }
    rows:
      - { id: a, title: A, band: 1 - 66 }
  - id: opposed
    kind: bands
    title: Opposed
    key: { name: Margin, min: 0, dice: { attacker: { roll: d66 }, defender: { roll: d6 }, result: margin } }
    rows:
      - { id: a, title: A, band: 0 or more }
)");
  EXPECT_FALSE(r.compiled);
  for (const std::string expected : {
           ":16:34: error: table 'gap': no band covers 16 (between rows 'a' and 'b')",
           ":21:73: error: table 'modded' (kind bands): 'd66' is read as digits (the first die the tens, the second "
           "the "
           "units) and takes no modifiers; remove 'modifiers'",
           ":21:108: error: table 'modded' (kind bands): 'd66' is read as digits (the first die the tens, the second "
           "the "
           "units) and is not success dice; remove 'target'",
           ":27:48: error: dice of table 'range': an unmodified d66 (two d6 read as tens and units) reads results 11 "
           "to 66; "
           "set key min: 11 and max: 66",
           ":33:60: error: roll of the attacker of table 'opposed' (kind bands): 'd66' is read as digits (tens and "
           "units), "
           "and an opposed roll adds each side's dice; write '2d6' for two summed dice",
       }) {
    EXPECT_NE(r.text.find(r.file + expected), std::string::npos) << expected << "\n" << r.text;
  }
  // No complaint between b (to 36) and c (from 41): 37 to 40 are no d66 result.
  EXPECT_EQ(r.errors, 5) << r.text;
}

// A success table has no base roll: a trigger on it is refused at the trigger.
TEST(Diagnostics, NoTriggerOnSuccessDice) {
  const Result r = compile(std::string(kHeader) + R"(tables:
  - id: hits
    kind: bands
    title: Hits
    key: { name: Hits, min: 0, dice: { roll: 3d6, target: 4 } }
    rows:
      - { id: any, title: Any, band: 0 or more }
  - id: effects
    kind: list
    title: Effects
    sections:
      - id: jam
        title: Jammed
        trigger: { table: hits, base: "6" }
        items: [ { id: jam, text: The weapon jams. } ]
)");
  EXPECT_NE(
      r.text.find(r.file +
                  ":17:18: error: trigger of section 'jam': 'hits' counts success dice, which have no base roll to "
                  "trigger on"),
      std::string::npos)
      << r.text;
  EXPECT_EQ(r.errors, 1) << r.text;
}

}  // namespace
