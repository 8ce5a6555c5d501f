#include "qrsc/format/json_schema.hpp"

#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>
#include <string_view>

#include "qrsc/base/limits.hpp"
#include "qrsc/base/unicode.hpp"
#include "qrsc/format/spec_format.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/model/notation_pattern.hpp"

namespace qrsc::format {
namespace {

using Json = nlohmann::ordered_json;

// A JSON number within the magnitude qrsc reads.
Json bounded_number(const char* type) {
  return {{"type", type}, {"minimum", -limits::kMaxMagnitude}, {"maximum", limits::kMaxMagnitude}};
}

// A value written as a JSON number of `type` (within qrsc's magnitude) or as text in a
// notation. One schema, not a choice of two, so that an editor reports the notation's own
// message (`patternErrorMessage`, read by yaml-language-server) at a value that breaks it.
Json notation(const char* type, const std::string& pattern, std::string_view expected) {
  return {{"type", {type, "string"}},
          {"minimum", -limits::kMaxMagnitude},
          {"maximum", limits::kMaxMagnitude},
          {"pattern", pattern},
          {"patternErrorMessage", "expected " + std::string(expected)}};
}

// `j` with the key's own bounds, where it has them.
Json bounded_integer(Json j, const Key& key) {
  if (key.maximum > key.minimum) j["minimum"] = key.minimum, j["maximum"] = key.maximum;
  return j;
}

Json ref(std::string_view def) { return {{"$ref", "#/$defs/" + std::string(def)}}; }

Json scalar_text() { return ref("text"); }

Json cells_schema(const std::string& pattern);

// The schema of one value of `key`, without its description.
Json value_schema(const Key& key) {
  switch (key.type) {
    case Type::text: return scalar_text();
    case Type::paragraphs: return {{"anyOf", {scalar_text(), {{"type", "array"}, {"items", scalar_text()}}}}};
    case Type::notes:
    case Type::string:
    case Type::spec_name: return ref("string");
    case Type::spec_names: return {{"anyOf", {ref("string"), {{"type", "array"}, {"items", ref("string")}}}}};
    case Type::id: return ref("id");
    case Type::ids: return {{"anyOf", {ref("id"), {{"type", "array"}, {"items", ref("id")}}}}};
    case Type::reference: return ref("reference");
    case Type::sheet_id: return ref("sheetId");
    case Type::texts: return {{"anyOf", {scalar_text(), {{"type", "array"}, {"items", scalar_text()}}}}};
    case Type::integer: {
      if (key.maximum == key.minimum && key.maximum != 0) return {{"const", key.minimum}};
      return bounded_integer(bounded_number("integer"), key);
    }
    case Type::signed_number:
      return bounded_integer(notation("integer", pattern::whole_number(), "a whole number such as +1, 0 or -2"), key);
    case Type::number: return ref("number");
    case Type::positive_number: return ref("positiveNumber");
    case Type::distance: return ref("distance");
    case Type::boolean:
      if (key.choices.size() == 1) return {{"const", std::string_view(key.choices.front()) == "true"}};
      return {{"type", "boolean"}};
    case Type::choice: {
      Json values = Json::array();
      for (const char* c : key.choices) values.push_back(c);
      if (key.deprecated.empty()) return {{"enum", values}};
      // An old spelling still compiles (with a warning): valid, and marked deprecated for editors.
      Json old = Json::array();
      for (const DeprecatedSpelling& d : key.deprecated) old.push_back(d.old_spelling);
      return {{"anyOf", {{{"enum", values}}, {{"enum", old}, {"deprecated", true}}}}};
    }
    case Type::band: return ref("band");
    case Type::band_cell: return ref("bandCell");
    case Type::dice: return {{"type", "string"}, {"pattern", pattern::roll()}};
    case Type::object: return ref(key.of);
    case Type::list: return {{"type", "array"}, {"items", ref(key.of)}};
    case Type::map:
    case Type::row_bands:
      return {{"type", "object"}, {"propertyNames", ref("reference")}, {"additionalProperties", ref("bandCell")}};
    case Type::columns: return {{"anyOf", {ref("id"), {{"type", "array"}, {"items", ref(key.of)}}}}};
    case Type::cells: {
      return cells_schema("");
    }
  }
  return Json::object();
}

Json key_schema(const Key& key) {
  Json j = value_schema(key);
  if (key.flags & kRemovable) j = {{"anyOf", {j, {{"type", "null"}}}}};  // `~` removes the parent's
  j["description"] = std::string(key.description);
  return j;
}

Json properties(std::span<const Key> keys) {
  Json p = Json::object();
  for (const Key& k : keys) p[std::string(k.name)] = key_schema(k);
  return p;
}

// The keys with the flag that are required outright (not those another key stands in for).
Json names_with(std::span<const Key> keys, Flag flag) {
  Json names = Json::array();
  for (const Key& k : keys) {
    if ((k.flags & flag) && k.unless.empty()) names.push_back(std::string(k.name));
  }
  return names;
}

// A key required unless another is present: `if` none of those, `then` it.
Json required_unless(const Key& k) {
  Json others = Json::array();
  for (const char* u : k.unless) others.push_back({{"required", {u}}});
  return {{"if", {{"not", {{"anyOf", others}}}}}, {"then", {{"required", {std::string(k.name)}}}}};
}

// Keys that exclude each other: at most one (`not` all of them), or exactly one (`oneOf`) when
// the group is required always (one required unless patching is at most one here: a variant's
// patch of the object states changes only).
Json one_of_constraints(const ObjectType& type) {
  Json all = Json::array();
  for (const OneOf& group : type.one_of) {
    Json keys = Json::array();
    for (const char* k : group.keys) keys.push_back(k);
    if (group.flags & kRequired) {
      Json alternatives = Json::array();
      for (const auto& k : keys) alternatives.push_back({{"required", {k}}});
      all.push_back({{"oneOf", alternatives}});
    } else {
      for (std::size_t a = 0; a < keys.size(); ++a) {
        for (std::size_t b = a + 1; b < keys.size(); ++b) all.push_back({{"not", {{"required", {keys[a], keys[b]}}}}});
      }
    }
  }
  return all;
}

Json object_schema(const ObjectType& type) {
  Json j = {{"type", "object"}, {"description", std::string(type.description)}};
  Json props = properties(type.keys);
  if (type.merged_entry) {
    for (const VariantEntryKey& v : variant_entry_keys()) {
      // `true` only (value_schema reads it from the key); the parent entry's id, or its
      // position in the parent's list.
      Json value = v.key.type == Type::boolean ? value_schema(v.key) : Json{{"type", {"string", "integer"}}};
      value["description"] = std::string(v.key.description);
      props[std::string(v.key.name)] = std::move(value);
    }
  }
  j["properties"] = props;
  if (const Json required = names_with(type.keys, kRequired); !required.empty()) j["required"] = required;
  Json constraints = one_of_constraints(type);
  for (const Key& k : type.keys) {
    // Required unless patching is not stated for a nested object (its patch in a variant states changes only).
    if ((k.flags & kRequired) && !k.unless.empty()) constraints.push_back(required_unless(k));
  }
  if (!constraints.empty()) j["allOf"] = constraints;
  j["additionalProperties"] = false;
  return j;
}

// The cells of a matrix whose cell type's notation is `pattern` (pattern::cell; "" for any
// text): each a value, `~`, or a map with the value and its source.
Json cells_schema(const std::string& pattern) {
  Json value = pattern.empty() ? Json{{"type", {"string", "number"}}}
                               : notation("number", pattern, "a value in the matrix's cell notation");
  value["type"].push_back("null");
  const Json cell = {{"anyOf", {value, {{"allOf", {ref("cell"), {{"properties", {{"value", value}}}}}}}}}};
  return {{"anyOf", {{{"type", "object"}, {"additionalProperties", cell}}, {{"type", "array"}, {"items", cell}}}}};
}

// Per cell type, an `if`/`then` that checks a matrix's cells against that type's notation.
Json cell_type_branches() {
  const Key& cell_key = *find_key(table_kinds()[static_cast<std::size_t>(TableKind::matrix)].keys, "cell");
  Json branches = Json::array();
  for (std::size_t t = 0; t < kCellTypeNames.size(); ++t) {
    const std::string pattern = pattern::cell(static_cast<CellType>(t));
    if (pattern.empty()) continue;
    Json names = {kCellTypeNames[t]};  // the cell type's name and its deprecated spellings
    for (const DeprecatedSpelling& d : cell_key.deprecated) {
      if (d.spelling == kCellTypeNames[t]) names.push_back(d.old_spelling);
    }
    const Json is_type = {{"required", {"cell"}}, {"properties", {{"cell", {{"enum", names}}}}}};
    const Json rows = {{"items", {{"properties", {{"cells", cells_schema(pattern)}}}}}};
    branches.push_back({{"if", is_type}, {"then", {{"properties", {{"rows", rows}}}}}});
  }
  return branches;
}

// A table: the common keys, and per kind an `if`/`then` adding that kind's keys. A table
// without `kind` patches a parent's table of a kind the schema cannot see: it may have the keys
// of any kind. Keys no passing branch evaluates are rejected (unevaluatedProperties).
Json table_schema() {
  Json j = object_schema(object_type("table"));
  j.erase("additionalProperties");
  Json branches = Json::array();
  Json any_kind = Json::object();
  for (const TableKindKeys& kind : table_kinds()) {
    Json then = {{"properties", properties(kind.keys)}};
    // A matrix's cells follow its cell type's notation (inside the kind's branch: an `if` that
    // passes counts its keys as evaluated, so `cell` must not be tested outside matrices).
    if (kind.kind == kTableKindNames[static_cast<std::size_t>(TableKind::matrix)]) then["allOf"] = cell_type_branches();
    branches.push_back(
        {{"if", {{"required", {"kind"}}, {"properties", {{"kind", {{"const", std::string(kind.kind)}}}}}}},
         {"then", then}});
    for (const Key& k : kind.keys) {
      const std::string name(k.name);
      // A key several kinds have (rows, items, columns) takes what any of them takes.
      any_kind[name] = any_kind.contains(name) ? Json{{"anyOf", {any_kind[name], key_schema(k)}}} : key_schema(k);
    }
  }
  branches.push_back({{"if", {{"not", {{"required", {"kind"}}}}}}, {"then", {{"properties", any_kind}}}});

  j["allOf"] = branches;
  j["unevaluatedProperties"] = false;
  return j;
}

Json notation_defs() {
  Json defs = Json::object();
  // UTF-8 text without control characters other than tab and line breaks, nor the invisible
  // format characters the reader refuses (base/unicode), as qrsc reads it.
  std::string refused = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f";
  for (const NamedCodePoint& c : invisible_format_characters()) refused += fmt::format("\\u{:04x}", c.cp);
  defs["string"] = {{"type", "string"}, {"maxLength", limits::kMaxTextLength}, {"pattern", "^[^" + refused + "]*$"}};
  defs["text"] = defs["string"];  // and a number, read as its text
  defs["text"]["type"] = {"string", "number"};
  defs["text"]["description"] = "Sheet text (a number is read as its text).";
  defs["id"] = {
      {"description",
       "An id: lower-case snake_case ([a-z0-9_], may start with a digit), at most 64 "
       "characters. The C++ backend uses it as a name."},
      {"anyOf",
       {{{"type", "string"}, {"pattern", "^[a-z0-9][a-z0-9_]{0," + std::to_string(limits::kMaxIdLength - 1) + "}$"}},
        {{"type", "integer"}, {"minimum", 0}}}}};
  defs["reference"] = defs["id"];  // an id, as the thing it names declares it
  defs["reference"]["description"] = "The id of something in the spec.";
  defs["sheetId"] = {
      {"description", "A spec's id: [a-z0-9][a-z0-9._-]*, at most 64 characters."},
      {"anyOf",
       {{{"type", "string"}, {"pattern", "^[a-z0-9][a-z0-9._-]{0," + std::to_string(limits::kMaxIdLength - 1) + "}$"}},
        {{"type", "integer"}, {"minimum", 0}}}}};
  defs["number"] = {{"description", "An exact number: 3, -2, 1/2, 1 1/2, 1.5."},
                    {"allOf", {notation("number", pattern::number(), "a number such as 2, 1/2, 1 1/2 or 1.5")}}};
  Json positive = notation("number", pattern::positive_number(), "a number greater than zero such as 1.5 or 3/2");
  positive.erase("minimum");
  positive["exclusiveMinimum"] = 0;
  defs["positiveNumber"] = {{"description", "An exact number greater than zero: 1.5, 3/2."}, {"allOf", {positive}}};
  defs["distance"] = {{"description", "A distance in inches: 4in, 1 in, 1 inch, 1 1/2\", 1.5in."},
                      {"type", "string"},
                      {"patternErrorMessage", "expected a distance such as 4in, 1 inch, 1\" or 1.5in"},
                      {"pattern", pattern::distance()}};
  defs["band"] = {
      {"description",
       "A band in the sheet's own notation: '8 or more', '3 or less', '3 - 7', '1, 2', '10', "
       "'-' (none), 'less than 1', 'at least 9', 'more than 1 and less than 2', 'at most 2', "
       "'exactly 3/2', 'equal' (a ratio of 1)."},
      {"allOf",
       {notation("integer", pattern::band(),
                 "a band such as '8 or more', '3 - 7', '1, 2', '10', '-', 'less than 1' or 'at least 9'")}}};
  defs["bandCell"] = {
      {"description", "A row's band: a band, or '?' where the source documents do not give it."},
      {"allOf",
       {notation("integer", pattern::band_cell(),
                 "a band such as '8 or more', '3 - 7', '1, 2', '10', '-', 'less than 1' or 'at least 9', or '?'")}}};
  return defs;
}

}  // namespace

std::string spec_json_schema() {
  const ObjectType& spec_type = spec();
  Json j = {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
            {"$comment",
             "Generated from the spec format's description (compiler/format/spec_format.cpp) by "
             "'qrsc format --schema'; do not edit."},
            {"title", "qrs spec"}};
  j.update(object_schema(spec_type));
  // A root spec (neither a variant nor abstract) states everything: its own complete keys, and
  // each table its kind, its title and the complete keys of its kind (a band table's rows).
  Json table_complete = names_with(object_type("table").keys, kComplete);
  table_complete.insert(table_complete.begin(), "id");
  Json kind_complete = Json::array();
  for (const TableKindKeys& kind : table_kinds()) {
    kind_complete.push_back(
        {{"if", {{"required", {"kind"}}, {"properties", {{"kind", {{"const", std::string(kind.kind)}}}}}}},
         {"then", {{"required", names_with(kind.keys, kComplete)}}}});
  }
  const Json variant = {{"required", {"extends"}}};
  const Json abstract = {{"required", {"abstract"}}, {"properties", {{"abstract", {{"const", true}}}}}};
  j["if"] = {{"not", {{"anyOf", Json::array({variant, abstract})}}}};
  j["then"] = {{"required", names_with(spec_type.keys, kComplete)},
               {"properties", {{"tables", {{"items", {{"required", table_complete}, {"allOf", kind_complete}}}}}}}};
  Json defs = notation_defs();
  for (const ObjectType& type : object_types()) {
    if (type.name == "spec") continue;
    defs[std::string(type.name)] = type.name == "table" ? table_schema() : object_schema(type);
  }
  j["$defs"] = defs;
  return j.dump(2) + "\n";
}

}  // namespace qrsc::format
