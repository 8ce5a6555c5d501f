// The odds of a rolled band table (`qrsc odds`: text or JSON) and of a whole sheet (`qrsc
// report`: an HTML page of SVG stacked-bar charts, one per column of every rolled table, that
// read on screen and printed in black and white), from what analysis/odds computes.
#pragma once

#include <string>

#include "qrsc/analysis/odds.hpp"
#include "qrsc/backends/common/json_writer.hpp"
#include "qrsc/base/expected.hpp"

namespace qrsc {

// One net modifier: each row's exact fraction and percent; several: a chart of percents, a
// row per result and a column per net modifier, like a published odds table.
std::string odds_text(const OddsReport& r);
Json odds_json(const OddsReport& r);
Expected<std::string> render_odds_report_html(const Spec& spec);

}  // namespace qrsc
