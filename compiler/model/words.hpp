// Renames in running text: whole words replaced, each keeping the case it was written in.
#pragma once

#include <string>

namespace qrsc {

// Whole-word, case-keeping replacement ("Green" -> "Raw", "green" -> "raw", "Extended Line" ->
// "Open Order"). The front end renames inherited text with it; diff words its changes with it.
std::string replace_word(const std::string& text, const std::string& from, const std::string& to);

}  // namespace qrsc
