// The words of a change list ("Swept from the Field now occurs on 8 or more instead of 9 or
// more"): one phrase per kind of change, in one table. diff_specs finds each change as its
// kind and the sheet's values; the change list (Markdown, HTML, JSON), `qrsc check`'s
// undeclared changes and `diff --odds` put them into these words.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qrsc/model/model.hpp"

namespace qrsc {

// What changed. Each kind's phrase names its values in order (ChangeWords in change_words.cpp).
enum class ChangeKind : unsigned char {
  term_renamed,        // from, to
  table_removed,       // title
  table_added,         // title
  table_retitled,      // old title, new title
  table_kind,          // title, kind
  key_roll,            // key's name, new roll, old roll (roll_words)
  key_rounded_down,    // key's name
  key_not_rounded,     // key's name
  removed,             // a row's, a matrix row's or a list section's title
  result_added,        // row title
  row_retitled,        // old title, new title
  row_text,            // row title, new text
  row_number,          // row title, new number, old number (number_words)
  row_again,           // row title, new, old (again_words)
  band_in_new_column,  // row title, band, column
  band_points,         // the row's number, new start, old start
  band_gone,           // row title
  band_gone_in,        // row title, column
  band_added,          // row title, band
  band_added_in,       // row title, column, band
  band_moved,          // row title, new band, old band
  band_moved_in,       // row title, column, new band, old band
  modifier_removed,    // value, text
  modifier_added,      // value, text
  modifier_types,      // text, new types, old types (types_words)
  modifier_value,      // text, new value, old value
  modifier_text,       // value, old text, new text
  modifier_shares,     // text, new shares, old shares (share_words)
  trait_added,         // list title, text
  trait_removed,       // list title, text
  trait_text,          // list title, old text, new text
  column_removed,      // name
  column_added,        // name
  column_renamed,      // old name, new name
  matrix_row_added,    // row label
  matrix_row_renamed,  // old label, new label
  cell_removed,        // row label, column, old cell
  cell_added,          // row label, column, new cell
  cell_changed,        // row label, column, new cell, old cell
  item_added,          // section (or table) title, item
  item_removed,        // section (or table) title, item
  fact_removed,        // fact
  fact_added,          // fact
  fact_changed,        // new fact, old fact
};

// How a changed band moves its row's probability (`diff --odds`), at a net modifier of 0.
struct OddsMove {
  Fraction before, after;
  bool even_fight = false;  // a difference roll: 0 is an even fight
};

// A change's words: its kind's phrase with its values, then how its odds move where known.
std::string change_words(ChangeKind kind, const std::vector<std::string>& values,
                         const std::optional<OddsMove>& odds = std::nullopt);
// The kind's name (`kind` in `qrsc diff --format json`): "band_moved".
const char* change_kind_name(ChangeKind kind);
// The phrase's values that are words of their own: a key's roll ("d10 modified by a, b", "not
// rolled"), a row's number ("+1", "nothing"), what a row rolls again without, the types a
// modifier applies to.
std::string roll_words(const std::optional<DiceRoll>& dice);
std::string number_words(std::optional<int> number);
std::string again_words(const std::optional<std::vector<std::string>>& without);
std::string types_words(const ModifierItem& m);
// When the units decide a modifier (its shares, traits by their texts in `list`): 'when 1/2 or
// more of the total from "Sharpshooters"; or 1/2 or more of the total from "In a charge" +
// points/rp', or "as the caller says".
std::string share_words(const ModifierItem& m, const ModifierTable& list);
// The key's name in a phrase: its own, or "key" ("Key" to begin one).
std::string key_words(const std::string& key_name, bool capital = false);
// The summary's first line where a sheet converts distances: "All distances are 1.5 times the
// 15mm sheet's: 48 values".
std::string conversion_words(Fraction factor, const std::string& from, std::size_t values);

}  // namespace qrsc
