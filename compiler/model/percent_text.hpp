// How every surface writes a chance: `qrsc odds`, `lookup`, `diff --odds`, the editor's hover,
// the printed sheet and the web page (whose script follows the same rule, tested against this).
#pragma once

#include <string>

#include "qrsc/model/model.hpp"

namespace qrsc {

// The chance as a percent rounded half up to `decimals` places, in exact arithmetic: "6.3" for
// 1/16 (a double rounds its 6.25 to even, "6.2"). A chance that can happen but rounds to nothing
// is written "<0.1" (or "<1" with no decimals) and one that can fail but rounds to 100 ">99.9"
// (">99"): a "0.0" would say it cannot happen. Without the percent sign: the printed sheet's
// chance tables name it once, in their heading.
std::string percent_number(Fraction p, int decimals);
// The same with its sign: "6.3%".
std::string percent_text(Fraction p, int decimals = 1);

}  // namespace qrsc
