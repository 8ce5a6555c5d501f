// The spec format, described once: every object a spec holds, its keys, their types, allowed
// values and roles. The front end checks keys against it, the resolver reads from it which
// lists merge by id and which keys hold sheet text (walking a spec by it, format_place.hpp), and
// the JSON Schema for editors and the key reference in docs/spec-format.md are generated from it
// (json_schema.hpp, key_reference.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrsc::format {

// What a key's value must be. Notations (band, dice, distance, number) are checked in full by
// the front end; the schema checks what a pattern can say of them.
enum class Type : std::uint8_t {
  text,             // a scalar shown on the sheet (a number is read as its text)
  paragraphs,       // text, or a list of paragraphs
  notes,            // the spec author's notes: a string, never printed
  string,           // a plain string that is not sheet text (a file name, a URL)
  id,               // an id that becomes a C++ name: [a-z0-9][a-z0-9_]*
  ids,              // an id or a list of ids
  reference,        // the id of something else in the spec (a row, a column, a table)
  sheet_id,         // a spec's id: [a-z0-9][a-z0-9._-]*
  spec_name,        // a spec named as `extends` names it: a path under a rules folder, no .yaml
  spec_names,       // a spec name or a list of them
  texts,            // a text or a list of texts
  integer,          // a whole number
  signed_number,    // a whole number with an optional sign: +1, 0, -2
  number,           // an exact number: 3, 1/2, 1 1/2, 1.5
  positive_number,  // an exact number greater than zero
  distance,         // a distance in inches: 4in, 1 1/2in
  boolean,
  choice,     // one of `choices`
  band,       // a band in the sheet's notation: '8 or more', '3 - 7', '1, 2', '-'
  band_cell,  // a row's band: a band, or '?' (a value the sources do not give)
  dice,       // dice: d10, 2d6
  object,     // a map of the object type `of`
  list,       // a list of the object type `of`
  map,        // a map from ids to the `of` object type, or to band notation when `of` is empty
  columns,    // a vocabulary id, or a list of the object type `of`
  cells,      // cells by column id, or a list in column order (each a `cell` object or a value)
  row_bands,  // a map from row ids to band notation (each a band_cell)
};

// Roles of a key, as bits.
enum Flag : std::uint8_t {
  kRequired = 1,            // always present (a list entry's id)
  kComplete = 2,            // present unless the object patches a parent's (a variant states changes only)
  kSheetText = 4,           // sheet text: renames apply to it
  kMergesById = 8,          // a list whose entries merge by id when a variant patches its parent
  kRemovable = 16,          // a variant may remove the parent's value with `~`
  kDeclaredAdditions = 32,  // of a list merging by id: a variant's new entry says `add: true`
                            // (or places itself with `after:`), so that a misspelled id is an error
  kAddsUp = 64,             // a list a variant adds its entries to, whole (errata: the specs' own
                            // and those of the specs it applies)
};

// A spelling of a choice the format once had: still accepted, with a warning that names the
// current spelling, and rewritten in place by `qrsc check --fix`. These are the format's changes
// that old specs meet; the key reference lists them by version (format_changes()).
struct DeprecatedSpelling {
  std::string_view old_spelling;
  std::string_view spelling;  // the current one
  std::string_view version;   // the format version (`qrs:`) during which it was renamed
  std::string_view why;
};

struct Key {
  std::string_view name;
  Type type;
  std::uint8_t flags = 0;
  std::string_view description;
  std::string_view of = {};                   // object type for object, list, map, columns
  std::span<const char* const> choices = {};  // for choice; for a boolean that takes one value only, that value
  std::int64_t minimum = 0, maximum = 0;      // bounds of an integer or signed_number, when maximum > minimum
  std::span<const DeprecatedSpelling> deprecated = {};  // for choice: old spellings of its choices
  // For a required key (kRequired or kComplete): keys that stand in for it. It is required
  // unless one of them is present ("a source document needs 'file' unless it has 'title'").
  std::span<const char* const> unless = {};
};

// Keys of one object that exclude each other: at most one may be present; exactly one when the
// group is kRequired, or kComplete (exactly one unless the object patches a parent's). The front
// end's reader (frontend/schema.cpp) enforces it, and the JSON Schema states it.
struct OneOf {
  std::span<const char* const> keys;
  std::uint8_t flags = 0;  // kRequired or kComplete, or neither
};

struct ObjectType {
  std::string_view name;  // the schema's name for it ("bandRow")
  std::string_view word;  // what one is called in a message ("row")
  std::string_view description;
  std::span<const Key> keys;
  bool merged_entry = false;  // an entry of a list that merges by id: takes variant_entry_keys()
  std::span<const OneOf> one_of = {};
};

// A table kind and the keys it adds to every table's.
struct TableKindKeys {
  std::string_view kind;
  std::string_view description;
  std::span<const Key> keys;
};

// A key an entry of a list merging by id (ObjectType::merged_entry) also takes in a variant:
// `add`, `after`, `remove`. `add` and `remove` take only `true` (their `choices`); `after` takes
// the id (or the position) of the parent's entry.
struct VariantEntryKey {
  Key key;
  std::string_view in_words;  // as the key reference lists it: "`add: true` (a new entry)"
};
std::span<const VariantEntryKey> variant_entry_keys();

// The whole format. The root object is the spec itself; "table" holds the keys every table
// has, and table_kinds() what each kind adds.
std::span<const ObjectType> object_types();
const ObjectType& object_type(std::string_view name);  // a name object_types() holds
std::span<const TableKindKeys> table_kinds();
inline const ObjectType& spec() { return object_type("spec"); }

// The kinds of id a spec declares: the object types whose `id` is an id (Type::id), in the
// format's order (source documents, vocabularies, terms, tables, columns, rows, parts, items,
// groups, sections, facts). Every reference (refers()), patch entry and rename names one of them.
std::vector<const ObjectType*> id_kinds();

// The kinds whose tables have a key of this name (for "belongs to matrix tables").
std::vector<std::string_view> kinds_with_key(std::string_view key);

// Whether a key of this name is sheet text in any object of the format (a check of edited lines).
// The resolver reads roles from each key itself, walking a spec by the description
// (format_place.hpp): a name such as `title` is sheet text in one object and not in another.
bool is_sheet_text(std::string_view key);

const Key* find_key(std::span<const Key> keys, std::string_view name);

// What a key that names something else of the spec names (a reference, an id or a list of ids):
// an editor's completion offers only those, and its definition goes to them.
enum class Refers : std::uint8_t {
  nothing,
  table,
  modifier_lists,  // modifier tables, and band tables whose rows carry numbers (dice `modifiers`)
  rolled_table,    // a band table with dice (a trigger's)
  vocabulary,
  term,
  row,         // a row of the object's `table` (or of the table it is in)
  column,      // a column of it
  item,        // an item of it
  modifier,    // an item of a modifier list (one of those the table's dice add)
  share_unit,  // what a unit is, in a share's `from`: a trait of the list, or a matrix row (table/row)
};
// Of a key of an object type ("table" for a table kind's keys), by name.
Refers refers(std::string_view object, std::string_view key);

// A deprecated spelling, with the object type and key it belongs to.
struct FormatChange {
  std::string_view object;  // the object type's name ("table" for a table kind's key)
  std::string_view kind;    // the table kind, for a table kind's key
  const Key* key;
  const DeprecatedSpelling* spelling;
};
// Every deprecated spelling of the format, in the order the format lists its keys.
std::vector<FormatChange> format_changes();

}  // namespace qrsc::format
