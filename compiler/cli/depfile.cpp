#include "qrsc/cli/depfile.hpp"

#include <algorithm>

#include "qrsc/base/printable.hpp"

namespace qrsc::cli {

namespace {

// A path as GNU make and Ninja both read it back: a space, '#' or ':' escaped with a backslash
// (else make ends the name, starts a comment or sees a rule), '$' doubled (else a variable).
// Backslashes never reach here (see readable).
std::string escape(const std::string& path) {
  std::string out;
  for (const char c : path) {
    if (c == ' ' || c == '#' || c == ':') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

// A control character would end the rule (a newline starts a recipe line: a command make runs);
// make and Ninja read backslashes before a separator differently, so no escape of one is safe.
bool readable(const std::string& path) { return !has_control_character(path) && path.find('\\') == std::string::npos; }

}  // namespace

Depfile make_depfile(const std::vector<std::string>& targets, const std::vector<std::string>& inputs) {
  Depfile d;
  const auto refuse_unreadable = [&](const std::string& p) {
    if (readable(p)) return false;
    d.unwritable.push_back(p);
    return true;
  };
  for (const auto& t : targets) {
    if (!refuse_unreadable(t)) d.text += (d.text.empty() ? "" : " \\\n ") + escape(t);
  }
  d.text += ":";
  std::vector<std::string> seen;
  for (const auto& i : inputs) {
    if (std::find(seen.begin(), seen.end(), i) != seen.end()) continue;
    seen.push_back(i);
    if (!refuse_unreadable(i)) d.text += " \\\n  " + escape(i);
  }
  d.text += "\n";
  if (!d.unwritable.empty()) d.text.clear();
  return d;
}

}  // namespace qrsc::cli
