// The resolved, checked model of one sheet. Backends read only this.
#pragma once

#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "qrs/key_domain.hpp"
#include "qrs/modifiers.hpp"
#include "qrs/opposed.hpp"
#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/notation.hpp"

namespace qrsc {

// Text with typed distances; render() prints distances the sheet's way.
struct RichText {
  std::vector<TextSegment> segments;
  Loc loc;  // where the text was written (a variant's patch, or its parent)
  [[nodiscard]] std::string render(DistanceStyle style = DistanceStyle::decimal) const;  // distances as 2"
  [[nodiscard]] std::string source() const;                                              // distances as {2in}
  [[nodiscard]] bool empty() const;
};

struct SourceDoc;
struct Spec;

struct SourceNote {
  std::string doc;
  std::string note;
  Loc loc;
};

// Where a value came from once variants and scale conversion have been resolved.
struct Provenance {
  enum class Kind { stated, inherited, converted, overridden };
  static constexpr std::array<const char*, 4> kKindNames = {"stated", "inherited", "converted", "overridden"};
  Kind kind = Kind::stated;
  std::string detail;  // converted: the parent's value; overridden: the reason
  [[nodiscard]] const char* kind_name() const { return kKindNames[static_cast<std::size_t>(kind)]; }
};

struct Term {
  std::string id, name;
  std::string old_id, old_name;  // set when a variant renamed the term
  Loc loc;
};

struct Vocabulary {
  std::string id, title;
  std::vector<Term> terms;
  Loc loc;
};

struct Column {
  std::string id, name;
  std::optional<Fraction> range;  // range columns: the distance in inches
  Loc loc;
  Loc name_loc;  // where the sheet states its name, or the range it is named by (as BandRow::title_loc)
  // A matrix of type modifiers: the other side's types this column is read against (`against`;
  // none: the column's own id is the one type).
  std::vector<std::string> against;
  Loc against_loc;
  [[nodiscard]] static Column of(std::string id, std::string name, Loc loc,
                                 std::optional<Fraction> range = std::nullopt) {
    Column c;
    c.id = std::move(id);
    c.name = std::move(name);
    c.range = range;
    c.name_loc = loc;
    c.loc = std::move(loc);
    return c;
  }
};

struct BandCell {
  qrs::Band band;
  std::string notation;  // as written in the spec
  Loc loc;
  bool unknown = false;  // "?": not given in the source (band is none)
};

struct BandPart {
  std::string id;
  RichText text;
  std::vector<BandCell> bands;  // one per column
  Loc loc;
};

struct BandRow {
  std::string id, title, label;
  std::vector<std::string> old_ids;  // ids this row had before renames it follows, oldest first
  std::vector<RichText> paragraphs;
  std::optional<int> number;
  std::vector<BandCell> bands;  // one per column (the union of the parts' bands)
  std::vector<BandPart> parts;
  // A row whose effect is to roll again (`again`): the ids of the modifiers that no longer
  // count on the new roll, items of the lists the table's dice add.
  std::optional<std::vector<std::string>> again;
  Loc again_loc;
  std::optional<SourceNote> source;
  Loc loc;
  // Where the sheet states its title and its number (a variant's patch, where it changes them;
  // the row's place where it does not state them).
  Loc title_loc, number_loc;
  // The effect in the sheet's words: its name, then its text ("Well Handled maneuver.").
  [[nodiscard]] std::string effect() const;
};

// One side of an opposed roll: its own dice and the modifier lists that add to them.
struct DiceSide {
  int count = 1;  // 0 when the roll could not be read (reported where it is read)
  int sides = 10;
  std::vector<std::string> modifiers;  // modifier lists (kind: modifiers)
  // The matrix of the side's modifier by its type (row) against the other side's (column).
  std::string type_modifiers;
  Loc loc, modifiers_loc, type_modifiers_loc;
};

inline constexpr std::array<const char*, 2> kSideNames = {"attacker", "defender"};
inline constexpr std::array<const char*, 3> kOpposedKeyNames = {"difference", "margin", "ratio"};
inline constexpr std::array<const char*, 3> kColumnByNames = {"chosen", "loser", "winner"};
// The spec's words for a tie (`tie`): the side that loses it, or qrs::Tie's none and both.
inline constexpr std::array<const char*, 4> kTieNames = {"attacker", "defender", "none", "both"};

// A roll made by two sides (`key.dice.attacker`, `key.dice.defender`): the key is the
// difference of their modified results, the margin, or the ratio (qrs/opposed.hpp), and the
// column read is the caller's, or the loser's or the winner's type (the table's columns).
struct OpposedRoll {
  std::array<DiceSide, 2> sides;  // by qrs::Side: attacker, defender
  qrs::OpposedKey key = qrs::OpposedKey::difference;
  qrs::ColumnBy column = qrs::ColumnBy::chosen;
  qrs::Side tie_loser = qrs::Side::defender;
  qrs::Tie tie = qrs::Tie::one_side;
  // A ratio counts a result below this as this (`ratio_floor`, default 1).
  Fraction ratio_floor = Fraction(1);
  bool ratio_floor_stated = false;
  Loc key_loc, column_loc, tie_loc, ratio_floor_loc;
  // The column each type reads against each type of the other side (qrs::Opposed's
  // matchup_columns), where the table has matchups; empty otherwise.
  std::vector<std::size_t> matchup_columns;
  // What each side adds by its type against the other's (qrs::Opposed's type_modifiers: by
  // side, own type, other type), where a side has `type_modifiers`; empty otherwise.
  std::vector<int> type_modifier_values;
  std::size_t types = 0;
  [[nodiscard]] const DiceSide& side(qrs::Side s) const { return sides[static_cast<std::size_t>(s)]; }
  // Whose type reads a table read by type: the loser's, unless the winner's column is read.
  [[nodiscard]] bool loser_reads() const { return column != qrs::ColumnBy::winner; }
  // That side and the other in the spec's words (a matchup's keys): "loser" and "winner", or
  // "winner" and "loser".
  [[nodiscard]] std::pair<const char*, const char*> reader_and_other() const {
    return loser_reads() ? std::pair{"loser", "winner"} : std::pair{"winner", "loser"};
  }
  // The spec's word for its tie (kTieNames).
  [[nodiscard]] const char* tie_name() const;
  // The roll as the runtime settles it (the sides' modifiers are the caller's to add).
  [[nodiscard]] qrs::Opposed runtime() const {
    const auto roll = [](const DiceSide& s) { return qrs::Roll{s.count, s.sides, false, false}; };
    return {roll(sides[0]),
            roll(sides[1]),
            key,
            column,
            tie_loser,
            tie,
            ratio_floor,
            matchup_columns.empty() ? nullptr : matchup_columns.data(),
            types,
            type_modifier_values.empty() ? nullptr : type_modifier_values.data()};
  }
};

// A roll made against a unit's value (`key.dice.against`: 2d6 at or under a rating): the rows'
// bands, as the spec writes them, are the modified roll less the value; the table gets a column
// for each value, its bands those shifted by it, so that every reader of columns reads it.
struct AgainstValue {
  std::string name;    // the value's name, the heading over its columns
  int lo = 0, hi = 0;  // the values a unit can have, both included
  std::optional<SourceNote> source;
  Loc loc, values_loc;
};

// How a band table's key is rolled (`key.dice`): the base roll, and what modifies it.
struct DiceRoll {
  int count = 1;   // dice rolled and summed for the base roll ("d10": 1)
  int sides = 10;  // faces numbered 1..sides
  // Read as digits (`d66`: two d6, the first the tens, the second the units; 11 to 66), not
  // summed. Such a roll takes no modifiers and is neither a pool, a difference nor success dice.
  bool digits = false;
  // Each side rolls and adds its own modifiers; the key is the first side's modified result
  // less the second's (charge combat: attacker less defender).
  bool difference = false;
  // Tables whose values add to the base roll: modifier lists (the caller says which items
  // apply) or band tables whose rows carry a number (the row the caller's key selects, such as
  // the fire-point die-roll modifier). None: the table reads the base roll alone.
  std::vector<std::string> modifiers;
  // Symbol dice: the matrix of `dice` cells that says how many dice are rolled; each die is
  // read on its own (its face selects a row) instead of summed.
  std::string pool;
  // Symbol dice: the sheet prints, under the table, the chance of at least k of each symbol
  // among 1 to this many dice (`pool_odds`); 0 when it does not.
  int pool_odds = 0;
  // Success dice (`target`): each die whose score (its face plus the net modifier) reaches the
  // target is a success, and the key counts the successes (`count: failures`: the dice that
  // fail). `roll` is one die ("d6": as many as `pool` or the caller says) or a fixed number
  // ("3d6"). Natural faces in `reroll` are thrown again once; those in `explode` succeed and
  // add a die. `per_success_of` chains the roll to another success table's: one die per
  // success of it (hits, then saves).
  std::optional<AgainstValue> against;
  std::optional<int> target;
  BandCell reroll, explode;  // notation empty when the spec states none
  bool count_failures = false;
  std::string per_success_of;
  Loc target_loc, count_loc, per_success_of_loc;
  [[nodiscard]] bool success() const { return target.has_value(); }
  // Two sides, each with its own dice and modifiers. When both roll the same dice for a
  // difference, `count` and `sides` are those dice, `difference` is set and `modifiers` lists
  // every side's lists (the roll read at one net modifier); otherwise count is 0.
  std::optional<OpposedRoll> opposed;
  // Read at one net modifier, as a plain difference roll can be (see `opposed`).
  [[nodiscard]] bool net_readable() const { return !opposed || difference; }
  // The roll as the runtime reads it at one net modifier (qrs/dice.hpp).
  [[nodiscard]] qrs::Roll runtime() const { return {count, sides, difference, !pool.empty(), digits}; }
  std::optional<SourceNote> source;
  Loc loc;
  Loc modifiers_loc, pool_loc, pool_odds_loc;  // where the spec names them (for diagnostics)
  // Every modifier table the roll names, of both sides for an opposed roll.
  [[nodiscard]] std::vector<std::string> modifier_tables() const;
};

// What a rolled result that no row holds means (`key.outside`): the spec must say when its
// dice and modifiers can produce one. `clamp`: it reads the nearest end of the key's range;
// `no_effect`: nothing happens; `reroll`: roll again. The runtime's enum (qrs/key_domain.hpp),
// so that the header, the web module and the analyses read a key by one rule. The names are
// the spec's words and the header's enumerators; a spec cannot write `unstated`.
using Outside = qrs::Outside;

// A matchup (`matchups`, on an opposed roll read in the loser's or the winner's column): some
// types read differently against some types of the other side ("Psiloi beaten by Knights are
// destroyed, not only when doubled"). It is a column of its own, after the types' columns,
// read in place of the reading type's own when those types meet.
struct Matchup {
  std::string id;
  std::vector<std::size_t> readers;  // the types (column indices) whose column it replaces
  std::vector<std::size_t> others;   // ... when the other side is of one of these types
  std::optional<SourceNote> source;
  Loc loc;
};
inline constexpr std::array<const char*, 4> kOutsideNames = {"unstated", "clamp", "no_effect", "reroll"};

struct BandTable {
  std::optional<DiceRoll> dice;  // how the key is rolled; absent for keys that are not rolled
  Outside outside = Outside::unstated;
  Loc outside_loc;
  // Fraction keys: how a computed key is rounded before the lookup ("down": round fractions
  // down), empty when the sheet says nothing.
  std::string rounding;
  Loc rounding_loc;
  // Where the sheet states how the key is rolled, and the lists that modify the roll (a
  // variant's patch where it changes them; the key's place where it states none).
  Loc dice_loc, dice_modifiers_loc;
  KeyType key_type = KeyType::integer;
  std::string key_name;
  std::string columns_title;  // the sheet's heading over the columns ("Target"), if it prints one
  std::optional<Fraction> min, max;
  std::string columns_vocabulary;  // the vocabulary the columns come from, if any
  std::vector<Column> columns;     // at least one; a single unnamed column for plain tables
  std::vector<BandRow> rows;
  // Matchups: their columns are the last of `columns`, in order, after the sides' types.
  std::vector<Matchup> matchups;
  // The columns that are a type a side can be (all of them when there are no matchups).
  [[nodiscard]] std::size_t type_count() const { return columns.size() - matchups.size(); }
  // Those columns: what a side's type is chosen among (never a matchup's).
  [[nodiscard]] std::vector<Column> type_columns() const {
    return {columns.begin(), columns.begin() + static_cast<std::ptrdiff_t>(type_count())};
  }
  [[nodiscard]] bool single_column() const { return columns.size() == 1 && columns[0].id.empty(); }
  // The key's name as an id: lower case, its words joined by '_' ("Fire points": fire_points);
  // empty when the name has no letter or digit. A header's lookup parameter, and the name
  // `lookup` takes a key by (fire_points=11.5).
  [[nodiscard]] std::string key_id() const;
  // The heading of the key's column on every surface (the printed and web sheets, `qrsc show`):
  // the key's name, else "Die result" for a table its dice roll, else "Result".
  [[nodiscard]] std::string key_heading() const;
};

// What a unit that adds to a procedure's total can be (a modifier list's `traits`: sharpshooters,
// in a charge, green), a term of its items' shares.
struct Trait {
  std::string id;
  std::string text;
  std::optional<SourceNote> source;
  Loc loc, text_loc;
};

// One term of what a unit is, in a share's `from`: a trait of the list, or a row of a matrix
// the unit reads, such as its weapon's (`table` and `row` set, `trait` empty).
struct ShareTerm {
  std::string trait;
  std::string table, row;
  [[nodiscard]] std::string notation() const { return trait.empty() ? table + "/" + row : trait; }
};

// "Half or more of the total fire points are from green stands": the modifier applies when at
// least `at_least` of a procedure's total comes from units that are any of `from` (each: all its
// terms hold of the unit). The units decide it (qrs::ShareRule).
struct Share {
  Fraction at_least{1, 2};
  std::vector<std::vector<ShareTerm>> from;
  Loc loc, from_loc;
  std::vector<Loc> unit_locs;  // where each entry of `from` is written
};

struct ModifierItem {
  std::string id;
  std::vector<std::string> old_ids;  // ids this item had before renames it follows, oldest first
  std::optional<int> value;
  std::optional<Fraction> factor;
  RichText text;
  int column = 1;
  int group = -1;
  std::optional<SourceNote> source;
  Loc loc;
  Loc value_loc;
  // The types it applies to, or those it does not (`only`, `except`: one at most), terms of
  // the vocabulary of the sides' types that read the list (ModifierTable::types_vocabulary).
  std::vector<std::string> only, except;
  Loc types_loc;
  // A bit per term of that vocabulary, set where it applies (qrs::applies_to); every type
  // without `only` or `except`.
  std::uint64_t type_mask = qrs::kEveryType;
  // How many of its occurrences count (`at_most`: "-1 per overlap, at most 2"); 1 for a modifier
  // that counts once however often it is named (qrs::Modifier::at_most).
  int at_most = 1;
  Loc at_most_loc;
  // Those types as every surface prints them after the text ("not Light foot", "only Heavy
  // foot, Mounted": types_note); empty for every type.
  std::string types_note;
  [[nodiscard]] std::string value_notation() const;  // "+1", "x 1/2"
  // The modifier's text (as rendered) followed by what every surface prints after it: its types
  // note and how often it counts ("In bad going (not Light foot)", "Each overlap (up to 2 times)").
  [[nodiscard]] std::string with_notes(std::string text) const;
  [[nodiscard]] bool for_some_types() const { return !only.empty() || !except.empty(); }
  // When the units decide it (`shares`): any of these suffices.
  std::vector<Share> shares;
  Loc shares_loc;
};

struct ModifierGroup {
  std::string id, title, note;
  std::vector<std::string> members;
  // One member at most applies (a unit's one rating): two at once is an error, not a choice
  // between them as in a group that is only not cumulative.
  bool exclusive = false;
  Loc loc;
  // The group as the sheets name it (printed and web): its title, else its id in words
  // ("leader_rating": Leader rating).
  [[nodiscard]] std::string name() const;
};

struct ModifierTable {
  std::vector<ModifierItem> items;
  std::vector<ModifierGroup> groups;
  // Where some items apply to some types only: the vocabulary those types are terms of (the
  // columns of every table whose sides read the list by type); empty otherwise.
  std::string types_vocabulary;
  // What its items' shares say a unit is (`traits`).
  std::vector<Trait> traits;
  [[nodiscard]] bool by_share() const {
    return std::any_of(items.begin(), items.end(), [](const ModifierItem& i) { return !i.shares.empty(); });
  }
  [[nodiscard]] bool for_some_types() const {
    return std::any_of(items.begin(), items.end(), [](const ModifierItem& i) { return i.for_some_types(); });
  }
};

struct MatrixCell {
  bool present = false;
  bool unknown = false;  // "?": not given in the source (not present; notation "?")
  std::string notation;  // as the sheet prints it (distances rendered)
  CellValue value;
  Provenance provenance;
  Loc loc;
};

struct MatrixRow {
  std::string id, name, group;
  std::vector<std::string> old_ids;  // ids this row had before renames it follows, oldest first
  std::vector<MatrixCell> cells;     // one per column
  std::optional<SourceNote> source;
  Loc loc;
  Loc name_loc;  // where the sheet states its name (as BandRow::title_loc)
};

struct ColumnGroup {
  std::string name;
  std::vector<std::string> columns;
};

struct Matrix {
  CellType cell = CellType::text;
  std::string row_heading;  // the heading over the row names ("Stands"), where the sheet prints one
  std::string columns_vocabulary;
  std::vector<Column> columns;
  std::vector<ColumnGroup> column_groups;
  std::vector<MatrixRow> rows;
  // With dice cells: the modifier lists whose items add dice to (or take dice from) the count a
  // cell gives (Battlecry's combat situation modifiers; qrs::Dice::count_with).
  std::vector<std::string> modifiers;
  Loc modifiers_loc;
};

struct ListItem {
  std::string id, label;
  RichText text, condition;
  std::vector<ListItem> items;
  Loc loc;
};

// An effect a base roll triggers on another table's roll ("on a base die result of 10").
struct BaseRollTrigger {
  std::string table;  // the band table whose base roll triggers it
  BandCell band;      // the base results that trigger it
  std::string check;  // the rolled table the triggered check is made on, or empty
  Loc check_loc;
  std::optional<SourceNote> source;
  Loc loc;
};

struct ListSection {
  std::string id, title;
  bool numbered = false;
  std::optional<BaseRollTrigger> trigger;
  std::vector<ListItem> items;
  Loc loc;
  Loc items_loc;  // where the sheet states its items (a variant's list, where it restates them)
};

struct ListTable {
  std::vector<ListSection> sections;
};

struct Fact {
  std::string id, label;
  std::string value;               // as printed (distances rendered)
  std::optional<Fraction> inches;  // a distance value
  bool unknown = false;            // value "?": not given in the source
  RichText text;
  Provenance provenance;
  Loc loc;
};

struct FactsTable {
  std::vector<Fact> items;
};

// A deliberate break of a table's declared order, with its reason.
struct OrderException {
  std::string row, column, reason;
  Loc loc;
};

enum class TableKind { bands, modifiers, matrix, list, facts };
// Each kind's name, in TableKind's order: what a spec's `kind` says, and the key under which
// the outputs put a table's body.
inline constexpr std::array<const char*, 5> kTableKindNames = {"bands", "modifiers", "matrix", "list", "facts"};
static_assert(kTableKindNames.size() == static_cast<std::size_t>(TableKind::facts) + 1);
const char* table_kind_name(TableKind k);
std::optional<TableKind> table_kind_from(std::string_view name);

// A table's body, one alternative per TableKind, in its order.
using TableBody = std::variant<BandTable, ModifierTable, Matrix, ListTable, FactsTable>;
static_assert(std::variant_size_v<TableBody> == kTableKindNames.size());

// Owned by a shared_ptr once built (TableList), so that what a backend made of a table can be
// reused for every spec of the run that shares it (backends/common/shared_tables.hpp).
struct Table : std::enable_shared_from_this<Table> {
  std::string id, title, caption, notes;
  TableKind kind = TableKind::bands;
  std::optional<SourceNote> source;
  Loc loc;
  Loc title_loc;  // where the sheet states its title (as BandRow::title_loc)
  // Declared order, checked by `qrsc check`: "columns" (band table: each column's effect is
  // never worse than the next column's at the same result) or "decreasing" (matrix: a later
  // column never holds more than an earlier one in the same row).
  std::string order;
  std::vector<OrderException> order_exceptions;
  // Reference material (`print: appendix`): tables the published sheet does not print, such as
  // a period's weapon or unit-rating lists; a printed sheet shows them only when asked to.
  bool appendix = false;
  TableBody body;
};

// A source document as the printed sheet cites it: its title proper ("Mexican-American War
// (MAW), an RFF variant"), short enough for a footnote or the footer, and its edition when the
// spec gives one; the document id or file name only when the spec lists no such document.
std::string document_title(const std::vector<SourceDoc>& sources, const std::string& doc);
// Where the sheet's footnote for a value printed "?" (not given in the source) sends the
// reader: the row's source note when it speaks of the unknown, else the table's ("The War of
// 1812, an RFF variant (see the source note of Movement Rate)"); the document by its title when
// `sources` are given, else by its file name.
std::string unknown_value_source(const Table& t, const std::optional<SourceNote>& row_source,
                                 const std::vector<SourceDoc>* sources = nullptr);
// "Against foot: Heavy foot, Light foot": what a column of type modifiers with `against` is read
// against, by the types' names in a table whose opposed roll reads the matrix (their ids where
// none does); empty for a column without `against`.
std::string against_line(const Spec& spec, const Table& matrix, const Column& column);
// The types a modifier applies to (`only`) or not (`except`), by their names in the vocabulary
// of the types: "only Heavy foot, Mounted", "not Light foot"; empty for every type.
std::string types_note(const Vocabulary& types, const ModifierItem& m);
// The footnote in words, as the sheet prints it: "? not given in the source: <where>."
std::string unknown_footnote(const std::string& where);

// A visitor of one handler per table kind:
//   visit_kind(t.body, Overloaded{[](const BandTable& b) {...}, ..., [](const FactsTable& f) {...}})
template <class... Handlers>
struct Overloaded : Handlers... {
  using Handlers::operator()...;
};
template <class... Handlers>
Overloaded(Handlers...) -> Overloaded<Handlers...>;

// Whether a visitor has a handler of its own for every table kind: it takes each body and
// nothing else, so a catch-all (`const auto&`) handler, which would take a kind added later
// without a word, does not count.
struct NotATableBody {};
template <class Visitor, class Body = TableBody>
inline constexpr bool handles_each_kind = false;
template <class Visitor, class... Bodies>
inline constexpr bool handles_each_kind<Visitor, std::variant<Bodies...>> =
    (std::is_invocable_v<const Visitor&, const Bodies&> && ...) &&
    !std::is_invocable_v<const Visitor&, const NotATableBody&>;

// The visitor's handler for the body's kind; a visitor that leaves a kind out does not compile.
template <class Visitor>
decltype(auto) visit_kind(const TableBody& body, const Visitor& visitor) {
  static_assert(handles_each_kind<Visitor>, "the visitor needs a handler of its own for each table kind");
  return std::visit(visitor, body);
}

// A spec's tables, in order. Each is shared and never changed once built: the specs of one run
// that share a table (a variant's unchanged tables) hold the same one, not copies.
// Read as a sequence of const Table.
class TableList {
  using Items = std::vector<std::shared_ptr<const Table>>;

 public:
  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Table;
    using difference_type = std::ptrdiff_t;
    using pointer = const Table*;
    using reference = const Table&;

    const_iterator() = default;
    explicit const_iterator(Items::const_iterator it) : it_(it) {}
    reference operator*() const { return **it_; }
    pointer operator->() const { return it_->get(); }
    reference operator[](difference_type n) const { return *it_[n]; }
    const_iterator& operator++() {
      ++it_;
      return *this;
    }
    const_iterator operator++(int) {
      auto old = *this;
      ++it_;
      return old;
    }
    const_iterator& operator--() {
      --it_;
      return *this;
    }
    const_iterator operator--(int) {
      auto old = *this;
      --it_;
      return old;
    }
    const_iterator& operator+=(difference_type n) {
      it_ += n;
      return *this;
    }
    const_iterator& operator-=(difference_type n) {
      it_ -= n;
      return *this;
    }
    friend const_iterator operator+(const_iterator i, difference_type n) { return i += n; }
    friend const_iterator operator+(difference_type n, const_iterator i) { return i += n; }
    friend const_iterator operator-(const_iterator i, difference_type n) { return i -= n; }
    friend difference_type operator-(const const_iterator& a, const const_iterator& b) { return a.it_ - b.it_; }
    friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.it_ == b.it_; }
    friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.it_ <=> b.it_; }

   private:
    Items::const_iterator it_;
  };
  using iterator = const_iterator;
  using value_type = Table;
  using size_type = std::size_t;

  void push_back(Table t) { items_.push_back(std::make_shared<const Table>(std::move(t))); }
  void push_back(std::shared_ptr<const Table> t) { items_.push_back(std::move(t)); }
  // This spec's own version of a table (one that reads another of its tables once built).
  void replace(std::size_t i, Table t) { items_[i] = std::make_shared<const Table>(std::move(t)); }
  [[nodiscard]] const Table& operator[](std::size_t i) const { return *items_[i]; }
  [[nodiscard]] const Table& front() const { return *items_.front(); }
  [[nodiscard]] const Table& back() const { return *items_.back(); }
  [[nodiscard]] std::size_t size() const { return items_.size(); }
  [[nodiscard]] bool empty() const { return items_.empty(); }
  [[nodiscard]] const_iterator begin() const { return const_iterator(items_.begin()); }
  [[nodiscard]] const_iterator end() const { return const_iterator(items_.end()); }

 private:
  Items items_;
};

// A document the sheet's values come from: a seed file, or (for a house variant) any document
// named by title, edition, date or URL.
struct SourceDoc {
  std::string id, file, title;
  std::string edition, date, url;
  Loc loc;
};

struct Rename {
  std::string vocabulary, term, to, name;  // vocabulary term renames
  std::string from_text, to_text;          // the whole-word text substitution
  // Ids that follow the rename ("table/id" as written before it; crack_unit -> elite_unit).
  std::vector<std::string> ids;
  Loc loc;
};

// One value of a scaled variant: what it was and what became of it.
struct ScaledValue {
  std::string where;  // what happened: "12 / 16 -> 18 / 24", or where an override replaced what
  Provenance provenance;
  Loc loc;
  std::string path;  // its place in the sheet: table/row/column ("movement_rates/infantry_line/open")
};

// One checkable statement of an erratum about the data.
struct Assertion {
  enum class Kind { starts, ends, band, value, cell, exists, absent, renamed, contains };
  // Each kind's name, in Kind's order: the key that states it in a spec.
  static constexpr std::array<const char*, 9> kKindNames = {"starts", "ends",   "band",    "value",   "cell",
                                                            "exists", "absent", "renamed", "contains"};
  Kind kind = Kind::exists;
  [[nodiscard]] const char* kind_name() const { return kKindNames[static_cast<std::size_t>(kind)]; }
  std::string table, row, column, item;
  std::string expected;  // the value as written (band notation, modifier, cell, new name, text)
  std::string from;      // renamed: the old name
  std::string disputed;  // this assertion states a claim the spec deliberately does not follow
  Loc loc;
};

// A numbered change of a source document (or a named change the spec declares), with the
// parts of the sheet it explains and what can be checked of it.
struct Erratum {
  std::string id, doc, text;
  std::string disputed;             // the spec's resolution when the document disagrees with itself
  std::vector<std::string> covers;  // "table", "table/row" or "table/row/column"
  std::vector<Assertion> asserts;
  std::vector<std::string> supersedes;  // ids of older errata of the spec whose claims this one replaces
  Loc loc;
  // The same change of the same document (in two editions of a sheet).
  [[nodiscard]] bool same_change(const Erratum& o) const { return id == o.id && doc == o.doc; }
};

// What the sheet can make of an erratum's id. A change number of its document (`50`, `E1`,
// `12a`: up to 8 letters, digits and dots, with a digit) is printed as a change mark beside what
// the erratum covers and cited as "change E1"; a named change (`figure-2`, `rule-weapons`:
// words joined by `-` or `_`, or a word) is cited as "erratum figure-2" and not marked; any other
// id cannot be shown as a mark (a warning).
enum class ErratumIdKind { number, name, unshowable };
ErratumIdKind erratum_id_kind(const std::string& id);
// Orders change numbers as a reader counts them: 9 before 10, E2 before E10.
bool change_number_less(const std::string& a, const std::string& b);
// The id of the erratum of `errata` that supersedes erratum `id`, or "".
std::string superseded_by(const std::vector<Erratum>& errata, const std::string& id);

// Who publishes the sheet, for its footer (`publisher:` in the spec; every part optional).
struct Publisher {
  std::string name, copyright, version, date;  // version defaults to the edition
};

// What names and describes a sheet: what a run's index page and depfile read of each spec
// once its own outputs are written and the rest of it is let go (Spec::keep_header_only).
struct SheetHeader {
  std::string id, system, title, subtitle, period, edition, figures;
  Publisher publisher;
  std::string path;                  // the spec file, relative to the rules root when possible
  std::vector<std::string> lineage;  // the spec itself, then its parents (and applied specs)
  std::vector<std::string> inputs;   // the files of the lineage, as absolute paths (qrsc build --depfile)
  // The files of the system's package (absolute; empty when it has none), each the first found
  // in the system's folders on the spec search path (frontend/system_package.hpp):
  std::string system_layout;  // its sheet layout, SYSTEM.layout.yaml
  std::string package_file;   // its procedures, SYSTEM.package.yaml
  bool abstract = false;
};

// A procedure of the sheet's system (its package file, frontend/system_package.hpp) whose every
// table the sheet has.
struct SystemProcedure {
  std::string id;     // what the web page asks the module for ("fire_combat")
  std::string title;  // "Fire combat"
  std::string web;    // the runtime's source compiled into the web module ("qrs/rff/web_abi.cpp"), or ""
  // Its part of the web page, from the files the package names beside it (`page:`): a script
  // that registers the procedure's interface with the page's, the <template> elements it
  // clones, and their style. Each "" where not given; `page_files` are the files read.
  struct Page {
    std::string script, markup, style;
  } page;
  std::vector<std::string> page_files;
  Loc loc;  // its entry in the package file
};

struct Spec : SheetHeader {
  std::vector<SystemProcedure> procedures;
  std::vector<SourceDoc> sources;
  std::vector<Vocabulary> vocabularies;
  TableList tables;
  std::vector<Rename> renames;
  std::optional<Fraction> scale_factor;
  std::string rounding;
  std::vector<ScaledValue> scaled_values;
  // Where this spec removes an entry its parent had (`remove: true`), by the entry's path
  // ("charge/other", "mods/out_of_command"): a removal is reported there.
  std::map<std::string, Loc> removed_at;
  std::vector<Erratum> errata;  // the spec's own and those of the specs it applies

  [[nodiscard]] const Table* table(const std::string& id) const;
  [[nodiscard]] const Vocabulary* vocabulary(const std::string& id) const;
  // Lets go of everything but the header (its tables, vocabularies, errata, ...).
  void keep_header_only() {
    SheetHeader header = std::move(static_cast<SheetHeader&>(*this));
    *this = Spec();
    static_cast<SheetHeader&>(*this) = std::move(header);
  }
};

}  // namespace qrsc
