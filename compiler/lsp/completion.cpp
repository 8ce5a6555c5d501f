// Completion: the keys the spec format allows where the cursor is (from the format's one
// description, spec_format.hpp), the choices of a key's value, and ids: tables, rows, modifiers,
// facts and spec names.
#include <algorithm>
#include <functional>
#include <set>

#include "qrsc/format/format_place.hpp"
#include "qrsc/format/spec_format.hpp"
#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/lsp/features.hpp"
#include "qrsc/lsp/sheet_elements.hpp"
#include "qrsc/lsp/text_position.hpp"
#include "qrsc/lsp/yaml_outline.hpp"

namespace qrsc::lsp {

using nlohmann::json;
namespace format = qrsc::format;

namespace {

// The protocol's completion item kinds.
constexpr int kProperty = 10;
constexpr int kEnumMember = 20;
constexpr int kReference = 18;
constexpr int kFile = 17;

// Where the cursor is in the format: the keys of an object (format::Place, with a table's kind).
using format::Place;

// The table kind of the list entry at `step`: its `kind`, or, in a variant that patches a table
// without restating its kind, the kind of the table of that id in the sheet's model.
const format::TableKindKeys* table_kind(std::string_view text, const OutlineStep& step, const Spec* model) {
  if (const std::string kind = entry_value(text, step.line, step.column, "kind"); !kind.empty())
    return format::table_kind(kind);
  const std::string id = entry_value(text, step.line, step.column, "id");
  const Table* t = model ? model->table(id) : nullptr;
  return t ? format::table_kind(table_kind_name(t->kind)) : nullptr;
}

// Follows the steps down from the spec's top; null object when they leave the format.
Place follow(std::string_view text, const std::vector<OutlineStep>& steps, const Spec* model) {
  Place p = Place::spec_root();
  bool map_key_next = false;  // a map's keys are ids: the step after one names no key
  for (const OutlineStep& s : steps) {
    if (s.key.empty()) {
      if (p.is("table")) p.kind = table_kind(text, s, model);
      continue;
    }
    if (map_key_next) {
      map_key_next = false;
      continue;
    }
    const format::Key* k = p.key(s.key);
    if (!k || !Place::held_by(*k).object) return {};
    map_key_next = format::keyed_by_id(*k);
    p = Place::held_by(*k);
  }
  return p;
}

json key_item(const format::Key& k) {
  return {{"label", std::string(k.name)},
          {"kind", kProperty},
          {"documentation", std::string(k.description)},
          {"insertText", std::string(k.name) + ": "}};
}

// The ids of the spec's things of the kind a reference names, where the format says which
// (format::refers): false when it does not, or names entries of a table (a row, a column).
bool referred_items(const Spec& model, format::Refers what,
                    const std::function<void(const std::string&, int, const std::string&)>& add) {
  switch (what) {
    case format::Refers::table:
    case format::Refers::modifier_lists:
    case format::Refers::rolled_table:
      for (const Table& t : model.tables) {
        const auto* bands = std::get_if<BandTable>(&t.body);
        const bool numbered = bands && std::any_of(bands->rows.begin(), bands->rows.end(),
                                                   [](const BandRow& r) { return r.number.has_value(); });
        if ((what == format::Refers::modifier_lists && t.kind != TableKind::modifiers && !numbered) ||
            (what == format::Refers::rolled_table && !(bands && bands->dice))) {
          continue;
        }
        add(t.id, kReference, t.title);
      }
      return true;
    case format::Refers::vocabulary:
      for (const Vocabulary& v : model.vocabularies) add(v.id, kReference, v.title);
      return true;
    case format::Refers::term:
      for (const Vocabulary& v : model.vocabularies) {
        for (const Term& t : v.terms) add(t.id, kEnumMember, t.name + " (" + v.id + ")");
      }
      return true;
    case format::Refers::modifier:
      for (const Table& t : model.tables) {
        const auto* list = std::get_if<ModifierTable>(&t.body);
        if (!list) continue;
        for (const ModifierItem& i : list->items) add(i.id, kEnumMember, i.text.render() + " (" + t.id + ")");
      }
      return true;
    case format::Refers::share_unit:
      // The traits of the lists, and the matrices' rows (what a unit reads: its weapon).
      for (const Table& t : model.tables) {
        if (const auto* list = std::get_if<ModifierTable>(&t.body)) {
          for (const Trait& trait : list->traits) add(trait.id, kEnumMember, trait.text + " (" + t.id + ")");
        } else if (const auto* matrix = std::get_if<Matrix>(&t.body)) {
          for (const MatrixRow& r : matrix->rows) add(t.id + "/" + r.id, kReference, r.name);
        }
      }
      return true;
    default: return false;
  }
}

json value_items(Workspace& ws, const Document& doc, const Place& place, const format::Key& k) {
  json items = json::array();
  const auto add = [&](const std::string& label, int kind, const std::string& detail) {
    items.push_back({{"label", label}, {"kind", kind}, {"detail", detail}});
  };
  const Spec* own = ws.model(doc.path);
  if (own && referred_items(*own, format::refers(place.object->name, k.name), add)) return items;
  if (k.type == format::Type::choice) {
    for (const char* c : k.choices) add(c, kEnumMember, "");
  } else if (k.type == format::Type::boolean) {
    // Both, unless the format allows one only (a variant entry's `add: true`, `remove: true`).
    if (k.choices.empty()) {
      add("true", kEnumMember, "");
      add("false", kEnumMember, "");
    }
    for (const char* c : k.choices) add(c, kEnumMember, "");
  } else if (k.type == format::Type::spec_name || k.type == format::Type::spec_names) {
    // The specs of the document's rules folder, named as `extends` names them.
    // The spec files the front end would read there (spec_search_path.hpp).
    const auto root = canonical_file(rules_root_of(doc.path));
    std::set<std::string> names;
    for (const auto& file : spec_files_under(root, 1000)) {
      names.insert(std::filesystem::path(file).replace_extension().lexically_relative(root).generic_string());
    }
    for (const auto& n : names) add(n, kFile, "spec");
  } else if (k.type == format::Type::reference || k.type == format::Type::ids || k.type == format::Type::texts) {
    // References: the sheet's tables, rows, items and facts ("table/row", as `covers` names them).
    const Spec* model = ws.model(doc.path);
    if (!model) return items;
    std::set<std::string> seen;
    for_each_element(*model, [&](const SheetElement& e) {
      if (!e.path.empty() && e.what.find("band") == std::string::npos && e.what.find("cell") == std::string::npos &&
          seen.insert(e.path).second) {
        add(e.path, kReference, e.what);
      }
    });
  }
  return items;
}

// Where the cursor is in the flow maps and sequences of a line's text before it ("{ id: x, ba",
// "[fire_"), `key` being the key the text is the value of ("" for a list entry's own map).
struct FlowContext {
  std::vector<std::string> keys;  // the keys whose values are the open flow maps, outermost first
  std::string key_of_value;       // the key whose value the cursor is in ("" at a key)
};

FlowContext flow_context(std::string_view rest, std::string last_key) {
  FlowContext f;
  std::vector<std::string> stack;  // per open bracket: its key; "[" marks a sequence
  std::string token;
  bool at_value = false;
  for (const char c : rest) {
    if (c == '{' || c == '[') {
      stack.push_back(c == '[' ? "[" + last_key : last_key);
      token.clear();
      at_value = c == '[';
    } else if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
      token.clear();
    } else if (c == ',') {
      token.clear();
      at_value = !stack.empty() && stack.back().starts_with("[");
    } else if (c == ':') {
      last_key = token.substr(token.find_first_not_of(' ') == std::string::npos ? 0 : token.find_first_not_of(' '));
      token.clear();
      at_value = true;
    } else {
      token.push_back(c);
    }
  }
  for (const auto& k : stack) {
    if (!k.starts_with("[")) f.keys.push_back(k);
  }
  if (at_value) f.key_of_value = !stack.empty() && stack.back().starts_with("[") ? stack.back().substr(1) : last_key;
  return f;
}

// Whether the document is a variant (it extends a parent): only a variant's entries take
// `add`, `after` and `remove`.
bool is_variant(std::string_view text) {
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    if (text.substr(start, end - start).starts_with("extends:")) return true;
    start = end + 1;
  }
  return false;
}

// The column ids of the table whose entry the steps pass through (a band row's `bands`, a
// matrix row's `cells`, whose keys are its column ids).
// The model's table the steps are inside (`tables:` then its entry), or null.
const Table* table_at(std::string_view text, const std::vector<OutlineStep>& steps, const Spec* model) {
  std::string table;
  for (std::size_t i = 0; i + 1 < steps.size(); ++i) {
    if (steps[i].key == "tables" && steps[i + 1].key.empty())
      table = entry_value(text, steps[i + 1].line, steps[i + 1].column, "id");
  }
  return model ? model->table(table) : nullptr;
}

// The keys of a map by row id (a matchup's `bands: {`): the band table's row ids.
json row_items(std::string_view text, const std::vector<OutlineStep>& steps, const Spec* model) {
  json items = json::array();
  const Table* t = table_at(text, steps, model);
  if (const auto* b = t ? std::get_if<BandTable>(&t->body) : nullptr) {
    for (const BandRow& r : b->rows) items.push_back({{"label", r.id}, {"kind", kEnumMember}, {"detail", r.title}});
  }
  return items;
}

json column_items(std::string_view text, const std::vector<OutlineStep>& steps, const Spec* model) {
  json items = json::array();
  const Table* t = table_at(text, steps, model);
  if (!t) return items;
  const auto add = [&](const std::vector<Column>& columns) {
    for (const Column& c : columns) items.push_back({{"label", c.id}, {"kind", kEnumMember}, {"detail", c.name}});
  };
  if (const auto* b = std::get_if<BandTable>(&t->body)) add(b->columns);
  if (const auto* m = std::get_if<Matrix>(&t->body)) add(m->columns);
  return items;
}

}  // namespace

json completion(Workspace& ws, const Document& doc, const json& params) {
  const json& pos = params["position"];
  const int line = pos["line"].get<int>();
  const std::string_view l = line_of(doc.text, line);
  const std::string_view before = l.substr(0, byte_of(doc.text, line, pos["character"].get<int>()));
  // The line's own block structure: its indentation, a dash, a key.
  std::size_t i = before.find_first_not_of(' ');
  if (i == std::string_view::npos) i = before.size();
  int column = static_cast<int>(i);
  bool dash = false;
  if (i < before.size() && before[i] == '-' && (i + 1 == before.size() || before[i + 1] == ' ')) {
    dash = true;
    i = std::min(before.size(), i + 2);
    column = static_cast<int>(i);
  }
  std::vector<OutlineStep> steps = outline_above(doc.text, line, dash ? column - 2 : column);
  if (dash) steps.push_back({"", line, column - 2});
  // A key on this line ("rows: [" or "bands: { crack:"): the flow that follows it.
  std::string_view rest = before.substr(i);
  std::string line_key;
  if (const std::size_t colon = rest.find(": ");
      colon != std::string_view::npos && rest.find('{') > colon && rest.find('[') > colon) {
    line_key = std::string(rest.substr(0, colon));
    rest.remove_prefix(colon + 1);
  }
  std::string value_key;
  if (!line_key.empty() && rest.find_first_of("{[") == std::string_view::npos) {
    value_key = line_key;  // "kind: ba"
  } else {
    const FlowContext flow = flow_context(rest, line_key);
    for (const auto& k : flow.keys) {
      if (!k.empty()) steps.push_back({k, line, column});
    }
    value_key = flow.key_of_value;
  }
  const Spec* model = ws.model(doc.path);
  if (value_key.empty() && !steps.empty() && !steps.back().key.empty()) {
    // The keys of a map by column id (`bands: {`, `cells: {`): the table's column ids.
    const std::vector<OutlineStep> above(steps.begin(), steps.end() - 1);
    const Place holder = follow(doc.text, above, model);
    const format::Key* k = holder.key(steps.back().key);
    if (k && (k->type == format::Type::map || k->type == format::Type::cells))
      return column_items(doc.text, steps, model);
    if (k && k->type == format::Type::row_bands) return row_items(doc.text, steps, model);
  }
  const Place place = follow(doc.text, steps, model);
  if (!place.object) return json::array();
  if (!value_key.empty()) {
    const format::Key* k = place.key(value_key);
    return k ? value_items(ws, doc, place, *k) : json::array();
  }
  json items = json::array();
  for (const format::Key& k : place.object->keys) items.push_back(key_item(k));
  if (place.object->merged_entry && is_variant(doc.text)) {
    for (const auto& v : format::variant_entry_keys()) items.push_back(key_item(v.key));
  }
  if (place.kind) {
    for (const format::Key& k : place.kind->keys) items.push_back(key_item(k));
  }
  return items;
}

}  // namespace qrsc::lsp
