// Renames in running text: whole words replaced, each keeping the case it was written in.
#pragma once

#include <string>

namespace qrsc {

// Whether `from` occurs in text, ignoring case (replace_word's quick test: no allocation).
bool contains_ignoring_case(const std::string& text, const std::string& from);
// Whether two names are the same, ignoring case ("Green", "green").
bool same_ignoring_case(const std::string& a, const std::string& b);
// Whole-word, case-keeping replacement ("Green" -> "Raw", "green" -> "raw", "Extended Line" ->
// "Open Order"). The front end renames inherited text with it; diff words its changes with it.
std::string replace_word(const std::string& text, const std::string& from, const std::string& to);

// An effect's name as printed before its text: with a full stop when the text starts a new
// sentence ("Double Quick. Well handled ..."), without when it runs on ("Well Handled maneuver.").
std::string title_before(const std::string& title, const std::string& text);

}  // namespace qrsc
