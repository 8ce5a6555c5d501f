// Text for HTML outputs of the analyses (diff, odds report).
#pragma once

#include <string>

namespace qrsc {

std::string html_escape(const std::string& s);

}  // namespace qrsc
