#include "qrsc/backends/html/sheet_text.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace qrsc::html {

// Negative numbers get a true minus sign (a hyphen is easily missed on a printed sheet); a
// hyphen between two digits is a range ("1-3") and stays; a lone "-" (no band, no value) is
// printed as a dash.
std::string sheet_number(const std::string& s) {
  if (s == "-") return "\u2013";
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool minus = s[i] == '-' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])) &&
                       (i == 0 || !std::isdigit(static_cast<unsigned char>(s[i - 1])));
    out += minus ? std::string("\u2212") : std::string(1, s[i]);
  }
  return out;
}

// Fire points and factors as the sheet prints them: 1/2 as ½, 1 1/2 as 1½, x as ×.
std::string sheet_fraction(const std::string& s) {
  static const std::map<std::string, std::string> kVulgar = {
      {"1/2", "\u00bd"}, {"1/4", "\u00bc"}, {"3/4", "\u00be"}, {"1/3", "\u2153"}, {"2/3", "\u2154"}};
  std::string out;
  std::size_t start = 0;
  while (start <= s.size()) {
    std::size_t end = s.find(' ', start);
    if (end == std::string::npos) end = s.size();
    std::string word = s.substr(start, end - start);
    if (const auto it = kVulgar.find(word); it != kVulgar.end()) {
      const bool after_whole = !out.empty() && std::isdigit(static_cast<unsigned char>(out.back()));
      if (after_whole) out.pop_back();  // the space between 1 and 1/2
      word = it->second;
    } else if (word == "x") {
      word = "\u00d7";
    }
    out += word;
    if (end < s.size()) out += ' ';
    start = end + 1;
  }
  return out;
}

bool states(const std::string& text, const std::string& value) {
  if (value.empty()) return false;
  const auto word = [&text](std::size_t i) {
    return i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]));
  };
  for (std::size_t at = text.find(value); at != std::string::npos; at = text.find(value, at + 1)) {
    const std::size_t end = at + value.size();
    // "2.1" is one word: a point between digits joins them.
    const bool before = at > 0 && (word(at - 1) || (text[at - 1] == '.' && at > 1 && word(at - 2)));
    const bool after = word(end) || (end < text.size() && text[end] == '.' && word(end + 1));
    if (!before && !after) return true;
  }
  return false;
}

bool same_words(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace qrsc::html
