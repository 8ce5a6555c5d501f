// An answer of `qrsc lookup` (analysis/lookup.hpp) in each of its formats: words for people,
// one tab-separated line (with --verbose, the effect's lines after it) and JSON. The only place
// a lookup's answer is put into words.
#pragma once

#include <string>

#include "qrsc/analysis/lookup.hpp"
#include "qrsc/backends/common/json_writer.hpp"

namespace qrsc {

// "Musketry & Cannonade Effects, Crack: 7 +1 (Veteran) = 8\nTelling Fire\n", then what a row
// that rolls again drops and what the base roll triggers.
std::string lookup_text(const LookupAnswer& a);
// The answer's fields on one line, tab-separated: a row's id, title and number; a matrix's
// row, column and cell (and count of dice); an entry's id and fields (a list section's lines
// after it, each after a tab); an opposed roll's row, title, key, loser ("tie" where both or
// neither lose) and column, and under `tie: both` the defender's row and column.
std::string lookup_tsv(const LookupAnswer& a);
// --verbose: the effect in the sheet's words, the part read (its id and text) and each effect
// the base roll triggers (section, title, text), a line each.
std::string lookup_tsv_detail(const LookupAnswer& a);
Json lookup_json(const LookupAnswer& a);

}  // namespace qrsc
