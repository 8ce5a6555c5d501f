// The spec format, described once (see spec_format.hpp). Reviewed as data: each object, its
// keys in the order docs/spec-format.md lists them, and what each key means to a spec author.
#include "qrsc/format/spec_format.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <stdexcept>

#include "qrs/odds.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/model/notation.hpp"

namespace qrsc::format {
namespace {

constexpr std::string_view kNotes =
    "The spec author's notes: what the source shows, what was concluded and why. Not printed.";
constexpr std::string_view kSource = "Where this comes from: a source document and what it shows.";
constexpr std::string_view kOverride =
    "Why this value replaces the one a scaled parent converted (scale conversion): the published sheet sets it "
    "otherwise.";
constexpr std::string_view kText =
    "Text (distances in braces: '{2in}'; '{scale.figures}' is the spec's figure scale), or a list of paragraphs.";
constexpr std::string_view kOldIds =
    "Ids this entry had in earlier editions; game code written against them still compiles.";
constexpr std::string_view kBand =
    "A band in the sheet's own notation: '8 or more', '3 - 7', '1, 2', '10', '-' (none in this column), "
    "'less than 1', 'at least 9', 'more than 1 and less than 2', 'at most 2', 'exactly 3/2', 'equal' (fraction keys); "
    "'?' where the source documents do not give it. `~` removes the parent's.";

// Keys most objects share.
constexpr Key kNotesKey{"notes", Type::notes, 0, kNotes};
constexpr Key kSourceKey{"source", Type::object, 0, kSource, "sourceNote"};
constexpr Key kOverrideKey{"override", Type::string, 0, kOverride};

constexpr std::array<const char*, 4> kRoundings = {"none", "nearest", "nearest_half", "down"};
constexpr std::array<const char*, 2> kKeyTypes = {"integer", "fraction"};
constexpr std::array<const char*, 1> kKeyRoundings = {"down"};
constexpr std::array<const char*, 2> kSuccessCounts = {"successes", "failures"};
constexpr std::array<const char*, 2> kOrders = {"columns", "decreasing"};
constexpr std::array<const char*, 2> kPrints = {"sheet", "appendix"};
constexpr DeprecatedSpelling kCellSpellings[] = {
    {"fire_points", "fraction", "1", "the compiler names notations, not one game's quantities"},
};

// Keys that stand in for a required key (Key::unless).
constexpr std::array<const char*, 1> kUnlessTitle = {"title"};
constexpr std::array<const char*, 2> kUnlessBands = {"bands", "parts"};
constexpr std::array<const char*, 1> kUnlessRenamed = {"renamed"};

constexpr Key kSpecKeys[] = {
    {"qrs", Type::integer, kRequired, "Format version (1).", {}, {}, 1, 1},
    {"id", Type::sheet_id, 0,
     "The sheet's id, which names its output files; defaults to the file name. Never inherited."},
    {"system", Type::id, kComplete, "The game system; the C++ namespace is qrs::<system>::<id>."},
    {"title", Type::text, kComplete | kSheetText, "The sheet's title."},
    {"subtitle", Type::text, kSheetText, "Subtitle."},
    {"period", Type::text, 0, "Historical period."},
    {"edition", Type::text, 0, "Edition of the sheet."},
    {"abstract", Type::boolean, 0, "true: exists only to be extended or applied; no sheet of its own."},
    {"extends", Type::spec_name, 0,
     "The parent spec: its path under a rules folder, without .yaml (searched in the spec's own folder, then each "
     "-I folder)."},
    {"apply", Type::spec_names, 0, "Abstract specs whose own content is applied, in order (names as for extends)."},
    {"renames", Type::list, 0, "Renames of vocabulary terms and words in texts.", "rename"},
    {"publisher", Type::object, 0,
     "The printed sheet's imprint, shown in its footer; every part optional, none invented.", "publisher"},
    {"scale", Type::object, 0, "Figure scale, and for a variant the conversion of every inherited distance.", "scale"},
    {"sources", Type::list, kMergesById, "The documents this sheet's values come from.", "sourceDoc"},
    {"vocabularies", Type::list, kMergesById, "Enumerations with display names.", "vocabulary"},
    {"tables", Type::list, kMergesById, "The tables, in the order the sheet shows them.", "table"},
    {"errata", Type::list, kAddsUp, "The numbered changes of the spec's source document(s), checked by qrsc check.",
     "erratum"},
    kSourceKey,
    kNotesKey,
};

constexpr Key kPublisherKeys[] = {
    {"name", Type::text, kSheetText, "The publisher's name."},
    {"copyright", Type::text, 0, "The copyright line as printed."},
    {"version", Type::text, 0, "The sheet's version as printed (defaults to the edition)."},
    {"date", Type::text, 0, "The date of this version."},
    kNotesKey,
};

constexpr Key kScaleKeys[] = {
    {"figures", Type::text, 0, "Figure scale, e.g. 15mm."},
    {"convert", Type::object, 0, "Scale conversion of inherited distances.", "conversion"},
    kNotesKey,
};

constexpr Key kConversionKeys[] = {
    {"factor", Type::positive_number, kRequired, "Positive factor, e.g. 1.5."},
    {"rounding", Type::choice, 0, "Rounding of converted distances (none when not given).", {}, kRoundings},
};

constexpr Key kSourceDocKeys[] = {
    {"id", Type::id, kRequired, "The document's id, which source notes name."},
    {.name = "file",
     .type = Type::string,
     .flags = kComplete,
     .description = "The document's file name.",
     .unless = kUnlessTitle},
    {"title", Type::text, 0, "The document's title (required when it is not a file)."},
    {"edition", Type::text, 0, "Edition."},
    {"date", Type::text, 0, "Date."},
    {"url", Type::string, 0, "Where it is published."},
};

constexpr Key kSourceNoteKeys[] = {
    {"doc", Type::string, kRequired, "A seed file name, or the id of a document in the top-level `sources`."},
    {"note", Type::string, 0, "What the text shows, what was concluded, why."},
};

constexpr Key kVocabularyKeys[] = {
    {"id", Type::id, kRequired, "The vocabulary's id; band tables and matrices name it as their columns."},
    {"title", Type::text, kSheetText, "Heading of the vocabulary."},
    {"terms", Type::list, kComplete | kMergesById | kDeclaredAdditions, "The terms, in order.", "term"},
    kSourceKey,
    kNotesKey,
};

constexpr Key kTermKeys[] = {
    {"id", Type::id, kRequired, "The term's id (a C++ enumerator)."},
    {"name", Type::text, kComplete | kSheetText, "The term's display name."},
    {"old_id", Type::id, 0, "The id this term had in an earlier edition."},
    {"old_name", Type::text, 0, "The name this term had in an earlier edition."},
    kSourceKey,
    kNotesKey,
};

// A rename is of a vocabulary's term (vocabulary, term) or of a word in the text (from).
constexpr std::array<const char*, 1> kUnlessFrom = {"from"};
constexpr std::array<const char*, 2> kFromOrVocabulary = {"from", "vocabulary"};
constexpr std::array<const char*, 2> kFromOrTerm = {"from", "term"};
constexpr OneOf kRenameOneOf[] = {{kFromOrVocabulary, kRequired}, {kFromOrTerm}};

constexpr Key kRenameKeys[] = {
    {"vocabulary", Type::reference, 0, "The vocabulary of the renamed term."},
    {.name = "term",
     .type = Type::reference,
     .flags = kRequired,
     .description = "The renamed term's id.",
     .unless = kUnlessFrom},
    {"to", Type::text, kRequired, "The new id (term) or word (text)."},
    {"name", Type::text, 0, "The term's new display name."},
    {"from", Type::text, 0, "The word in text to replace (whole word, case kept)."},
    {"ids", Type::texts, 0,
     "Rows and modifier items (as table/id) whose ids contain the renamed word and follow the rename."},
    kSourceKey,
    kNotesKey,
};

constexpr Key kTableKeys[] = {
    {"id", Type::id, kRequired, "The table's id (a C++ namespace)."},
    {"kind",
     Type::choice,
     kComplete,
     "bands: a key selects a row; modifiers: die-roll modifiers; matrix: rows by columns; list: numbered or "
     "bulleted sections; facts: labelled values.",
     {},
     kTableKindNames},
    {"title", Type::text, kComplete | kSheetText, "The table's heading."},
    {"caption", Type::text, kSheetText, "A line under the heading."},
    {"print",
     Type::choice,
     0,
     "sheet (default): printed on the sheet; appendix: reference material, printed only with qrsc sheet --appendix.",
     {},
     kPrints},
    {"order",
     Type::choice,
     0,
     "Declared order, checked by qrsc check: `columns` (band table: a better column never suffers a worse effect), "
     "`decreasing` (matrix: a later column never holds more).",
     {},
     kOrders},
    {"order_exceptions", Type::list, 0, "Cells exempt from the declared order, with reasons.", "orderException"},
    kOverrideKey,
    kSourceKey,
    kNotesKey,
};

// The columns: optional for a band table (one column when absent), required for a matrix.
constexpr Key kColumnsKey{"columns", Type::columns, kMergesById | kDeclaredAdditions,
                          "The columns: a vocabulary id, or a list of columns.", "column"};
constexpr Key kMatrixColumnsKey{"columns", Type::columns, kComplete | kMergesById | kDeclaredAdditions,
                                "The columns: a vocabulary id, or a list of columns.", "column"};

constexpr Key kBandsKeys[] = {
    {"key", Type::object, kComplete, "What selects a row: its name, type, range and dice.", "key"},
    kColumnsKey,
    {"rows", Type::list, kComplete | kMergesById | kDeclaredAdditions,
     "The rows (effects), each with its band or bands per column.", "bandRow"},
    {"matchups", Type::list, kMergesById | kDeclaredAdditions,
     "An opposed roll read in the loser's or the winner's column: types read differently against some types of the "
     "other side, each a column of its own.",
     "matchup"},
};

constexpr Key kModifiersKeys[] = {
    {"items", Type::list, kComplete | kMergesById | kDeclaredAdditions, "The modifiers.", "modifier"},
    {"groups", Type::list, kMergesById | kDeclaredAdditions,
     "Non-cumulative groups: when several members apply, only the largest counts.", "modifierGroup"},
    {"traits", Type::list, kMergesById | kDeclaredAdditions,
     "What a unit that adds to a procedure's total can be ('veteran', 'mounted', 'attacking'): the terms of "
     "its items' `shares`, which the units decide.",
     "trait"},
};

constexpr Key kMatrixKeys[] = {
    {"cell", Type::choice, kComplete, "The notation of every cell.", {}, kCellTypeNames, 0, 0, kCellSpellings},
    kMatrixColumnsKey,
    {"column_groups", Type::list, 0, "Labels over spans of columns.", "columnGroup"},
    {"row_heading", Type::text, kSheetText, "The heading over the row labels ('Stands')."},
    {"rows", Type::list, kComplete | kMergesById | kDeclaredAdditions, "The rows.", "matrixRow"},
    {"modifiers", Type::ids, 0,
     "With `cell: dice`: the modifier lists whose items add dice to (or take dice from) the count a cell gives."},
};

constexpr Key kListKeys[] = {
    {"sections", Type::list, kComplete | kMergesById | kDeclaredAdditions, "The sections.", "section"},
};

constexpr Key kFactsKeys[] = {
    {"items", Type::list, kComplete | kMergesById | kDeclaredAdditions, "The facts.", "fact"},
};

constexpr TableKindKeys kTableKinds[] = {
    {"bands", "A key (a die result, a fraction) selects a row.", kBandsKeys},
    {"modifiers", "Die-roll modifiers.", kModifiersKeys},
    {"matrix", "Rows by columns.", kMatrixKeys},
    {"list", "Numbered or bulleted sections.", kListKeys},
    {"facts", "Labelled values.", kFactsKeys},
};

constexpr Key kOrderExceptionKeys[] = {
    {"row", Type::reference, kRequired, "Row id."},
    {"column", Type::reference, 0, "Column id."},
    {"reason", Type::text, kRequired, "Why."},
};

constexpr Key kKeyKeys[] = {
    {"name", Type::text, kSheetText, "The key's name ('Die result')."},
    {"type",
     Type::choice,
     0,
     "integer (die results, the default) or fraction (exact fractions such as 3 1/2).",
     {},
     kKeyTypes},
    {"min", Type::number, 0, "The smallest key the table takes."},
    {"max", Type::number, 0, "The largest key the table takes."},
    {"dice", Type::object, 0, "How the key is rolled.", "dice"},
    {"outside",
     Type::choice,
     0,
     "What a rolled result past the key's range means: clamp (read the nearest end row), no_effect or reroll. "
     "Required when the dice and the sheet's modifiers can get there.",
     {},
     std::span<const char* const>(kOutsideNames).subspan(1)},
    {"rounding", Type::choice, 0, "down: a fraction key is rounded down before the table is read.", {}, kKeyRoundings},
    {"columns_title", Type::text, kSheetText, "The heading over the columns."},
    kSourceKey,
    kNotesKey,
};

constexpr std::array<const char*, 2> kRollOrSides = {"roll", "attacker"};
constexpr std::array<const char*, 2> kDifferenceOrSides = {"difference", "attacker"};
constexpr std::array<const char*, 2> kModifiersOrSides = {"modifiers", "attacker"};
constexpr OneOf kDiceOneOf[] = {{kRollOrSides, kRequired}, {kDifferenceOrSides}, {kModifiersOrSides}};

constexpr Key kDiceKeys[] = {
    {"roll", Type::dice, 0, "The base roll: 'd10', '2d6' (summed); 'd66': two d6 read as tens and units (11 to 66)."},
    {"difference", Type::boolean, 0,
     "Each side rolls and adds its own modifiers; the attacker's result less the defender's is the key."},
    {"modifiers", Type::ids, 0, "The tables whose modifiers (or row numbers) add to the roll."},
    {"pool", Type::reference, 0,
     "Symbol dice: the matrix that says how many dice to roll; each die is read on its own."},
    {"pool_odds",
     Type::integer,
     0,
     "Symbol dice: the sheet prints, under the table, the chance of at least k of each symbol among 1 to this many "
     "dice (`qrsc odds` gives the same counts).",
     {},
     {},
     1,
     qrs::odds::kMaxSymbolDice},
    {"target",
     Type::integer,
     0,
     "Success dice: each die whose score (its face plus the net modifier) is this or more is a success; the key "
     "counts the successes.",
     {},
     {},
     1,
     1000},
    {"reroll", Type::band, 0, "Success dice: natural faces thrown again, once (the second throw stands): '1'."},
    {"explode", Type::band, 0,
     "Success dice: natural faces that succeed whatever the modifier and add one more die, which may explode in "
     "turn: '6'."},
    {"count",
     Type::choice,
     0,
     "Success dice: what the key counts: successes (the default) or failures (saves: the hits not saved).",
     {},
     kSuccessCounts},
    {"per_success_of", Type::reference, 0,
     "Success dice: a chain. One die is thrown for each success of this table's roll (hits, then saves)."},
    {"against", Type::object, 0,
     "A roll against a unit's value (2d6 at or under a rating): the rows' bands are the modified roll less the value "
     "('0 or less': at or under it); the table gets a column for each value.",
     "against"},
    {"attacker", Type::object, 0, "An opposed roll: the attacker's dice and modifiers (with `defender`).", "diceSide"},
    {"defender", Type::object, 0, "An opposed roll: the defender's dice and modifiers (with `attacker`).", "diceSide"},
    {"result",
     Type::choice,
     0,
     "An opposed roll's key: difference (the attacker's result less the defender's, the default), margin (the "
     "winner's less the loser's) or ratio (the winner's over the loser's, each at least `ratio_floor`; a fraction "
     "key).",
     {},
     kOpposedKeyNames},
    {"column",
     Type::choice,
     0,
     "An opposed roll's column: chosen (by the caller, the default), or the loser's or the winner's type (the "
     "table's columns are the sides' types).",
     {},
     kColumnByNames},
    {"tie",
     Type::choice,
     0,
     "An opposed roll's tie: the side that loses it (attacker, or defender: the default), none (nothing happens: "
     "the table is not read) or both (each side reads its own column at the tie's key).",
     {},
     kTieNames},
    {"ratio_floor", Type::number, 0,
     "A ratio roll: a result below this counts as this (positive; default 1: a total of 0 or less counts as 1)."},
    kSourceKey,
    kNotesKey,
};

constexpr Key kAgainstKeys[] = {
    {"name", Type::text, kRequired | kSheetText, "The value's name, the heading over its columns."},
    {"values", Type::band, kRequired, "The values a unit can have, a range in band notation: '2 - 12'."},
    kSourceKey,
    kNotesKey,
};

constexpr Key kDiceSideKeys[] = {
    {"roll", Type::dice, kComplete, "The side's base roll: 'd6', '2d6'."},
    {"modifiers", Type::ids, 0, "The modifier lists whose items add to the side's roll."},
    {"type_modifiers", Type::reference, 0,
     "A matrix of whole numbers (cell: integer) the side also adds: the row of its type, the column of the other "
     "side's type (a column whose id is that type, or whose `against` names it). Needs column: loser or winner."},
    kNotesKey,
};

constexpr Key kTriggerKeys[] = {
    {"table", Type::reference, kRequired, "The table whose base roll triggers this."},
    {"base", Type::band, kRequired, "The base die results, in band notation ('10')."},
    {"check", Type::reference, 0,
     "The rolled table the triggered effect is a check on, when it is one (its roll is made on that table)."},
    kSourceKey,
    kNotesKey,
};

constexpr Key kColumnKeys[] = {
    {"id", Type::id, kRequired, "The column's id."},
    {"name", Type::text, kSheetText, "Column heading (derived from the range when not given)."},
    {"range", Type::distance, 0, "For range columns: a distance such as '4in'; the heading is derived from it."},
    {"against", Type::ids, 0,
     "A matrix of type modifiers: the other side's types this column is read against ('against foot': the foot "
     "types); without it, the column's id is the one type."},
    kOverrideKey,
    kSourceKey,
    kNotesKey,
};

constexpr Key kBandRowKeys[] = {
    {"id", Type::id, kRequired, "The row's id (a C++ enumerator)."},
    {"old_ids", Type::ids, 0, kOldIds},
    {"title", Type::text, kComplete | kSheetText, "The bold effect name."},
    {"text", Type::paragraphs, kSheetText | kRemovable, kText},
    {"label", Type::text, kSheetText | kRemovable,
     "The sheet's own words for the band, when they would read wrongly as data."},
    {"number", Type::signed_number, kRemovable, "A signed whole number the row carries (e.g. a die-roll modifier)."},
    {.name = "band",
     .type = Type::band_cell,
     .flags = kComplete | kRemovable,
     .description = kBand,
     .unless = kUnlessBands},
    {"bands", Type::map, kRemovable, "Band per column id, for a table with columns. `~` removes the parent's."},
    {"parts", Type::list, kMergesById | kDeclaredAdditions,
     "Sub-results, each with its own band(s); the row's band is their union.", "part"},
    {"again", Type::ids, kRemovable,
     "The row's effect is to roll again (a Desperate Struggle): the modifiers that no longer count on the new roll, "
     "ids of items of the lists the table's dice add ([]: every modifier still counts)."},
    kOverrideKey,
    kSourceKey,
    kNotesKey,
};

constexpr Key kMatchupKeys[] = {
    {"id", Type::id, kRequired, "The matchup's id: the id of its column (a C++ enumerator)."},
    {"name", Type::text, kSheetText,
     "The column's heading (by default its types: 'A beaten by B or C', or 'B beating A' where the winner's column is "
     "read)."},
    {"loser", Type::ids, kRequired, "The loser's type or types (column ids)."},
    {"winner", Type::ids, kRequired, "The winner's type or types (column ids)."},
    {"bands", Type::row_bands, kRequired,
     "Band per row id: the rows read in this matchup, in place of the reading type's own column (a row it does not "
     "name is not read)."},
    kSourceKey,
    kNotesKey,
};

constexpr Key kPartKeys[] = {
    {"id", Type::id, kRequired, "The part's id."},
    {"text", Type::paragraphs, kSheetText | kRemovable, kText},
    {"band", Type::band_cell, kRemovable, kBand},
    {"bands", Type::map, kRemovable, "Band per column id. `~` removes the parent's."},
    kSourceKey,
    kNotesKey,
};

constexpr std::array<const char*, 2> kValueOrFactor = {"value", "factor"};
constexpr std::array<const char*, 2> kOnlyOrExcept = {"only", "except"};
constexpr OneOf kModifierOneOf[] = {{kValueOrFactor, kComplete}, {kOnlyOrExcept}};

constexpr Key kModifierKeys[] = {
    {"id", Type::id, kRequired, "The modifier's id (a C++ enumerator)."},
    {"old_ids", Type::ids, 0, kOldIds},
    {"value",
     Type::signed_number,
     0,
     "Signed modifier: +1, 0, -2.",
     {},
     {},
     -limits::kMaxModifierValue,
     limits::kMaxModifierValue},
    {"factor", Type::number, 0, "A factor such as 1/2."},
    {"text", Type::text, kSheetText, "What the modifier is for."},
    {"column", Type::integer, 0, "Sheet column, 1 (left, the default), 2 or 3.", {}, {}, 1, 3},
    {"at_most",
     Type::integer,
     0,
     "A modifier counted per occurrence ('-1 per overlap, at most 2'): the most occurrences that count. The caller "
     "names it once per occurrence; without it, a modifier counts once however often it is named.",
     {},
     {},
     2,
     limits::kMaxOccurrences},
    {"only", Type::ids, 0,
     "The types it applies to, and no other: terms of the vocabulary that is the columns of the opposed rolls "
     "whose sides read the list by type ('Auxilia only')."},
    {"except", Type::ids, 0,
     "The types it does not apply to ('-2 in bad going, except Auxilia, Psiloi'): terms of that vocabulary."},
    {"shares", Type::list, kRemovable,
     "It applies when enough of a procedure's total comes from some units ('half or more of the total points "
     "are from veteran units'): one share or more, any of which suffices. The units decide it, not the caller.",
     "share"},
    kSourceKey,
    kNotesKey,
};

constexpr Key kShareKeys[] = {
    {"at_least", Type::number, kRequired,
     "The least part of the total, greater than 0 and at most 1 (1/2: half or more)."},
    {"from", Type::texts, kRequired,
     "The units whose part counts, any of: each names what such a unit is, its terms joined by '+' (all hold): a "
     "trait of the list ('veteran'), or the row of a matrix the unit reads ('points_by_range/bow')."},
};

constexpr Key kTraitKeys[] = {
    {"id", Type::id, kRequired, "The trait's id (a C++ enumerator)."},
    {"text", Type::text, kComplete | kSheetText, "What a unit with it is, as the page asks it ('Sharpshooters')."},
    kSourceKey,
    kNotesKey,
};

constexpr Key kModifierGroupKeys[] = {
    {"id", Type::id, kRequired, "The group's id."},
    {"title", Type::text, kSheetText, "Group heading."},
    {"members", Type::ids, kComplete, "The modifier ids; when several apply, only the largest counts."},
    {"exclusive", Type::boolean, 0,
     "true: the members exclude each other (a unit has one rating): two at once is an error, not a tie."},
    {"note", Type::text, kSheetText, "Why the members are not cumulative (printed, and the header's comment)."},
    kSourceKey,
    kNotesKey,
};

constexpr Key kColumnGroupKeys[] = {
    {"name", Type::text, kComplete | kSheetText, "The label over the span."},
    {"columns", Type::ids, kRequired, "The column ids it spans."},
};

constexpr Key kMatrixRowKeys[] = {
    {"id", Type::id, kRequired, "The row's id (a C++ enumerator)."},
    {"old_ids", Type::ids, 0, kOldIds},
    {"name", Type::text, kSheetText, "Row label."},
    {"group", Type::text, kSheetText, "The sheet's row heading this row falls under."},
    {"cells", Type::cells, kComplete,
     "Cells by column id (or a list in column order). A cell is written in the table's cell notation, '?' for a "
     "value the source does not give.",
     "cell"},
    kOverrideKey,
    kSourceKey,
    kNotesKey,
};

constexpr Key kCellKeys[] = {
    {"value", Type::text, kRequired, "The cell value."},
    kOverrideKey,
    kSourceKey,
    kNotesKey,
};

constexpr Key kListItemKeys[] = {
    {"id", Type::id, 0, "The item's id (needed to patch it in a variant)."},
    {"label", Type::text, kSheetText, "The item's own label (a, b)."},
    {"text", Type::paragraphs, kComplete | kSheetText, kText},
    {"condition", Type::text, kSheetText, "A condition printed after the text, after a semicolon."},
    {"items", Type::list, kMergesById | kDeclaredAdditions, "Nested items.", "listItem"},
    kSourceKey,
    kNotesKey,
};

constexpr Key kSectionKeys[] = {
    {"id", Type::id, kRequired, "The section's id."},
    {"title", Type::text, kSheetText, "Section heading."},
    {"numbered", Type::boolean, 0, "Number the items."},
    {"items", Type::list, kComplete | kMergesById | kDeclaredAdditions, "Items.", "listItem"},
    {"trigger", Type::object, 0, "An effect a base roll of another table triggers.", "trigger"},
    kSourceKey,
    kNotesKey,
};

constexpr Key kFactKeys[] = {
    {"id", Type::id, kRequired, "The fact's id."},
    {"label", Type::text, kSheetText, "Names the value where the sheet prints one before it."},
    {"value", Type::text, 0,
     "A distance (8in, 1 inch, 1\", 1 1/2\"), converted with the scale and printed the sheet's way, or text; text "
     "that mentions inches but is not a distance is a warning."},
    {"text", Type::text, kSheetText, "The rest of the line."},
    kOverrideKey,
    kSourceKey,
    kNotesKey,
};

constexpr Key kErratumKeys[] = {
    {"id", Type::text, kRequired, "The change's number in its document, or a name."},
    {"doc", Type::string, kRequired, "The document: a seed file name or a source id."},
    {"text", Type::text, 0, "The change as the document states it."},
    {"covers", Type::texts, 0, "What it explains: table, table/row or table/row/column."},
    {"asserts", Type::list, 0, "Checkable statements about the data.", "assertion"},
    {"disputed", Type::text, 0, "The document disagrees with itself: how the spec resolved it."},
    {"supersedes", Type::texts, 0,
     "Older errata of this spec (or of the specs it applies) whose claims this one replaces: their asserts are not "
     "checked."},
    kNotesKey,
};

// What an assertion states, one of Assertion::kKindNames (the model's table of them).
constexpr OneOf kAssertionOneOf[] = {{Assertion::kKindNames, kRequired}};

constexpr Key kAssertionKeys[] = {
    {.name = "table",
     .type = Type::reference,
     .flags = kRequired,
     .description = "The table it is about (every assertion but `renamed` needs one).",
     .unless = kUnlessRenamed},
    {"row", Type::reference, 0, "The row."},
    {"column", Type::reference, 0, "The column."},
    {"item", Type::reference, 0, "The item of a modifier or facts table."},
    {"starts", Type::text, 0, "The row's band starts at this key."},
    {"ends", Type::text, 0, "The row's band ends at this key."},
    {"band", Type::text, 0, "The row's band, in band notation."},
    {"value", Type::text, 0, "The item's value."},
    {"cell", Type::text, 0, "The cell's value."},
    {"exists", Type::boolean, 0, "The row, column or item exists."},
    {"absent", Type::boolean, 0, "The row, column or item does not exist."},
    {"renamed", Type::text, 0, "A word renamed (with `to`)."},
    {"to", Type::text, 0, "The new word of `renamed`."},
    {"contains", Type::text, 0, "The text contains these words."},
    {"disputed", Type::text, 0, "The document disagrees with itself about this: how the spec resolved it."},
};

constexpr ObjectType kObjectTypes[] = {
    {"spec", "spec",
     "A Quick Reference Sheet spec for qrsc (format version 1). A root spec states system and title; a "
     "variant (extends) states only what differs.",
     kSpecKeys},
    {"publisher", "publisher", "The printed sheet's imprint.", kPublisherKeys},
    {"scale", "scale", "Figure scale, and for a variant the conversion of every inherited distance.", kScaleKeys},
    {"conversion", "scale conversion", "Scale conversion of inherited distances.", kConversionKeys},
    {"sourceDoc", "source", "A source document: a seed file, or for a house variant any document named by title.",
     kSourceDocKeys, true},
    {"sourceNote", "source note", kSource, kSourceNoteKeys},
    {"vocabulary", "vocabulary",
     "An enumeration with display names; band tables and matrices may use one as their columns.", kVocabularyKeys,
     true},
    {"term", "term", "A term of a vocabulary.", kTermKeys, true},
    {"rename", "rename",
     "A rename: a vocabulary term (vocabulary, term, to, name) or a word in the sheet's text (from, to).", kRenameKeys,
     false, kRenameOneOf},
    {"table", "table",
     "A table of the sheet. In a variant, an entry with the id of a parent's table patches it (only `id` needed); a "
     "new table needs `kind` and `title`.",
     kTableKeys, true},
    {"orderException", "order exception", "A cell exempt from the table's declared order.", kOrderExceptionKeys},
    {"key", "key", "What selects a row of a band table.", kKeyKeys},
    {"dice", "dice", "How a table's key is rolled: one roll, or an opposed roll (attacker and defender).", kDiceKeys,
     false, kDiceOneOf},
    {"diceSide", "side", "One side of an opposed roll: its own dice and modifiers.", kDiceSideKeys},
    {"against", "against", "The unit's value a roll is made against (roll-under: 2d6 at or under a rating).",
     kAgainstKeys},
    {"trigger", "trigger", "An effect a base roll of another table triggers ('on a base die result of 10').",
     kTriggerKeys},
    {"column", "column", "A column of a band table or matrix.", kColumnKeys, true},
    {"bandRow", "row", "A row of a band table: an effect and the band (or bands per column) that selects it.",
     kBandRowKeys, true},
    {"part", "part", "A part of a band row, with its own band(s).", kPartKeys, true},
    {"matchup", "matchup",
     "Where the loser's (or the winner's) type is read differently against some types of the other side: the bands of "
     "every row in that matchup.",
     kMatchupKeys, true},
    {"modifier", "item", "A die-roll modifier (`value`) or a factor (`factor`).", kModifierKeys, true, kModifierOneOf},
    {"share", "share",
     "A part of a procedure's total that decides a modifier: at least `at_least` of it from the units `from` names.",
     kShareKeys},
    {"trait", "trait", "What a unit adding to a procedure's total can be, a term of a modifier's `shares`.", kTraitKeys,
     true},
    {"modifierGroup", "group", "A non-cumulative group: when several members apply, only the largest counts.",
     kModifierGroupKeys, true},
    {"columnGroup", "column group", "A label over a span of columns.", kColumnGroupKeys},
    {"matrixRow", "row", "A matrix row.", kMatrixRowKeys, true},
    {"cell", "cell", "A cell with its value and its override reason or source.", kCellKeys},
    {"listItem", "item", "An item of a list.", kListItemKeys, true},
    {"section", "section", "A section of a list table.", kSectionKeys, true},
    {"fact", "item", "A labelled value: game scale, command radius.", kFactKeys, true},
    {"erratum", "erratum",
     "A numbered change of a source document (or a named change), what it covers and what it asserts.", kErratumKeys},
    {"assertion", "assertion",
     "A checkable statement about the data, one of starts, ends, band, value, cell, exists, absent, "
     "renamed, contains.",
     kAssertionKeys, false, kAssertionOneOf},
};

static_assert(
    [] {
      for (std::size_t i = 0; i < kTableKindNames.size(); ++i) {
        if (std::string_view(kTableKindNames[i]) != kTableKinds[i].kind) return false;
      }
      return std::size(kTableKinds) == kTableKindNames.size();
    }(),
    "the spec format lists the table kinds in TableKind's order");

// Every list of keys in the format: each object type's, then each table kind's.
const std::vector<std::span<const Key>>& key_lists() {
  static const std::vector<std::span<const Key>> kLists = [] {
    std::vector<std::span<const Key>> lists;
    for (const ObjectType& o : kObjectTypes) lists.push_back(o.keys);
    for (const TableKindKeys& k : kTableKinds) lists.push_back(k.keys);
    return lists;
  }();
  return kLists;
}

// The names of the keys that have `flag` anywhere in the format.
std::set<std::string_view> names_with(Flag flag) {
  std::set<std::string_view> names;
  for (const auto keys : key_lists()) {
    for (const Key& k : keys) {
      if (k.flags & flag) names.insert(k.name);
    }
  }
  return names;
}

}  // namespace

constexpr const char* kOnlyTrue[] = {"true"};

constexpr VariantEntryKey kVariantEntryKeys[] = {
    {{"add",
      Type::boolean,
      0,
      "Variants: this entry is new (an id the parent lacks is otherwise an error).",
      {},
      kOnlyTrue},
     "`add: true` (a new entry)"},
    {{"after", Type::id, 0,
      "Variants: place this new entry after the parent's entry with this id (otherwise it is appended)."},
     "`after: ID` (placed after the parent's entry)"},
    {{"remove", Type::boolean, 0, "Variants: remove the parent's entry with this id.", {}, kOnlyTrue},
     "`remove: true`"},
};

std::span<const VariantEntryKey> variant_entry_keys() { return kVariantEntryKeys; }

std::span<const ObjectType> object_types() { return kObjectTypes; }
std::span<const TableKindKeys> table_kinds() { return kTableKinds; }

const ObjectType& object_type(std::string_view name) {
  for (const ObjectType& o : kObjectTypes) {
    if (o.name == name) return o;
  }
  throw std::logic_error("no object type '" + std::string(name) + "' in the spec format");
}

const Key* find_key(std::span<const Key> keys, std::string_view name) {
  for (const Key& k : keys) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

namespace {

struct Reference {
  std::string_view object, key;
  Refers refers;
};

constexpr Reference kReferences[] = {
    {"table", "columns", Refers::vocabulary},
    {"table", "modifiers", Refers::modifier_lists},
    {"dice", "modifiers", Refers::modifier_lists},
    {"diceSide", "modifiers", Refers::modifier_lists},
    {"dice", "pool", Refers::table},
    {"dice", "per_success_of", Refers::rolled_table},
    {"trigger", "table", Refers::rolled_table},
    {"trigger", "check", Refers::rolled_table},
    {"assertion", "table", Refers::table},
    {"assertion", "row", Refers::row},
    {"assertion", "column", Refers::column},
    {"assertion", "item", Refers::item},
    {"orderException", "row", Refers::row},
    {"orderException", "column", Refers::column},
    {"rename", "vocabulary", Refers::vocabulary},
    {"rename", "term", Refers::term},
    {"modifierGroup", "members", Refers::item},
    {"columnGroup", "columns", Refers::column},
    {"matchup", "loser", Refers::column},
    {"matchup", "winner", Refers::column},
    {"diceSide", "type_modifiers", Refers::table},
    {"modifier", "only", Refers::term},
    {"modifier", "except", Refers::term},
    {"bandRow", "again", Refers::modifier},
    {"share", "from", Refers::share_unit},
};

}  // namespace

Refers refers(std::string_view object, std::string_view key) {
  for (const Reference& r : kReferences) {
    if (r.object == object && r.key == key) return r.refers;
  }
  return Refers::nothing;
}

std::vector<FormatChange> format_changes() {
  std::vector<FormatChange> changes;
  const auto add = [&](std::string_view object, std::string_view kind, std::span<const Key> keys) {
    for (const Key& k : keys) {
      for (const DeprecatedSpelling& d : k.deprecated) changes.push_back({object, kind, &k, &d});
    }
  };
  for (const ObjectType& o : kObjectTypes) add(o.name, {}, o.keys);
  for (const TableKindKeys& t : kTableKinds) add("table", t.kind, t.keys);
  return changes;
}

std::vector<const ObjectType*> id_kinds() {
  std::vector<const ObjectType*> kinds;
  for (const ObjectType& o : kObjectTypes) {
    const Key* id = find_key(o.keys, "id");
    if (id && id->type == Type::id) kinds.push_back(&o);
  }
  return kinds;
}

std::vector<std::string_view> kinds_with_key(std::string_view key) {
  std::vector<std::string_view> kinds;
  for (const TableKindKeys& t : kTableKinds) {
    if (find_key(t.keys, key)) kinds.push_back(t.kind);
  }
  return kinds;
}

bool is_sheet_text(std::string_view key) {
  static const std::set<std::string_view> kNames = names_with(kSheetText);
  return kNames.count(key) != 0;
}

}  // namespace qrsc::format
