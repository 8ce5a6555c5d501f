// "What does this roll mean": answers a key against one table of a compiled spec.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qrsc/analysis/net_modifier.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/model/roll_again.hpp"

namespace qrsc {

struct LookupAnswer {
  std::string line;      // the answer (one line, tab-separated)
  std::string detail;    // the effect in the sheet's words (name and text, parts), for --verbose
  std::string note;      // something the user should know about the answer (a renamed column)
  std::string footnote;  // the sheet's footnote for a value it prints "?" (not given in the source)
  // The answer for people: the table, the roll and its modifiers, the effect in the sheet's words.
  std::string text;
  // The same, field by field (qrsc lookup --format json).
  std::string table_title, column, row, title, effect, part;
  std::string key, result;  // as given, and after the modifiers
  NetModifier net;
  // An opposed roll's sides, attacker then defender: each one's base roll, net modifier and
  // modified result (empty for any other roll).
  struct Reading {
    std::string column, row, title, effect;             // the column's printed name ("" for a table of one)
    std::optional<std::vector<DroppedModifier>> again;  // where the row read rolls again (as `again` below)
  };
  struct Side {
    int roll = 0, net = 0, result = 0;
    NetModifier modifiers;  // the side's own modifiers (net is their total)
    std::string type;       // the side's type (a column's id), where the table reads one
    // What this side reads where each side reads the table for itself (a tie under `tie:
    // both`); nothing otherwise (the answer's own row is the loser's).
    std::optional<Reading> reads;
  };
  std::vector<Side> sides;
  // The effects the base roll (the key as given, before modifiers) triggers: list sections
  // with a `trigger` on this table whose base band holds it.
  struct Triggered {
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
