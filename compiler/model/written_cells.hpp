// How the sheet writes a cell, for every surface that shows one (the printed sheet, `qrsc show`
// and `check`, JSON, the web page, the editor's server): one place, so that a cell reads the
// same on each.
#pragma once

#include <string>

#include "qrsc/model/model.hpp"

namespace qrsc {

// A row's band in one column: as the spec writes it, "?" where the sources do not give it, and
// where the spec writes none, the band in the sheet's notation ("-": no band in that column).
std::string written_band(const BandCell& c, KeyType type);
// Whether a row has a band in the column (or one the sources do not give): a cell a list of the
// row's bands names.
bool has_band(const BandCell& c);

// A matrix cell: as the spec writes it (distances rendered), "?" where the sources do not give
// it, "" for a blank.
std::string written_cell(const MatrixCell& c);
// A matrix cell named in words (the command line's answer, the editor's hover): as written,
// "(blank)" for a blank.
std::string cell_in_words(const MatrixCell& c);

}  // namespace qrsc
