// "What does this roll mean": answers a key against one table of a compiled spec.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qrsc/analysis/net_modifier.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/model/roll_again.hpp"

namespace qrsc {

// What a lookup read, as data: the writers of compiler/reports/lookup_documents.hpp put it in
// words for people, as a tab-separated line and as JSON (qrsc lookup --format).
struct LookupAnswer {
  // What was read: a band table's row, an opposed roll's, a matrix's cell, or an entry of a
  // modifier list, a facts table or a list table.
  enum class Kind { bands, opposed, matrix, entry };
  Kind kind = Kind::bands;
  std::string note;      // something the user should know about the answer (a renamed column)
  std::string footnote;  // the sheet's footnote for a value it prints "?" (not given in the source)
  // The table's title, the column's printed name ("" for a table of one), the row's id and
  // title, its effect in the sheet's words and the part read (its text).
  std::string table_title, column, row, title, effect, part;
  std::string key, result;  // as given, and after the modifiers
  NetModifier net;
  // A band table's row: its number where its effect is one ("+1"), the part's id.
  std::optional<int> number;
  std::string part_id;
  // A matrix: the column's id and the cell as the sheet writes it; with the unit's number M
  // (a dice cell), `result` is the count of dice.
  std::string column_id, cell;
  std::optional<int> unit_number;
  // An entry: its fields after its id as the sheet gives them (a modifier's value and words, a
  // fact's value and words, a list section's title), and a list section's lines.
  std::vector<std::string> fields, lines;
  // An opposed roll's sides, attacker then defender: each one's base roll, net modifier and
  // modified result (empty for any other roll).
  struct Reading {
    std::string column, column_id, row, title, effect;  // the column's printed name ("" for a table of one)
    std::optional<std::vector<DroppedModifier>> again;  // where the row read rolls again (as `again` below)
  };
  struct Side {
    int roll = 0, net = 0, result = 0;
    NetModifier modifiers;  // the side's own modifiers (net is their total)
    std::string type;       // the side's type (a column's id), where the table reads one
    std::string type_name;  // that column's printed name
    // What this side reads where each side reads the table for itself (a tie under `tie:
    // both`); nothing otherwise (the answer's own row is the loser's).
    std::optional<Reading> reads;
  };
  std::vector<Side> sides;
  // How an opposed roll came out: the key's name, whether it was a tie, the side that lost,
  // the tie rule, whether the table is read at all (not under `tie: none` on a tie) and the
  // column read (its id).
  struct Outcome {
    std::string key_name;
    bool tie = false, read = true;
    std::size_t loser = 0;
    qrs::Tie rule = qrs::Tie::one_side;
    std::string column_id;
    [[nodiscard]] bool both() const { return tie && rule == qrs::Tie::both; }
  };
  Outcome outcome;
  // The effects the base roll (the key as given, before modifiers) triggers: list sections
  // with a `trigger` on this table whose base band holds it.
  struct Triggered {
    std::string base;  // the base roll, as a number
    std::string table, section, title, text;
    std::string check, check_title;  // the rolled table the check is made on (trigger.check), or empty
  };
  std::vector<Triggered> triggered;
  // Where the row's effect is to roll again (its `again`): the modifiers that no longer count
  // on the new roll (none: every one still counts). Absent for any other row.
  std::optional<std::vector<DroppedModifier>> again;
};

// `modifiers`: signed numbers and modifier ids (see net_modifier), for die-result tables.
// Without an answer (no such table, row or column; a key outside the table), the message for
// the user says why.
Expected<LookupAnswer> lookup(const Spec& spec, const std::string& table, const std::string& key,
                              const std::optional<std::string>& column, const std::vector<std::string>& modifiers = {});

}  // namespace qrsc
