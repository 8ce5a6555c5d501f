#include "qrsc/model/roll_rule.hpp"

#include <fmt/format.h>

#include <array>
#include <cctype>

#include "qrsc/model/notation.hpp"
#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/success_odds.hpp"

namespace qrsc {

namespace {

// How an opposed roll is read, in the words a sheet prints over its table: "Attacker d6 +
// modifiers against defender d6 + modifiers. The winner's margin, in the loser's column; the
// defender loses a tie." Empty for any other table, and for both sides rolling the same dice
// for a difference read in a column the players choose, which the key's name says ("Die result
// difference", as RFF prints it).
std::string opposed_rule(const BandTable& bt, const Spec* spec) {
  if (!bt.dice || !bt.dice->opposed) return {};
  const OpposedRoll& o = *bt.dice->opposed;
  if (bt.dice->net_readable() && o.column == qrs::ColumnBy::chosen && o.tie == qrs::Tie::one_side) return {};
  const auto side = [](const char* name, const DiceSide& s) {
    return fmt::format("{} {}{}", name, dice_notation(s.count, s.sides), s.modifiers.empty() ? "" : " + modifiers");
  };
  static constexpr std::array<const char*, 3> kKeyWords = {"Attacker's result less defender's", "The winner's margin",
                                                           "The winner's result over the loser's"};
  std::string rule = side("Attacker", o.side(qrs::Side::attacker)) + " against " +
                     side("defender", o.side(qrs::Side::defender)) + ". " + kKeyWords[static_cast<std::size_t>(o.key)];
  const bool typed = o.column != qrs::ColumnBy::chosen;
  if (typed) rule += fmt::format(", in the {}'s column", kColumnByNames[static_cast<std::size_t>(o.column)]);
  if (!bt.matchups.empty()) {
    rule += fmt::format(", or its matchup's where the {} is of a type the matchup names", o.reader_and_other().second);
  }
  switch (o.tie) {
    case qrs::Tie::one_side:
      if (typed) rule += fmt::format("; the {} loses a tie", kSideNames[static_cast<std::size_t>(o.tie_loser)]);
      break;
    case qrs::Tie::none: rule += "; a tie: nothing happens"; break;
    case qrs::Tie::both:
      rule += typed ? "; a tie: each side reads its own column" : "; a tie: the result applies to both sides";
      break;
  }
  rule += ".";
  // "Each side adds its Troop Factors: the row of its type, the column of the other side's."
  for (const TypeModifierReader& r : type_modifier_readers(o)) {
    const Table* matrix = spec ? spec->table(r.matrix) : nullptr;
    std::string who = r.who;
    who[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(who[0])));
    rule += fmt::format(" {} adds its {}: the row of its type, the column of the other side's.", who,
                        matrix ? matrix->title : r.matrix);
  }
  if (o.key == qrs::OpposedKey::ratio) {
    // Results are whole numbers: those below the floor are the ones up to its ceiling less 1.
    rule += fmt::format(" A total of {} or less counts as {}.", o.ratio_floor.ceil() - 1, format_number(o.ratio_floor));
  }
  return rule;
}

}  // namespace

std::string roll_rule(const BandTable& bt, const Spec* spec) {
  if (bt.dice && bt.dice->success()) return spec ? success_rule(*spec, bt) : std::string();
  if (bt.dice && bt.dice->against) {
    const DiceRoll& d = *bt.dice;
    return fmt::format("Roll {}{}; read the column of the unit's {}.",
                       (d.count == 1 ? "a " : "") + dice_notation(d.count, d.sides),
                       d.modifiers.empty() ? "" : " and add the modifiers", d.against->name);
  }
  if (bt.dice && bt.dice->digits) {
    const qrs::Roll r = bt.dice->runtime();
    return fmt::format("Roll two d{}: the first die is the tens, the second the units ({} to {}).", r.sides, r.lowest(),
                       r.highest());
  }
  return opposed_rule(bt, spec);
}

}  // namespace qrsc
