#include "qrsc/analysis/change_words.hpp"

#include <fmt/args.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>

#include "qrsc/model/percent_text.hpp"
#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/words.hpp"

namespace qrsc {

namespace {

// Each kind's name and phrase, in ChangeKind's order.
struct ChangeWords {
  const char* name;    // the kind in a JSON change list
  const char* phrase;  // its words, {} for each value in turn
};
constexpr std::array kChangeWords = {
    ChangeWords{"term_renamed", "{} is renamed {}"},
    ChangeWords{"table_removed", "{} is removed from the sheet"},
    ChangeWords{"table_added", "New table: {}"},
    ChangeWords{"table_retitled", "{} is now titled {}"},
    ChangeWords{"table_kind", "{} is now a {} table"},
    ChangeWords{"key_roll", "The {} is now {} instead of {}"},
    ChangeWords{"key_rounded_down", "{}: fractions are now rounded down"},
    ChangeWords{"key_not_rounded", "{}: fractions are no longer rounded down"},
    ChangeWords{"removed", "{} is removed"},
    ChangeWords{"result_added", "New result: {}"},
    ChangeWords{"row_retitled", "\"{}\" now reads \"{}\""},
    ChangeWords{"row_text", "{} now reads: \"{}\""},
    ChangeWords{"row_number", "{} now gives {} instead of {}"},
    ChangeWords{"row_again", "{} now {} (was: {})"},
    ChangeWords{"band_in_new_column", "{} occurs on {} in the new {} column"},
    ChangeWords{"band_points", "a {} modifier now begins at {} points instead of {}"},
    ChangeWords{"band_gone", "{} no longer occurs"},
    ChangeWords{"band_gone_in", "{} no longer occurs against {}"},
    ChangeWords{"band_added", "{} now occurs on {}"},
    ChangeWords{"band_added_in", "{} now occurs against {} on {}"},
    ChangeWords{"band_moved", "{} now occurs on {} instead of {}"},
    ChangeWords{"band_moved_in", "{} now occurs against {} on {} instead of {}"},
    ChangeWords{"modifier_removed", "No longer a modifier: {} {}"},
    ChangeWords{"modifier_added", "New modifier: {} {}"},
    ChangeWords{"modifier_types", "{}: now {} (was: {})"},
    ChangeWords{"modifier_value", "{} is now {} instead of {}"},
    ChangeWords{"modifier_text", "{} \"{}\" now reads \"{}\""},
    ChangeWords{"modifier_shares", "{}: now applies {} (was: {})"},
    ChangeWords{"trait_added", "{}: a unit can now be \"{}\""},
    ChangeWords{"trait_removed", "{}: a unit can no longer be \"{}\""},
    ChangeWords{"trait_text", "{}: what a unit can be, \"{}\", now reads \"{}\""},
    ChangeWords{"column_removed", "Column {} is removed"},
    ChangeWords{"column_added", "New column: {}"},
    ChangeWords{"column_renamed", "Column {} is now {}"},
    ChangeWords{"matrix_row_added", "New row: {}"},
    ChangeWords{"matrix_row_renamed", "{} is now {}"},
    ChangeWords{"cell_removed", "{}, {}: no longer {}"},
    ChangeWords{"cell_added", "{}, {}: now {}"},
    ChangeWords{"cell_changed", "{}, {}: now {} instead of {}"},
    ChangeWords{"item_added", "{}: new \"{}\""},
    ChangeWords{"item_removed", "{}: no longer \"{}\""},
    ChangeWords{"fact_removed", "No longer \"{}\""},
    ChangeWords{"fact_added", "New: \"{}\""},
    ChangeWords{"fact_changed", "\"{}\" instead of \"{}\""},
};
static_assert(kChangeWords.size() == static_cast<std::size_t>(ChangeKind::fact_changed) + 1,
              "a phrase for every kind of change");

}  // namespace

std::string change_words(ChangeKind kind, const std::vector<std::string>& values, const std::optional<OddsMove>& odds) {
  fmt::dynamic_format_arg_store<fmt::format_context> args;
  for (const auto& v : values) args.push_back(v);
  std::string out = fmt::vformat(kChangeWords[static_cast<std::size_t>(kind)].phrase, args);
  if (odds) {
    out += fmt::format(": {} -> {} {}", percent_text(odds->before), percent_text(odds->after),
                       odds->even_fight ? "at an even fight" : "at a net modifier of 0");
  }
  return out;
}

const char* change_kind_name(ChangeKind kind) { return kChangeWords[static_cast<std::size_t>(kind)].name; }

std::string roll_words(const std::optional<DiceRoll>& dice) {
  if (!dice) return "not rolled";
  const std::vector<std::string> lists = dice->modifier_tables();
  return roll_notation(*dice) +
         (lists.empty() ? std::string() : fmt::format(" modified by {}", fmt::join(lists, ", ")));
}

std::string number_words(std::optional<int> number) { return number ? format_signed(*number) : "nothing"; }

std::string again_words(const std::optional<std::vector<std::string>>& without) {
  return !without           ? std::string("does not roll again")
         : without->empty() ? std::string("rolls again with every modifier")
                            : fmt::format("rolls again without {}", fmt::join(*without, ", "));
}

std::string types_words(const ModifierItem& m) { return m.for_some_types() ? m.types_note : "every type"; }

std::string share_words(const ModifierItem& m, const ModifierTable& list) {
  if (m.shares.empty()) return "as the caller says";
  const auto term_words = [&](const ShareTerm& t) {
    for (const Trait& trait : list.traits) {
      if (trait.id == t.trait) return "\"" + trait.text + "\"";
    }
    return t.notation();
  };
  std::vector<std::string> shares;
  for (const Share& s : m.shares) {
    std::vector<std::string> units;
    for (const auto& unit : s.from) {
      std::vector<std::string> terms;
      for (const ShareTerm& t : unit) terms.push_back(term_words(t));
      units.push_back(fmt::format("{}", fmt::join(terms, " + ")));
    }
    shares.push_back(
        fmt::format("{} or more of the total from {}", format_number(s.at_least), fmt::join(units, " or ")));
  }
  return fmt::format("when {}", fmt::join(shares, "; or "));
}

std::string key_words(const std::string& key_name, bool capital) {
  return !key_name.empty() ? key_name : capital ? "Key" : "key";
}

std::string conversion_words(Fraction factor, const std::string& from, std::size_t values) {
  return fmt::format("All distances are {} times the {} sheet's: {} values", format_decimal(factor), from, values);
}

}  // namespace qrsc
