// Hover: what the cursor points at in every open sheet that has it (the edited spec's own, and
// the variants that extend it), each with its value as that sheet prints it and where the value
// comes from.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

#include "qrsc/analysis/odds.hpp"
#include "qrsc/base/markdown.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "qrsc/lsp/features.hpp"
#include "qrsc/lsp/sheet_elements.hpp"
#include "qrsc/lsp/text_position.hpp"
#include "qrsc/lsp/yaml_outline.hpp"
#include "qrsc/model/percent_text.hpp"

namespace qrsc::lsp {

using nlohmann::json;

namespace {

// Whether a location is in `file` (canonical), remembering each file name's answer.
class SameFile {
 public:
  explicit SameFile(std::filesystem::path file) : file_(std::move(file)) {}
  bool operator()(const Loc& loc) {
    if (!loc.file) return false;
    const auto [it, added] = memo_.try_emplace(*loc.file, false);
    if (added) it->second = canonical_file(*loc.file) == file_;
    return it->second;
  }

 private:
  std::filesystem::path file_;
  std::map<std::string, bool> memo_;
};

// The 1-based character column of byte `byte` of a line.
int column_of(std::string_view line, std::size_t byte) {
  int col = 1;
  for (std::size_t i = 0; i < std::min(byte, line.size()); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++col;
  }
  return col;
}

// The element of `spec` written at `line` of the file nearest before `col` (else the first).
std::optional<SheetElement> element_at(const Spec& spec, SameFile& in_file, int line, int col) {
  std::optional<SheetElement> best;
  for_each_element(spec, [&](const SheetElement& e) {
    if (e.loc.line != line || !in_file(e.loc)) return;
    const bool before = e.loc.col <= col;
    if (!best) {
      best = e;
    } else if (const bool best_before = best->loc.col <= col; before && (!best_before || e.loc.col >= best->loc.col)) {
      best = e;  // the nearest before the cursor; an equal column: the finer element, visited later
    } else if (!before && !best_before && e.loc.col < best->loc.col) {
      best = e;
    }
  });
  return best;
}

// The scaled values of `spec` that are the value of `e`: at its place, or the first after it on
// its line when its value follows it.
std::vector<const ScaledValue*> scaled_values_of(const Spec& spec, const SheetElement& e, SameFile& in_file) {
  std::vector<const ScaledValue*> at, after;
  for (const ScaledValue& v : spec.scaled_values) {
    if (v.loc.line != e.loc.line || !in_file(v.loc)) continue;
    if (v.loc.col == e.loc.col) at.push_back(&v);
    if (e.value_follows && v.loc.col > e.loc.col && (after.empty() || v.loc.col < after.front()->loc.col)) after = {&v};
  }
  return at.empty() ? after : at;
}

std::string at_line(const Loc& loc) {
  return fmt::format("{} line {}", loc.file ? display_path(*loc.file) : std::string("?"), loc.line);
}

// "table/row/column" of what an assertion names, as an element's path.
std::string assertion_path(const Assertion& a) {
  std::string path = a.table;
  for (const std::string* part : {&a.row, &a.column, &a.item}) {
    if (!part->empty()) path += "/" + *part;
  }
  return path;
}

// The value the element at `path` has in the baseline of the spec file that declares `err`
// (what its parents and applied specs make of it): nothing inside when the baseline lacks it;
// nothing at all when the file is a root spec, with no baseline to compare with.
std::optional<std::optional<std::string>> value_before(Workspace& ws, const Erratum& err, const std::string& path) {
  if (!err.loc.file) return std::nullopt;
  const auto before = ws.baseline(canonical_file(*err.loc.file));
  if (!before) return std::nullopt;
  std::optional<std::string> value;
  for_each_element(*before, [&](const SheetElement& p) {
    if (!value && p.path == path) value = p.value;
  });
  return value;
}

// Whether erratum `err` changed what `e` states: it covers `e` itself (or a part of it); or it
// covers what `e` is part of (a table, a row) and `e`'s value differs from the parent's, or, with
// no parent to compare with, one of its assertions names `e`.
bool changed_by(Workspace& ws, const Erratum& err, const SheetElement& e) {
  if (e.path.empty()) return false;
  const bool itself = std::any_of(err.covers.begin(), err.covers.end(),
                                  [&](const std::string& c) { return e.path == c || c.starts_with(e.path + "/"); });
  if (itself) return true;
  const bool within = std::any_of(err.covers.begin(), err.covers.end(),
                                  [&](const std::string& c) { return e.path.starts_with(c + "/"); });
  if (!within) return false;
  if (const auto before = value_before(ws, err, e.path)) return *before != e.value;
  return std::any_of(err.asserts.begin(), err.asserts.end(),
                     [&](const Assertion& a) { return assertion_path(a) == e.path; });
}

// Where the value `e` has in `spec` comes from.
std::vector<std::string> provenance(Workspace& ws, const Spec& spec, const SheetElement& e, bool own_file,
                                    SameFile& in_file) {
  std::vector<std::string> out;
  for (const ScaledValue* vp : scaled_values_of(spec, e, in_file)) {
    const ScaledValue& v = *vp;
    if (v.provenance.kind == Provenance::Kind::converted) {
      out.push_back(fmt::format("converted x{} from {} in {}",
                                spec.scale_factor ? format_decimal(*spec.scale_factor) : "?", v.provenance.detail,
                                at_line(e.loc)));
    } else {
      out.push_back("overridden: " + v.provenance.detail);
    }
  }
  if (out.empty()) out.push_back(own_file ? "stated here" : "inherited from " + at_line(e.loc));
  for (const Erratum& err : spec.errata) {
    if (!changed_by(ws, err, e)) continue;
    std::string text = err.text.size() > 240 ? err.text.substr(0, 240) + "..." : err.text;
    out.push_back(fmt::format("changed by erratum {} ({}): {}", err.id, err.doc, text));
  }
  return out;
}

// A rolled row's odds at net modifier 0, in each column ("" for a row that is not rolled).
std::string odds_at_net_zero(const SheetElement& e) {
  if (!e.band_table || !e.band_table->dice) return "";
  const BandTable& b = *e.band_table;
  std::string out;
  for (std::size_t c = 0; c < b.columns.size(); ++c) {
    const auto p = row_probability(b, e.row, c, 0);
    if (!p) continue;
    out += (out.empty() ? "" : ", ") + (b.single_column() ? "" : b.columns[c].name + " ") + percent_text(*p);
  }
  return out.empty() ? "" : "odds at net modifier 0: " + out;
}

// The elements of `spec` that state what `first` (found in another open sheet) states: at its
// path, or below it (a root's `band` that a variant replaced with `bands` per column), of the
// same kind ("band", "row", "cell").
std::vector<SheetElement> same_elements(const Spec& spec, const SheetElement& first) {
  std::vector<SheetElement> out;
  const auto kind = [](const std::string& what) { return what.substr(0, what.find(' ')); };
  if (first.path.empty()) return out;
  for_each_element(spec, [&](const SheetElement& e) {
    // A column's path is its table's: a column is the same column only by its id.
    if (kind(first.what) == "column" && e.what != first.what) return;
    if (kind(e.what) == kind(first.what) && (e.path == first.path || e.path.starts_with(first.path + "/"))) {
      out.push_back(e);
    }
  });
  return out;
}

// What a variant's patch entry names (`- id: movement_rates`, a row's id in a table's patch): the
// table or the entry of that id, by path, in each open sheet.
std::optional<SheetElement> patched_element(const Spec& spec, const Document& doc, int line, const json& pos) {
  const std::string word = word_at(line_of(doc.text, line), byte_of(doc.text, line, pos["character"].get<int>()));
  const std::string table = table_at(doc.text, line);
  if (word.empty() || table.empty()) return std::nullopt;
  const std::string path = word == table ? table : table + "/" + word;
  std::optional<SheetElement> found;
  for_each_element(spec, [&](const SheetElement& e) {
    if (!found && e.path == path) found = e;
  });
  return found;
}

}  // namespace

json hover(Workspace& ws, const Document& doc, const json& params) {
  const json& pos = params["position"];
  const int line = pos["line"].get<int>();
  // The last line the protocol can name is past every spec's (and its 1-based number past int's).
  if (line == std::numeric_limits<int>::max()) return nullptr;
  const std::string_view text = line_of(doc.text, line);
  const int col = column_of(text, byte_of(doc.text, line, pos["character"].get<int>()));
  SameFile in_file(doc.path);
  std::vector<std::string> parts;
  std::optional<Loc> range_at;
  const std::vector<const Spec*> specs = ws.models(doc.path);
  // What the cursor points at: an element written here, else the entry a variant's patch names.
  std::optional<SheetElement> first;
  const std::size_t cursor = byte_of(doc.text, line, pos["character"].get<int>());
  const std::string word = word_at(text, cursor);
  // Where the word starts: its last occurrence that starts at or before the cursor.
  const std::size_t word_at_byte =
      word.empty() ? std::string_view::npos : text.rfind(word, std::min(cursor, text.size()));
  // An entry's id (`- id: x`, `{ id: x, ...}`): the entry by its path, wherever it is stated.
  const bool on_id =
      word_at_byte != std::string_view::npos && word_at_byte >= 4 && text.substr(word_at_byte - 4, 4) == "id: " &&
      (word_at_byte == 4 ||
       !(std::isalnum(static_cast<unsigned char>(text[word_at_byte - 5])) || text[word_at_byte - 5] == '_'));
  if (on_id && !specs.empty()) first = patched_element(*specs.front(), doc, line, pos);
  const bool by_path = first.has_value();
  const bool patch = by_path && !in_file(first->loc);  // a variant's patch of its parent's entry
  for (const Spec* spec : specs) {
    if (!first) first = element_at(*spec, in_file, line + 1, col);
  }
  if (first) {
    range_at = first->loc;
    parts.push_back(fmt::format("**{}**{}", markdown_escape(first->what), patch ? " (patched here)" : ""));
  }
  for (const Spec* spec : specs) {
    if (!first) break;
    const bool own = !spec->inputs.empty() && canonical_file(spec->inputs.front()) == doc.path;
    // Each sheet's own element here, else what states the same there (by path).
    std::vector<SheetElement> found;
    if (const auto e = by_path ? std::nullopt : element_at(*spec, in_file, line + 1, col)) {
      found.push_back(*e);
    } else {
      found = same_elements(*spec, *first);
    }
    for (const SheetElement& e : found) {
      const std::string under =
          e.path.size() > first->path.size() ? " (" + e.path.substr(first->path.size() + 1) + ")" : "";
      // Every text from a spec escaped: a title or erratum could otherwise hold links, images or
      // lines of their own.
      std::string entry = fmt::format("- {}{}{}: {}", markdown_escape(spec->id), own ? " (this spec)" : "",
                                      markdown_escape(under), markdown_code(e.value));
      for (const std::string& p : provenance(ws, *spec, e, own && !patch, in_file))
        entry += "\n  - " + markdown_escape(p);
      if (const std::string odds = odds_at_net_zero(e); !odds.empty()) entry += "\n  - " + markdown_escape(odds);
      parts.push_back(std::move(entry));
    }
  }
  if (patch && range_at) {
    // The patch's own id, not the parent's location.
    const json range = {{"start", position(doc.text, line, word_at_byte)},
                        {"end", position(doc.text, line, word_at_byte + word.size())}};
    std::string markdown;
    for (const auto& p : parts) markdown += (markdown.empty() ? "" : "\n") + p;
    return {{"contents", {{"kind", "markdown"}, {"value", markdown}}}, {"range", range}};
  }
  if (parts.empty()) return nullptr;
  std::string markdown;
  for (const auto& p : parts) markdown += (markdown.empty() ? "" : "\n") + p;
  return {{"contents", {{"kind", "markdown"}, {"value", markdown}}}, {"range", token_range(doc.text, *range_at)}};
}

}  // namespace qrsc::lsp
