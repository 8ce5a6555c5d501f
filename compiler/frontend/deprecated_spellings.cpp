#include "qrsc/frontend/deprecated_spellings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <span>

#include "qrsc/format/spec_format.hpp"
#include "qrsc/frontend/described_walk.hpp"

namespace qrsc {
namespace {

// The byte offset of a 1-based line and column (libyaml counts characters), or npos.
std::size_t offset_of(const std::string& text, int line, int col) {
  std::size_t at = 0;
  for (int l = 1; l < line; ++l) {
    at = text.find('\n', at);
    if (at == std::string::npos) return at;
    ++at;
  }
  for (int c = 1; c < col && at < text.size() && text[at] != '\n'; ++c) {
    ++at;
    while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
  }
  return at;
}

}  // namespace

std::vector<OldSpelling> modernize_spellings(Node& spec) {
  std::vector<OldSpelling> found;
  DescribedVisit visit;
  visit.scalar = [&](Node& value, const format::Key& key, const format::Place&, const Node*) {
    if (key.type != format::Type::choice) return;
    for (const format::DeprecatedSpelling& d : key.deprecated) {
      if (value.scalar != d.old_spelling) continue;
      found.push_back({value.loc, value.scalar, std::string(d.spelling)});
      value.scalar = d.spelling;
    }
  };
  walk_described(spec, format::Place::spec_root(), visit);
  return found;
}

void warn_old_spelling(const OldSpelling& old, Diagnostics& diags) {
  diags.warning(old.at, fmt::format("'{}' is deprecated; use '{}'", old.old_spelling, old.spelling));
}

std::string with_current_spellings(std::string text, const std::vector<OldSpelling>& old, std::size_t& fixed) {
  fixed = 0;
  // From the last to the first, so that each replacement leaves the offsets before it as they were.
  std::vector<const OldSpelling*> order;
  for (const OldSpelling& o : old) order.push_back(&o);
  std::sort(order.begin(), order.end(), [](const OldSpelling* a, const OldSpelling* b) {
    return std::pair(a->at.line, a->at.col) > std::pair(b->at.line, b->at.col);
  });
  for (const OldSpelling* o : order) {
    std::size_t at = offset_of(text, o->at.line, o->at.col);
    if (at >= text.size()) continue;
    if (text[at] == '"' || text[at] == '\'') ++at;  // a quoted scalar's location is its quote
    if (text.compare(at, o->old_spelling.size(), o->old_spelling) != 0) continue;
    const std::size_t end = at + o->old_spelling.size();
    const auto word = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; };
    if (end < text.size() && word(text[end])) continue;  // a longer token
    text.replace(at, o->old_spelling.size(), o->spelling);
    ++fixed;
  }
  return text;
}

}  // namespace qrsc
