// Variants: extends, apply, renames, patches by id, and scale conversion with overrides,
// on small specs written for the test (the real variants have tests of their own).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

#include "qrsc/analysis/lookup.hpp"
#include "qrsc/backends/common/shared_tables.hpp"
#include "qrsc/backends/cpp/emit_cpp.hpp"
#include "qrsc/backends/html/emit_html.hpp"
#include "qrsc/backends/json/emit_json.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "qrsc/frontend/resolve.hpp"
#include "qrsc/frontend/spec_cache.hpp"
#include "qrsc/model/words.hpp"
#include "qrsc/reports/lookup_documents.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;

namespace {

const char* const kBase = R"(qrs: 1
system: t
title: Base sheet
scale: { figures: 15mm }
vocabularies:
  - id: rating
    terms: [ { id: crack, name: Crack }, { id: green, name: Green } ]
tables:
  - id: radius
    kind: facts
    title: Command Radius
    items:
      - { id: clear, value: 8in, text: clear line of sight }
  - id: fire
    kind: bands
    title: Fire
    key: { type: integer }
    columns: rating
    rows:
      - { id: hit, title: Hit, text: "Retreat {2in} from enemy. Green troops flee.", bands: { crack: 5 or more, green: 7 or more } }
      - { id: miss, title: Miss, bands: { crack: 4 or less, green: 6 or less } }
  - id: move
    kind: matrix
    title: Movement
    cell: rate
    columns: [ { id: open }, { id: r4, range: 4in } ]
    rows:
      - { id: line, cells: { open: 12 / 16, r4: "6" } }
)";

struct Family {
  fs::path dir;
  fs::path write(const std::string& name, const std::string& text) const {
    const fs::path p = dir / (name + ".yaml");
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p;
  }
};

Family family() {
  const fs::path base = qrs_test::write_temp_spec("base.yaml", kBase);
  return {base.parent_path()};
}

std::optional<qrsc::Spec> compile(const fs::path& p, std::string* diagnostics = nullptr) {
  qrsc::Diagnostics diags;
  auto s = qrsc::compile_spec(p, diags);
  std::ostringstream out;
  diags.print(out);
  if (diagnostics) *diagnostics = out.str();
  return s;
}

// The spec t/PARENT with the rating's green renamed raw (a variant PARENT-raw of the family's).
std::optional<qrsc::Spec> green_renamed_raw(const Family& f, const std::string& parent, std::string* diagnostics) {
  return compile(f.write(parent + "-raw", "qrs: 1\nextends: t/" + parent + R"(
renames:
  - { vocabulary: rating, term: green, to: raw, name: Raw }
)"),
                 diagnostics);
}

std::string answer(const qrsc::Spec& s, const std::string& table, const std::string& key,
                   std::optional<std::string> col) {
  const auto a = qrsc::lookup(s, table, key, col);
  return a.ok() ? qrsc::lookup_tsv(*a) : "ERROR " + a.error().message;
}

TEST(Variants, ChildPatchesRowsByIdAndInheritsTheRest) {
  const Family f = family();
  const auto child = f.write("child", R"(qrs: 1
extends: t/base
title: Child sheet
tables:
  - id: fire
    rows:
      - { id: hit, bands: { crack: 6 or more } }
      - { id: miss, bands: { crack: 5 or less } }
  - id: radius
    items:
      - { id: attached, add: true, text: Attached to a contiguous line of march }
)");
  std::string d;
  const auto s = compile(child, &d);
  ASSERT_TRUE(s) << d;
  EXPECT_EQ(s->id, "child");
  EXPECT_EQ(s->title, "Child sheet");
  EXPECT_EQ(answer(*s, "fire", "5", "crack"), "miss\tMiss");
  EXPECT_EQ(answer(*s, "fire", "7", "green"), "hit\tHit");
  ASSERT_EQ(s->lineage.size(), 2u);
  const auto& facts = std::get<qrsc::FactsTable>(s->table("radius")->body);
  ASSERT_EQ(facts.items.size(), 2u);
  EXPECT_EQ(facts.items[1].id, "attached");
}

// A renamed term renames the types a matchup names (its `loser` and `winner` are column ids);
// the keys of a matchup's `bands` are row ids and stay, even one spelt like the term.
TEST(Variants, RenamedTermsFollowIntoMatchups) {
  // 'green' is also a term of the morale: the table whose columns are the morale (rally) keeps
  // its bands and its matchup's types when the rating's green is renamed.
  const fs::path root = qrs_test::write_temp_spec("duel.yaml", R"(qrs: 1
system: t
title: Duel
vocabularies:
  - { id: rating, title: Rating, terms: [ { id: crack, name: Crack }, { id: green, name: Green } ] }
  - { id: morale, title: Morale, terms: [ { id: steady, name: Steady }, { id: green, name: Shaken } ] }
tables:
  - id: rally
    kind: bands
    title: Rally
    key: { name: Margin, min: 0, dice: { attacker: { roll: d6 }, defender: { roll: d6 }, result: margin, column: loser } }
    columns: morale
    rows:
      - { id: routed, title: Routed, bands: { steady: 4 or more, green: 2 or more } }
      - { id: held, title: Held, bands: { steady: 0 - 3, green: 0 - 1 } }
    matchups:
      - { id: caught, loser: green, winner: [steady], bands: { routed: 1 or more, held: "0" } }
  - id: duel
    kind: bands
    title: Duel
    key: { name: Margin, min: 0, dice: { attacker: { roll: d6 }, defender: { roll: d6 }, result: margin, column: loser } }
    columns: rating
    rows:
      - { id: green, title: Routed, bands: { crack: 3 or more, green: 2 or more } }
      - { id: held, title: Held, bands: { crack: 0 - 2, green: 0 - 1 } }
    matchups:
      - { id: caught, loser: green, winner: [crack], bands: { green: 1 or more, held: "0" } }
)");
  std::string d;
  const auto s = green_renamed_raw(Family{root.parent_path()}, "duel", &d);
  ASSERT_TRUE(s) << d;
  const auto& duel = std::get<qrsc::BandTable>(s->table("duel")->body);
  ASSERT_EQ(duel.columns.size(), 3u);
  EXPECT_EQ(duel.columns[1].id, "raw");
  ASSERT_EQ(duel.matchups.size(), 1u);
  EXPECT_EQ(duel.matchups[0].readers, std::vector<std::size_t>{1});
  EXPECT_EQ(duel.matchups[0].others, std::vector<std::size_t>{0});
  // The row spelt like the term keeps its band in the matchup's column: 1 or more.
  EXPECT_EQ(duel.rows[0].bands[2].notation, "1 or more");
  // Raw beaten by crack reads the matchup's column.
  EXPECT_EQ(duel.dice->opposed->runtime().matchup_columns[1 * 2 + 0], 2u);
  const auto& rally = std::get<qrsc::BandTable>(s->table("rally")->body);
  ASSERT_EQ(rally.columns.size(), 3u);
  EXPECT_EQ(rally.columns[1].id, "green");
  EXPECT_EQ(rally.rows[0].bands[1].notation, "2 or more");
  ASSERT_EQ(rally.matchups.size(), 1u);
  EXPECT_EQ(rally.matchups[0].readers, std::vector<std::size_t>{1});  // shaken (green) beaten by steady
  EXPECT_EQ(rally.matchups[0].others, std::vector<std::size_t>{0});
  // The variant's own entries use the new id: the old one is an error that says so.
  const auto old_name = Family{root.parent_path()}.write("duel-old", R"(qrs: 1
extends: t/duel
renames:
  - { vocabulary: rating, term: green, to: raw, name: Raw }
tables:
  - id: duel
    matchups:
      - { id: crack_by_green, add: true, loser: crack, winner: green, bands: { green: 1 or more, held: "0" } }
)");
  EXPECT_FALSE(compile(old_name, &d));
  EXPECT_NE(
      d.find(":8:64: error: matchup 'crack_by_green' of table 'duel' (kind bands): 'green' was renamed 'raw' (a rename "
             "of the spec's lineage); use the new id"),
      std::string::npos)
      << d;
}

TEST(Variants, RenamedTermsFollowIntoTypeModifiers) {
  // A margin read in the loser's column; each side adds a factor by its type against the
  // other's class (the column whose `against` names it) and modifiers for some types only.
  const fs::path root = qrs_test::write_temp_spec("melee.yaml", R"(qrs: 1
system: t
title: Melee
vocabularies:
  - { id: kind, title: Kind, terms: [ { id: foot, name: Foot }, { id: horse, name: Horse } ] }
tables:
  - id: factors
    kind: matrix
    title: Factors
    cell: integer
    columns:
      - { id: vs_foot, name: Against foot, against: [foot] }
      - { id: vs_horse, name: Against horse, against: [horse] }
    rows:
      - { id: foot, cells: { vs_foot: "1", vs_horse: "3" } }
      - { id: horse, cells: { vs_foot: "2", vs_horse: "0" } }
  - id: ground
    kind: modifiers
    title: Ground
    items:
      - { id: rough, value: -1, text: Rough ground, except: [foot] }
      - { id: closed, value: +1, text: Closed ranks, only: [foot] }
  - id: melee
    kind: bands
    title: Melee
    key: { name: Margin, min: 0, max: 9, outside: clamp, dice: { attacker: { roll: d6, modifiers: [ground], type_modifiers: factors }, defender: { roll: d6, modifiers: [ground], type_modifiers: factors }, result: margin, column: loser } }
    columns: kind
    rows:
      - { id: routed, title: Routed, bands: { foot: 3 or more, horse: 2 or more } }
      - { id: held, title: Held, bands: { foot: 0 - 2, horse: 0 - 1 } }
)");
  const auto child = Family{root.parent_path()}.write("melee-pike", R"(qrs: 1
extends: t/melee
renames:
  - { vocabulary: kind, term: foot, to: pike, name: Pike }
)");
  std::string d;
  const auto s = compile(child, &d);
  ASSERT_TRUE(s) << d;
  // The class column follows the rename; the parent's row spelt with the old id is still the
  // type's row.
  const auto& factors = std::get<qrsc::Matrix>(s->table("factors")->body);
  EXPECT_EQ(factors.columns[0].against, std::vector<std::string>{"pike"});
  const qrs::Opposed roll = std::get<qrsc::BandTable>(s->table("melee")->body).dice->opposed->runtime();
  // Pike (0) against horse (1) adds 3; horse against pike adds 2; horse against horse 0.
  EXPECT_EQ(qrs::type_modifier(roll, qrs::Side::attacker, 0, 1), 3);
  EXPECT_EQ(qrs::type_modifier(roll, qrs::Side::defender, 0, 1), 2);
  EXPECT_EQ(qrs::type_modifier(roll, qrs::Side::attacker, 1, 1), 0);
  // 4 pike against 5 horse: 7 against 7, a tie the defender wins: pike held at a margin of 0.
  const qrs::Settled settled = qrs::settle(roll, qrs::Matchup{0, 0, 0, 1, 0}, 4, 5);
  EXPECT_EQ(settled.attacker, 7);
  EXPECT_EQ(settled.defender, 7);
  // The types a modifier is for follow the rename too: rough ground is not for pike, closed
  // ranks for pike only (its term is the first), and the sheet prints the new name.
  const auto& ground = std::get<qrsc::ModifierTable>(s->table("ground")->body);
  EXPECT_EQ(ground.items[0].except, std::vector<std::string>{"pike"});
  EXPECT_EQ(ground.items[1].only, std::vector<std::string>{"pike"});
  EXPECT_EQ(ground.items[0].types_note, "not Pike");
  EXPECT_FALSE(qrs::applies_to(ground.items[0].type_mask, 0));
  EXPECT_TRUE(qrs::applies_to(ground.items[0].type_mask, 1));
  EXPECT_TRUE(qrs::applies_to(ground.items[1].type_mask, 0));
  EXPECT_FALSE(qrs::applies_to(ground.items[1].type_mask, 1));
}

// The types a modifier is for (`only`, `except`) and those a column of type modifiers is read
// against are terms of one vocabulary: a rename of another vocabulary's term of the same id
// leaves them, and a rename of theirs follows into them.
TEST(Variants, RenamedTermsFollowIntoTypesOfTheirVocabularyOnly) {
  const fs::path root = qrs_test::write_temp_spec("rally.yaml", qrs_test::kTwoVocabulariesWithATermOfOneId);
  const Family f{root.parent_path()};
  std::string d;
  const auto s = green_renamed_raw(f, "rally", &d);
  ASSERT_TRUE(s) << d;
  const auto& nerve = std::get<qrsc::ModifierTable>(s->table("nerve")->body);
  EXPECT_EQ(nerve.items[0].except, std::vector<std::string>{"green"});
  EXPECT_EQ(nerve.items[1].only, std::vector<std::string>{"green"});
  EXPECT_EQ(nerve.items[1].types_note, "only Shaken");
  EXPECT_EQ(std::get<qrsc::Matrix>(s->table("factors")->body).columns[1].against, std::vector<std::string>{"green"});
  // The morale's own rename follows into both.
  const auto morale = f.write("rally-wavering", R"(qrs: 1
extends: t/rally
renames:
  - { vocabulary: morale, term: green, to: wavering, name: Wavering }
)");
  const auto w = compile(morale, &d);
  ASSERT_TRUE(w) << d;
  const auto& renamed = std::get<qrsc::ModifierTable>(w->table("nerve")->body);
  EXPECT_EQ(renamed.items[0].except, std::vector<std::string>{"wavering"});
  EXPECT_EQ(renamed.items[1].only, std::vector<std::string>{"wavering"});
  EXPECT_EQ(renamed.items[1].types_note, "only Wavering");
  EXPECT_EQ(std::get<qrsc::Matrix>(w->table("factors")->body).columns[1].against, std::vector<std::string>{"wavering"});
  // Two renames of one variant, one after the other, follow in turn.
  const auto twice = f.write("rally-twice", R"(qrs: 1
extends: t/rally
renames:
  - { vocabulary: morale, term: green, to: wavering, name: Wavering }
  - { vocabulary: morale, term: wavering, to: shaken, name: Shaken }
  - { vocabulary: rating, term: green, to: raw, name: Raw }
)");
  const auto t = compile(twice, &d);
  ASSERT_TRUE(t) << d;
  EXPECT_EQ(std::get<qrsc::ModifierTable>(t->table("nerve")->body).items[1].only, std::vector<std::string>{"shaken"});
  EXPECT_EQ(std::get<qrsc::Matrix>(t->table("factors")->body).columns[1].against, std::vector<std::string>{"shaken"});
}

TEST(Variants, RenamesChangeIdsNamesAndTextAndRememberTheOldName) {
  const Family f = family();
  const auto child = f.write("renamed", R"(qrs: 1
extends: t/base
renames:
  - { vocabulary: rating, term: green, to: raw, name: Raw }
tables:
  - id: fire
    rows:
      - { id: hit, bands: { raw: 8 or more } }
      - { id: miss, bands: { raw: 7 or less } }
)");
  std::string d;
  const auto s = compile(child, &d);
  ASSERT_TRUE(s) << d;
  const auto* v = s->vocabulary("rating");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->terms[1].id, "raw");
  EXPECT_EQ(v->terms[1].name, "Raw");
  EXPECT_EQ(v->terms[1].old_name, "Green");
  EXPECT_EQ(answer(*s, "fire", "7", "raw"), "miss\tMiss");
  const auto& fire = std::get<qrsc::BandTable>(s->table("fire")->body);
  EXPECT_EQ(fire.rows[0].paragraphs[0].render(), "Retreat 2\" from enemy. Raw troops flee.");
  ASSERT_EQ(s->renames.size(), 1u);
  EXPECT_EQ(s->renames[0].from_text, "Green");
}

// A rename changes what the format calls sheet text (kSheetText), by the key's place in the
// description and not by its name: a table's title and a fact's text take the new word; the
// title of a source document, a source note and the author's notes (which quote the documents)
// keep it, though `title` and `note` are sheet text elsewhere.
TEST(Variants, ARenameChangesOnlyWhatTheFormatCallsSheetText) {
  const Family f = family();
  f.write("sourced", R"(qrs: 1
system: t
title: Green sheet
sources:
  - { id: book, title: Green Troops at War, url: "https://example.org/book" }
vocabularies:
  - id: rating
    terms: [ { id: crack, name: Crack }, { id: green, name: Green } ]
tables:
  - id: radius
    kind: facts
    title: Green radius
    notes: Green troops, as the book says.
    source: { doc: book, note: "Green Troops at War, page 2: green troops see less." }
    items:
      - { id: clear, value: 8in, text: Green troops see far }
)");
  std::string d;
  const auto s = green_renamed_raw(f, "sourced", &d);
  ASSERT_TRUE(s) << d;
  EXPECT_EQ(s->title, "Raw sheet");
  const qrsc::Table* radius = s->table("radius");
  ASSERT_NE(radius, nullptr);
  EXPECT_EQ(radius->title, "Raw radius");
  EXPECT_EQ(std::get<qrsc::FactsTable>(radius->body).items[0].text.render(), "Raw troops see far");
  ASSERT_EQ(s->sources.size(), 1u);
  EXPECT_EQ(s->sources[0].title, "Green Troops at War");
  ASSERT_TRUE(radius->source);
  EXPECT_EQ(radius->source->note, "Green Troops at War, page 2: green troops see less.");
  EXPECT_EQ(radius->notes, "Green troops, as the book says.");
}

// Which ids follow a rename is the spec's data (`ids:`), never guessed from the words.
TEST(Variants, IdsFollowARenameOnlyWhereTheSpecListsThem) {
  const Family f = family();
  f.write("mods", R"(qrs: 1
system: t
title: Modifiers
tables:
  - id: mods
    kind: modifiers
    title: Modifiers
    items:
      - { id: green_unit, value: -1, text: Green unit }
      - { id: green_firing, value: -1, text: Green troops firing }
      - { id: trained, value: 0, text: Trained }
    groups:
      - { id: rating, members: [green_unit, trained], note: A unit is green or trained. }
)");
  const auto child = f.write("mods-renamed", R"(qrs: 1
extends: t/mods
renames:
  - { from: Green, to: Raw, ids: [mods/green_unit] }
tables:
  - id: mods
    items:
      - { id: raw_unit, value: -2 }
)");
  std::string d;
  const auto s = compile(child, &d);
  ASSERT_TRUE(s) << d;
  const auto& mods = std::get<qrsc::ModifierTable>(s->table("mods")->body);
  ASSERT_EQ(mods.items.size(), 3u);
  EXPECT_EQ(mods.items[0].id, "raw_unit");
  EXPECT_EQ(mods.items[0].old_ids, std::vector<std::string>{"green_unit"});
  EXPECT_EQ(mods.items[0].value, -2);           // the child patches the entry by its new id
  EXPECT_EQ(mods.items[1].id, "green_firing");  // not listed: the id stays, the text follows
  EXPECT_EQ(mods.items[1].text.render(), "Raw troops firing");
  EXPECT_TRUE(mods.items[1].old_ids.empty());
  EXPECT_EQ(mods.groups[0].members, (std::vector<std::string>{"raw_unit", "trained"}));
  EXPECT_EQ(mods.groups[0].note, "A unit is raw or trained.");
  ASSERT_EQ(s->renames.size(), 1u);
  EXPECT_EQ(s->renames[0].ids, std::vector<std::string>{"mods/green_unit"});

  const auto old_id = f.write("mods-old-id", R"(qrs: 1
extends: t/mods
renames:
  - { from: Green, to: Raw, ids: [mods/green_unit] }
tables:
  - id: mods
    items:
      - { id: green_unit, value: -2 }
)");
  EXPECT_FALSE(compile(old_id, &d));
  EXPECT_NE(d.find("error: 'green_unit' was renamed 'raw_unit'"), std::string::npos) << d;

  const auto bad = f.write("mods-bad-ids", R"(qrs: 1
extends: t/mods
renames:
  - { from: Green, to: Raw, ids: [mods/trained, mods/green_horse, moods/green_unit] }
)");
  EXPECT_FALSE(compile(bad, &d));
  EXPECT_NE(d.find("mods-bad-ids.yaml:4:34: error: rename: id 'trained' does not contain the renamed word 'green'"),
            std::string::npos)
      << d;
  EXPECT_NE(d.find("error: rename: table 'mods' has no row, item or group 'green_horse'"), std::string::npos) << d;
  EXPECT_NE(d.find("error: rename: 'moods/green_unit' names no table/id"), std::string::npos) << d;
}

TEST(Variants, RemoveAddAfterAndApply) {
  const Family f = family();
  f.write("mixin", R"(qrs: 1
abstract: true
title: shared changes
tables:
  - id: radius
    remove: true
)");
  const auto child = f.write("applied", R"(qrs: 1
extends: t/base
apply: [t/mixin]
tables:
  - id: note
    kind: facts
    after: fire
    title: Note
    items: [ { id: a, text: A } ]
)");
  std::string d;
  const auto s = compile(child, &d);
  ASSERT_TRUE(s) << d;
  EXPECT_EQ(s->table("radius"), nullptr);
  ASSERT_EQ(s->tables.size(), 3u);
  EXPECT_EQ(s->tables[1].id, "note");
}

TEST(Variants, CyclesAndUnknownParentsAreDiagnosed) {
  const Family f = family();
  const auto a = f.write("a", "qrs: 1\nextends: t/b\ntitle: A\n");
  f.write("b", "qrs: 1\nextends: t/a\ntitle: B\n");
  std::string d;
  EXPECT_FALSE(compile(a, &d));
  EXPECT_NE(d.find("spec inheritance cycle"), std::string::npos) << d;
  const auto orphan = f.write("orphan", "qrs: 1\nextends: t/nothing\ntitle: O\n");
  EXPECT_FALSE(compile(orphan, &d));
  EXPECT_NE(d.find("cannot find spec 't/nothing'"), std::string::npos) << d;
  const auto typo = f.write("typo", "qrs: 1\nextends: t/base\ntables:\n  - { id: fires, title: X }\n");
  EXPECT_FALSE(compile(typo, &d));
  EXPECT_NE(d.find("the parent has no table 'fires' to patch (a new table needs 'kind'); did you mean 'fire'?"),
            std::string::npos)
      << d;
}

TEST(Variants, ScaleConversionConvertsInheritedDistancesAndRecordsOverrides) {
  const Family f = family();
  const auto big = f.write("big", R"(qrs: 1
extends: t/base
scale:
  figures: 25mm
  convert: { factor: 1.5, rounding: none }
tables:
  - id: move
    rows:
      - id: line
        cells: { open: { value: 16 / 22, override: the 25mm sheet publishes its own rates } }
)");
  std::string d;
  const auto s = compile(big, &d);
  ASSERT_TRUE(s) << d;
  EXPECT_EQ(s->figures, "25mm");
  const auto& facts = std::get<qrsc::FactsTable>(s->table("radius")->body);
  EXPECT_EQ(facts.items[0].value, "12\"");
  const auto& fire = std::get<qrsc::BandTable>(s->table("fire")->body);
  EXPECT_EQ(fire.rows[0].paragraphs[0].render(), "Retreat 3\" from enemy. Green troops flee.");
  EXPECT_EQ(answer(*s, "move", "line", "open"), "line\topen\t16 / 22");
  EXPECT_EQ(answer(*s, "move", "line", "r4"), "line\tr4\t9");
  const auto& move = std::get<qrsc::Matrix>(s->table("move")->body);
  EXPECT_EQ(move.columns[1].name, "6\"");
  int converted = 0, overridden = 0;
  for (const auto& v : s->scaled_values) {
    converted += v.provenance.kind == qrsc::Provenance::Kind::converted;
    if (v.provenance.kind == qrsc::Provenance::Kind::overridden) {
      ++overridden;
      EXPECT_EQ(v.provenance.detail, "the 25mm sheet publishes its own rates");
    }
  }
  EXPECT_EQ(overridden, 1);
  EXPECT_EQ(converted, 4);  // 8in, {2in}, the r4 cell and the r4 range
}

TEST(Variants, OverrideWithoutReasonWarns) {
  const Family f = family();
  const auto big = f.write("bare", R"(qrs: 1
extends: t/base
scale: { figures: 25mm, convert: { factor: 1.5 } }
tables:
  - id: radius
    items:
      - { id: clear, value: 12in }
)");
  std::string d;
  ASSERT_TRUE(compile(big, &d)) << d;
  EXPECT_NE(d.find("warning: this replaces a converted distance without an 'override' reason (8in x 1.5 = 12in)"),
            std::string::npos)
      << d;
}

TEST(Variants, ReplaceWordKeepsCaseAndWholeWords) {
  EXPECT_EQ(qrsc::replace_word("Green unit; green troops; Greenish; GREEN", "Green", "Raw"),
            "Raw unit; raw troops; Greenish; RAW");
  EXPECT_EQ(qrsc::replace_word("Extended line or extended line", "Extended line", "Open order"),
            "Open order or open order");
  EXPECT_EQ(qrsc::replace_word("Field Column or Extended Line", "Extended line", "Open order"),
            "Field Column or Open Order");
}

// A run shares parsed files and resolved parents between its specs, and a variant shares its
// parent's nodes until it changes them (copy-on-write). Whatever order a run takes them in, each
// spec must come out exactly as it does compiled alone: here every way a variant changes its
// parent (patches by id, cells, `after`, `remove`, applied specs adding errata, the same id
// patched twice, renames, scale conversion, a grandchild patching what its parent patched).
TEST(Variants, EachSpecOfARunIsWhatItIsAlone) {
  const Family f = family();
  f.write("mixin", R"(qrs: 1
abstract: true
title: shared changes
errata:
  - { id: e1, doc: mixin.txt, text: From the mixin }
tables:
  - id: note
    kind: facts
    title: Mixin note
    items: [ { id: m, text: M } ]
)");
  const std::vector<fs::path> specs = {
      f.dir / "base.yaml",
      f.write("cells", R"(qrs: 1
extends: t/base
tables:
  - id: fire
    rows:
      - { id: hit, bands: { crack: 6 or more } }
      - { id: miss, bands: { crack: 5 or less } }
  - id: move
    rows:
      - { id: line, cells: { open: 10 / 14 } }
  - id: warned
    kind: facts
    title: A table built with a warning, which the grandchild inherits
    items: [ { id: w, text: 'Move 3" back' } ]
)"),
      f.write("applied", R"(qrs: 1
extends: t/base
apply: [t/mixin]
tables:
  - id: radius
    remove: true
  - id: extra
    kind: facts
    after: fire
    title: Extra
    items: [ { id: a, text: A } ]
  - id: fire
    rows:
      - { id: hit, title: Hit hard }
  - id: fire
    rows:
      - { id: hit, text: "Retreat {3in}." }
)"),
      f.write("renamed", R"(qrs: 1
extends: t/base
scale: { figures: 25mm, convert: { factor: 1.5, rounding: nearest } }
renames:
  - { vocabulary: rating, term: crack, to: elite, name: Elite }
)"),
      f.write("termnames", R"(qrs: 1
extends: t/base
vocabularies:
  - id: rating
    terms: [ { id: crack, name: Veteran } ]
)"),
      f.write("grandchild", R"(qrs: 1
extends: t/cells
tables:
  - id: fire
    rows:
      - { id: hit, bands: { crack: 7 or more, green: 8 or more } }
      - { id: miss, bands: { crack: 6 or less, green: 7 or less } }
  - id: move
    rows:
      - { id: line, cells: { r4: "5" } }
)"),
  };
  // Alone: a cache and emitters of its own for each spec.
  const auto outputs = [](const qrsc::Spec& s) {
    return qrsc::emit_cpp_header(s) + qrsc::emit_html_sheet(s, qrsc::Paper::letter) + qrsc::emit_json_sheet(s);
  };
  std::vector<std::string> alone, alone_diagnostics;
  for (const auto& p : specs) {
    std::string d;
    const auto s = compile(p, &d);
    ASSERT_TRUE(s) << p << "\n" << d;
    alone.push_back(outputs(*s));
    alone_diagnostics.push_back(d);
  }
  // One run as qrsc build makes it: one cache (parses, resolutions and tables built once) and
  // one emitter of each kind (tables rendered once) for every spec. The parent first and again
  // last, each child twice.
  qrsc::SpecCache cache;
  qrsc::CppHeaderEmitter cpp;
  const qrsc::HtmlSheetEmitter html;
  const std::vector<std::size_t> order = {0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 0};
  for (const std::size_t i : order) {
    qrsc::Diagnostics diags;
    const auto s = qrsc::compile_spec(specs[i], diags, {}, &cache);
    ASSERT_TRUE(s) << specs[i];
    std::ostringstream d;
    diags.print(d);
    EXPECT_EQ(d.str(), alone_diagnostics[i]) << specs[i] << " reports other problems when compiled in a run";
    EXPECT_EQ(cpp.header(*s) + html.sheet(*s, qrsc::Paper::letter) + qrsc::emit_json_sheet(*s), alone[i])
        << specs[i] << " differs when compiled in a run";
  }
}

}  // namespace

namespace {

// An edit forgets only the resolutions that read the edited file: a variant's edit keeps its
// parent's resolution (what qrsc lsp reuses across edits), the parent's edit drops it, and the
// variant compiled again then sees the parent's new text.
TEST(Variants, AnEditForgetsOnlyTheResolutionsThatReadTheEditedFile) {
  const Family f = family();
  const fs::path base = f.dir / "base.yaml";
  const fs::path child = f.write("child", "qrs: 1\nextends: t/base\nsubtitle: the parent's title inherited\n");
  const std::string base_key = fs::canonical(base).string();
  qrsc::SpecCache cache;
  const auto title_of_child = [&] {
    qrsc::Diagnostics diags;
    const auto s = qrsc::compile_spec(child, diags, {}, &cache);
    return s ? s->title : "ERROR";
  };
  const std::string title = title_of_child();
  ASSERT_NE(title, "ERROR");
  ASSERT_NE(cache.resolved(base_key), nullptr);  // the parent, kept for the specs that extend it
  cache.changed(child);
  EXPECT_NE(cache.resolved(base_key), nullptr) << "the variant's edit cannot have changed its parent";
  std::string text;
  {
    std::ifstream in(base);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t at = text.find("title: " + title);
  ASSERT_NE(at, std::string::npos) << "the base spec states its title as 'title: " << title << "'";
  text.replace(at, 7 + title.size(), "title: Edited parent");
  std::ofstream(base) << text;
  cache.changed(base);
  EXPECT_EQ(cache.resolved(base_key), nullptr);
  EXPECT_EQ(title_of_child(), "Edited parent");
}

// qrsc build checks C++ names once per table a run's specs share (SharedTableChecks): a table
// found clean is not checked again, a table with a clash is reported for every spec that has it.
TEST(Variants, CppNameClashesInASharedTableAreReportedForEverySpec) {
  const Family f = family();
  const fs::path clash = f.write("clash", R"(qrs: 1
extends: t/base
tables:
  - id: mods
    kind: modifiers
    title: Modifiers
    items:
      - { id: "3", value: +1, text: three }
      - { id: n3, value: -1, text: n three }
)");
  const fs::path child = f.write("clash_child", R"(qrs: 1
extends: t/clash
subtitle: the clashing table inherited unchanged
)");
  qrsc::SpecCache cache;
  qrsc::SharedTableNumbers numbers;
  qrsc::SharedTableChecks shared{&numbers, {}};
  const auto errors = [&](const fs::path& p) {
    qrsc::Diagnostics diags;
    const auto s = qrsc::compile_spec(p, diags, {}, &cache);
    EXPECT_TRUE(s) << p;
    qrsc::Diagnostics names;
    if (s) qrsc::check_cpp_names(*s, names, &shared);
    return names.error_count();
  };
  EXPECT_EQ(errors(f.dir / "base.yaml"), 0);
  const std::size_t base_tables = shared.clean.size();
  EXPECT_EQ(base_tables, 3u);  // radius, fire, move: clean, kept
  EXPECT_EQ(errors(clash), 1);
  EXPECT_EQ(errors(child), 1);                  // the same table, reported again
  EXPECT_EQ(shared.clean.size(), base_tables);  // the clashing table is never taken for clean
}

// What a backend reuses for a table a run's specs share is keyed by the table's number, which
// names one table for as long as it lives: a table built later at a freed table's address is
// another table, and a table no shared_ptr owns is never reused.
TEST(Variants, SharedTableNumbersNameOneTableForItsLifetime) {
  qrsc::SharedTableNumbers numbers;
  // Allocated apart from their shared_ptr's control block (which a number's weak_ptr keeps), so
  // that a freed table's memory can be given to the next.
  const auto table = [] { return std::shared_ptr<const qrsc::Table>(new qrsc::Table); };
  auto first = table();
  const std::uint64_t number = numbers.number(*first);
  EXPECT_NE(number, 0u);
  EXPECT_EQ(numbers.number(*first), number);
  const qrsc::Table* address = first.get();
  first.reset();
  std::vector<std::shared_ptr<const qrsc::Table>> later;
  for (int i = 0; i < 64 && (later.empty() || later.back().get() != address); ++i) {
    later.push_back(table());
  }
  if (later.back().get() != address)
    GTEST_SKIP() << "the allocator did not reuse the freed address (ASan's quarantine)";
  EXPECT_NE(numbers.number(*later.back()), number);
  const qrsc::Table unowned;
  EXPECT_EQ(numbers.number(unowned), 0u);
}

}  // namespace

namespace {
// The house variants in tests/variants, which extend the published ACW sheet from rules/.
std::optional<qrsc::Spec> compile_house(const std::string& name, std::string* diagnostics) {
  qrsc::Diagnostics diags;
  auto s = qrsc::compile_spec(qrs_test::source_dir() / "tests" / "variants" / (name + ".yaml"), diags,
                              {{qrs_test::source_dir() / "rules"}, {}});
  std::ostringstream out;
  diags.print(out);
  *diagnostics = out.str();
  return s;
}
const qrsc::Fact& fact(const qrsc::Spec& s, const std::string& id) {
  const auto& facts = std::get<qrsc::FactsTable>(s.table("game_scale")->body);
  const auto it = std::find_if(facts.items.begin(), facts.items.end(), [&](const qrsc::Fact& f) { return f.id == id; });
  if (it == facts.items.end()) throw std::runtime_error("no fact " + id);
  return *it;
}
}  // namespace

// A fact written "1 inch", "1 1/2\"" or "3 in" is a distance like "1in": the 28mm variant doubles
// it (1 x 2 = 2", 1.5 x 2 = 3", 3 x 2 = 6") and the sheet prints inches its own way.
TEST(Variants, FactsInAnyInchSpellingConvertWithTheScale) {
  std::string d;
  const auto at15 = compile_house("house-15mm", &d);
  ASSERT_TRUE(at15) << d;
  EXPECT_EQ(d.find("warning"), std::string::npos) << d;
  EXPECT_EQ(fact(*at15, "skirmish_ground").value, "1\"");
  EXPECT_EQ(fact(*at15, "column_gap").value, "1.5\"");
  EXPECT_EQ(fact(*at15, "pace").inches, qrs::Fraction(3));
  const auto at28 = compile_house("house-28mm", &d);
  ASSERT_TRUE(at28) << d;
  EXPECT_EQ(d.find("warning"), std::string::npos) << d;
  EXPECT_EQ(fact(*at28, "skirmish_ground").value, "2\"");
  EXPECT_EQ(fact(*at28, "skirmish_ground").inches, qrs::Fraction(2));
  EXPECT_EQ(fact(*at28, "column_gap").value, "3\"");
  EXPECT_EQ(fact(*at28, "pace").value, "6\"");
  EXPECT_EQ(fact(*at28, "ground").value, "2\"");  // the published sheet's 1in, for comparison
}

// "{scale.figures}" is the variant's own figure scale: the 28mm sheet does not retype the text.
TEST(Variants, TextNamesTheSheetsOwnFigureScale) {
  std::string d;
  const auto at15 = compile_house("house-15mm", &d);
  ASSERT_TRUE(at15) << d;
  EXPECT_EQ(fact(*at15, "figures").text.render(), "Figures: 15mm");
  const auto at28 = compile_house("house-28mm", &d);
  ASSERT_TRUE(at28) << d;
  EXPECT_EQ(fact(*at28, "figures").text.render(), "Figures: 28mm");
}

TEST(Variants, AFactThatReadsLikeADistanceButIsNotOneIsAWarningAtItsLine) {
  const auto p = qrs_test::write_temp_spec("inchh.yaml", R"(qrs: 1
system: t
title: Typos
tables:
  - id: radius
    kind: facts
    title: Radius
    items:
      - { id: clear, value: 1 inchh }
      - { id: words, value: one inch }
      - { id: men, value: 30 to 120 men }
)");
  std::string d;
  const auto s = compile(p, &d);
  ASSERT_TRUE(s) << d;
  EXPECT_NE(d.find("inchh.yaml:9:29: warning: value of fact 'clear' ('1 inchh') reads like a distance"),
            std::string::npos)
      << d;
  EXPECT_NE(d.find("inchh.yaml:10:29: warning: value of fact 'words' ('one inch')"), std::string::npos) << d;
  EXPECT_EQ(d.find("'men'"), std::string::npos) << d;
}

TEST(Variants, AnUnknownScaleReferenceIsAnErrorWithTheClosestName) {
  const auto p = qrs_test::write_temp_spec("scale_ref.yaml", R"(qrs: 1
system: t
title: References
scale: { figures: 28mm }
tables:
  - id: radius
    kind: facts
    title: Radius
    items:
      - { id: figures, text: "Figures: {scale.figure}" }
)");
  std::string d;
  EXPECT_FALSE(compile(p, &d));
  EXPECT_NE(d.find("scale_ref.yaml:10:30: error: 'text' of fact of table 'radius' (kind facts): unknown reference "
                   "'{scale.figure}'; "
                   "did you mean 'scale.figures'?"),
            std::string::npos)
      << d;
}
