#include "qrsc/frontend/deprecated_spellings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <span>

#include "qrsc/format/spec_format.hpp"

namespace qrsc {
namespace {

// The key lists an object of `type` takes: a table's own and its kind's (every kind's when a
// variant's patch does not say its kind).
std::vector<std::span<const format::Key>> keys_of(std::string_view type, const Node& object) {
  std::vector<std::span<const format::Key>> keys{format::object_type(type).keys};
  if (type != "table") return keys;
  const NodePtr kind = object.get("kind");
  for (const format::TableKindKeys& k : format::table_kinds()) {
    if (!kind || !kind->is_scalar() || kind->scalar == k.kind) keys.push_back(k.keys);
  }
  return keys;
}

void visit(Node& object, std::string_view type, std::vector<OldSpelling>& found);

void visit_value(Node& value, const format::Key& key, std::vector<OldSpelling>& found) {
  if (key.type == format::Type::choice && value.is_scalar()) {
    for (const format::DeprecatedSpelling& d : key.deprecated) {
      if (value.scalar != d.old_spelling) continue;
      found.push_back({value.loc, value.scalar, std::string(d.spelling)});
      value.scalar = d.spelling;
    }
  }
  if (key.of.empty()) return;
  const auto object = [&](const NodePtr& n) {
    if (n && n->is_map()) visit(*n, key.of, found);
  };
  if (key.type == format::Type::object) {
    if (value.is_map()) visit(value, key.of, found);
    return;
  }
  for (const NodePtr& item : value.items) object(item);  // a list's entries; columns or cells as a list
  if (key.type == format::Type::cells) {
    for (const auto& entry : value.entries) object(entry.second);  // cells by column id
  }
}

void visit(Node& object, std::string_view type, std::vector<OldSpelling>& found) {
  const auto keys = keys_of(type, object);
  for (auto& [name, value] : object.entries) {
    if (!value) continue;
    for (const auto list : keys) {
      if (const format::Key* k = format::find_key(list, name)) visit_value(*value, *k, found);
    }
  }
}

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
  if (spec.is_map()) visit(spec, "spec", found);
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
