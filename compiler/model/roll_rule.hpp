// The line a sheet prints over a rolled table on how its dice are read: the printed sheet, the
// web page and `qrsc show` print it from here.
#pragma once

#include <string>

#include "qrsc/model/model.hpp"

namespace qrsc {

// Success dice's line (which names the tables it throws for, so needs the sheet; empty without
// it), a roll against a unit's value, dice read as digits, or an opposed roll's ("Attacker d6 +
// modifiers against defender d6 + modifiers. The winner's margin, in the loser's column.");
// empty for any other table.
std::string roll_rule(const BandTable& bt, const Spec* spec);

}  // namespace qrsc
