#include "depfile.hpp"

#include <algorithm>

namespace qrsc::cli {

namespace {

// Escapes what the Makefile syntax would split or expand: spaces, '#', '$'.
std::string escape(const std::string& path) {
  std::string out;
  for (const char c : path) {
    if (c == ' ' || c == '#' || c == '\\') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

}  // namespace

std::string make_depfile(const std::vector<std::string>& targets, const std::vector<std::string>& inputs) {
  std::string out;
  for (const auto& t : targets) out += (out.empty() ? "" : " \\\n ") + escape(t);
  out += ":";
  std::vector<std::string> seen;
  for (const auto& i : inputs) {
    if (std::find(seen.begin(), seen.end(), i) != seen.end()) continue;
    seen.push_back(i);
    out += " \\\n  " + escape(i);
  }
  return out + "\n";
}

}  // namespace qrsc::cli
