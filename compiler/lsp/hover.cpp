// Hover: what the cursor points at in every open sheet that has it (the edited spec's own, and
// the variants that extend it), each with its value as that sheet prints it and where the value
// comes from.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>

#include "features.hpp"
#include "frontend.hpp"
#include "odds.hpp"
#include "sheet_elements.hpp"
#include "text_position.hpp"

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

// Where the value `e` has in `spec` comes from.
std::vector<std::string> provenance(const Spec& spec, const SheetElement& e, bool own_file, SameFile& in_file) {
  std::vector<std::string> out;
  for (const ScaledValue* vp : scaled_values_of(spec, e, in_file)) {
    const ScaledValue& v = *vp;
    if (v.provenance.kind == Provenance::Kind::converted) {
      out.push_back(fmt::format("converted x{} from {} in {}", spec.scale_factor ? format_decimal(*spec.scale_factor) : "?",
                                v.provenance.detail, at_line(e.loc)));
    } else {
      out.push_back("overridden: " + v.provenance.detail);
    }
  }
  if (out.empty()) out.push_back(own_file ? "stated here" : "inherited from " + at_line(e.loc));
  for (const Erratum& err : spec.errata) {
    const bool covers = std::any_of(err.covers.begin(), err.covers.end(), [&](const std::string& c) {
      return !e.path.empty() && (e.path == c || e.path.starts_with(c + "/") || c.starts_with(e.path + "/"));
    });
    if (!covers) continue;
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
    out += (out.empty() ? "" : ", ") + (b.single_column() ? "" : b.columns[c].name + " ") + format_percent(*p);
  }
  return out.empty() ? "" : "odds at net modifier 0: " + out;
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
  for (const Spec* spec : ws.models(doc.path)) {
    const auto e = element_at(*spec, in_file, line + 1, col);
    if (!e) continue;
    if (!range_at) {
      range_at = e->loc;
      parts.push_back(fmt::format("**{}**", e->what));
    }
    const bool own = !spec->inputs.empty() && canonical_file(spec->inputs.front()) == doc.path;
    std::string entry = fmt::format("- {}{}: `{}`", spec->id, own ? " (this spec)" : "", e->value);
    for (const std::string& p : provenance(*spec, *e, own, in_file)) entry += "\n  - " + p;
    if (const std::string odds = odds_at_net_zero(*e); !odds.empty()) entry += "\n  - " + odds;
    parts.push_back(std::move(entry));
  }
  if (parts.empty()) return nullptr;
  std::string markdown;
  for (const auto& p : parts) markdown += (markdown.empty() ? "" : "\n") + p;
  return {{"contents", {{"kind", "markdown"}, {"value", markdown}}}, {"range", token_range(doc.text, *range_at)}};
}

}  // namespace qrsc::lsp
