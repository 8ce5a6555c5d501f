// A table, or the whole sheet, as aligned text for a terminal (qrsc show): bands as the sheet
// prints them, effects in the sheet's words.
#pragma once

#include <string>

#include "qrsc/model/model.hpp"

namespace qrsc {

struct ShowStyle {
  bool color = false;  // ANSI bold for titles and headings (only on a terminal)
  int width = 100;     // wrap the last column to this many characters
};

std::string show_table(const Table& t, const Spec& spec, const ShowStyle& style);
// The sheet's title line, then every table.
std::string show_sheet(const Spec& spec, const ShowStyle& style);

}  // namespace qrsc
