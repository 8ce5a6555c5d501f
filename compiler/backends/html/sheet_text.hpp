// How the sheet prints values: true minus signs, vulgar fractions, bold effect names.
#pragma once

#include <string>
#include <vector>

#include "qrsc/model/model.hpp"

namespace qrsc::html {

// Negative numbers get a true minus sign (a hyphen is easily missed on a printed sheet); a
// hyphen between two digits is a range ("1-3") and stays; a lone "-" (no band, no value) is
// printed as a dash.
std::string sheet_number(const std::string& s);
// Fire points and factors as the sheet prints them: 1/2 as ½, 1 1/2 as 1½, x as ×.
std::string sheet_fraction(const std::string& s);
// Whether `text` already states `value` as a whole word ("1812 QRS Version 3" states "3",
// "Ver. 2.1 for 15mm" states "2.1" and "15mm"; "Version 3" does not state "1"): the footer
// prints a fact the sheet's title line already gives only once.
bool states(const std::string& text, const std::string& value);
// Equal but for case.
bool same_words(const std::string& a, const std::string& b);

}  // namespace qrsc::html
