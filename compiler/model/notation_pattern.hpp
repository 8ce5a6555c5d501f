// The sheet's notations (notation.hpp) as ECMAScript patterns, anchored, for the spec's JSON
// Schema: what an editor checks a value against as it is typed. The readers of notation.hpp
// are the notations; each pattern says the same of its reader's text within the limits of
// base/limits.hpp, and ctest NotationPatterns.* holds them to it on generated text. What a
// pattern cannot say is left to qrsc: a band's values consecutive, a band for the other kind
// of key, levels that decrease.
#pragma once

#include <string>

#include "qrsc/model/notation.hpp"

namespace qrsc::pattern {

std::string band();             // parse_band, for an integer or a fraction key
std::string band_cell();        // a row's band: the same, or '?' (kUnknownNotation)
std::string number();           // parse_number
std::string positive_number();  // parse_number, greater than zero
std::string whole_number();     // parse_whole
std::string distance();         // parse_distance
std::string roll();             // parse_roll ("d10", "2d6", "d66")
// parse_cell of a cell type, or '?' (a value the source does not give); "" for text (any).
std::string cell(CellType type);

}  // namespace qrsc::pattern
