#include "qrsc/format/key_reference.hpp"

#include <fmt/format.h>

#include <array>

#include "qrsc/format/spec_format.hpp"

namespace qrsc::format {
namespace {

// How a value of each type is written, as the reference shows it; in Type's order.
constexpr std::array<std::string_view, 27> kTypeWords = {
    "text",
    "text or a list of paragraphs",
    "notes (not printed)",
    "string",
    "id",
    "id or list of ids",
    "id of another entry",
    "spec id",
    "spec name",
    "spec name or list of them",
    "text or list of texts",
    "whole number",
    "signed whole number",
    "number (3, 1/2, 1 1/2, 1.5)",
    "number greater than zero",
    "distance (4in)",
    "true or false",
    "one of",
    "band ('8 or more', '3 - 7')",
    "band ('8 or more', '3 - 7') or '?' (not given)",
    "dice (d10, 2d6)",
    "",
    "list of",
    "band per column id",
    "vocabulary id or list of",
    "cells by column id or in column order",
    "band per row id",
};
static_assert(kTypeWords.size() == static_cast<std::size_t>(Type::row_bands) + 1);

std::string anchor(std::string_view object) { return fmt::format("[{0}](#key-{0})", object); }

std::string value_words(const Key& key) {
  std::string words(kTypeWords[static_cast<std::size_t>(key.type)]);
  switch (key.type) {
    case Type::choice: {
      std::string values;
      for (const char* c : key.choices) values += (values.empty() ? "`" : "`, `") + std::string(c);
      words += " " + values + "`";
      for (const DeprecatedSpelling& d : key.deprecated) {
        words += fmt::format(" (`{}`: deprecated, read as `{}`)", d.old_spelling, d.spelling);
      }
      return words;
    }
    case Type::object: return anchor(key.of);
    case Type::list:
    case Type::columns: return words + " " + anchor(key.of);
    default: break;
  }
  if (key.maximum > key.minimum) words += fmt::format(", {} to {}", key.minimum, key.maximum);
  if (key.maximum == key.minimum && key.maximum != 0) words = fmt::format("`{}`", key.minimum);
  return words;
}

std::string roles(const Key& key) {
  std::string r;
  const auto add = [&](std::string_view word) { r += (r.empty() ? "" : ", ") + std::string(word); };
  std::string unless;  // "`bands`, `parts`": the keys that stand in for it
  for (std::size_t i = 0; i < key.unless.size(); ++i) {
    unless += std::string(i == 0 ? "" : i + 1 == key.unless.size() ? " or " : ", ") + "`" + key.unless[i] + "`";
  }
  if (key.flags & kRequired) add(unless.empty() ? "required" : "required unless " + unless);
  if (key.flags & kComplete)
    add(unless.empty() ? "required unless patching" : "required unless " + unless + " or patching");
  if (key.flags & kMergesById) add("merges by id");
  if (key.flags & kAddsUp) add("adds up");
  if (key.flags & kSheetText) add("sheet text");
  if (key.flags & kRemovable) add("`~` removes");
  return r;
}

// Text in a Markdown table cell: `|` would end the cell, `<` and `>` would read as HTML.
std::string cell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '|': out += "\\|"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      default: out += c;
    }
  }
  return out;
}

void key_table(std::string& out, std::span<const Key> keys) {
  out += "| key | value | role | meaning |\n|---|---|---|---|\n";
  for (const Key& k : keys) {
    out += fmt::format("| `{}` | {} | {} | {} |\n", k.name, value_words(k), roles(k), cell(k.description));
  }
}

// The format's changes by version: each old spelling, what replaced it, and that it still reads.
void format_changes_list(std::string& out) {
  out +=
      "\n<a id=\"format-changes\"></a>\n#### Changes of the format, by version\n\n"
      "An old spelling is still accepted, with a warning that names the new one "
      "(`file:line:col: warning: 'old' is deprecated; use 'new'`); `qrsc check --fix SPEC` rewrites it in "
      "place.\n\n| format version | key | old spelling | now | why |\n|---|---|---|---|---|\n";
  for (const FormatChange& c : format_changes()) {
    const std::string where = c.kind.empty()
                                  ? fmt::format("`{}` of [{}](#key-{})", c.key->name, c.object, c.object)
                                  : fmt::format("`{}` of a `kind: {}` [table](#key-table)", c.key->name, c.kind);
    out += fmt::format("| {} | {} | `{}` | `{}` | {} |\n", c.spelling->version, where, c.spelling->old_spelling,
                       c.spelling->spelling, cell(c.spelling->why));
  }
}

}  // namespace

std::string key_reference_markdown() {
  std::string out;
  for (const ObjectType& type : object_types()) {
    out += fmt::format("\n<a id=\"key-{}\"></a>\n#### `{}`\n\n{}", type.name, type.name, type.description);
    if (type.merged_entry) {
      const auto keys = variant_entry_keys();
      out += " In a variant it also takes ";
      for (std::size_t i = 0; i < keys.size(); ++i) {
        out += std::string(i == 0 ? "" : i + 1 == keys.size() ? " and " : ", ") + std::string(keys[i].in_words);
      }
      out += ".";
    }
    for (const OneOf& group : type.one_of) {
      std::string keys;
      for (const char* k : group.keys) keys += (keys.empty() ? "`" : "`, `") + std::string(k);
      const char* how = (group.flags & kRequired)   ? "Exactly one"
                        : (group.flags & kComplete) ? "Exactly one (unless patching)"
                                                    : "At most one";
      out += fmt::format(" {} of {}`.", how, keys);
    }
    out += "\n\n";
    key_table(out, type.keys);
    if (type.name != "table") continue;
    for (const TableKindKeys& kind : table_kinds()) {
      out += fmt::format("\nKeys of a `kind: {}` table ({})\n\n", kind.kind, kind.description);
      key_table(out, kind.keys);
    }
  }
  format_changes_list(out);
  return out;
}

}  // namespace qrsc::format
