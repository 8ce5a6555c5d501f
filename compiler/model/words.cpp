#include "qrsc/model/words.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace qrsc {

namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// The case of one word applied to another: "Green" -> "Raw", "GREEN" -> "RAW".
std::string word_with_case_of(const std::string& model, const std::string& word) {
  if (model.empty() || word.empty()) return word;
  const bool all_upper =
      model.size() > 1 && std::all_of(model.begin(), model.end(), [](char c) {
        return !std::isalpha(static_cast<unsigned char>(c)) || std::isupper(static_cast<unsigned char>(c));
      });
  std::string out = word;
  if (all_upper) {
    for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  } else if (std::isupper(static_cast<unsigned char>(model[0]))) {
    out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  } else {
    out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  }
  return out;
}

std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// The replacement takes the case of the text it replaces, word by word ("Extended Line" ->
// "Open Order", "extended line" -> "open order"); extra words follow the last one.
std::string with_case_of(const std::string& model, const std::string& replacement) {
  const auto from = split_words(model);
  const auto to = split_words(replacement);
  if (from.empty()) return replacement;
  std::string out;
  for (std::size_t i = 0; i < to.size(); ++i) {
    out += (i ? " " : "") + word_with_case_of(from[std::min(i, from.size() - 1)], to[i]);
  }
  return out;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

bool contains_ignoring_case(const std::string& text, const std::string& from) {
  const auto same = [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  };
  return std::search(text.begin(), text.end(), from.begin(), from.end(), same) != text.end();
}

bool same_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && lower(a) == lower(b);
}

std::string replace_word(const std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  const std::string lt = lower(text), lf = lower(from);
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t at = lt.find(lf, i);
    if (at == std::string::npos) break;
    const bool start_ok = at == 0 || !is_word_char(text[at - 1]);
    const std::size_t end = at + from.size();
    const bool end_ok = end >= text.size() || !is_word_char(text[end]);
    out += text.substr(i, at - i);
    if (start_ok && end_ok) {
      out += with_case_of(text.substr(at, from.size()), to);
    } else {
      out += text.substr(at, from.size());
    }
    i = end;
  }
  out += text.substr(i);
  return out;
}

// An effect name is followed by a full stop when its text starts a new sentence
// ("Double Quick. Well handled ...") and runs on when the text continues it ("Well Handled
// maneuver.", "Fallen Leader check on ...").
std::string title_before(const std::string& title, const std::string& text) {
  if (title.empty() || text.empty()) return title;
  const char last = title.back();
  if (last == '.' || last == ':' || last == '!' || last == '?') return title;
  return std::islower(static_cast<unsigned char>(text[0])) ? title : title + ".";
}

}  // namespace qrsc
