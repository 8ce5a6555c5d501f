#include "qrsc/reports/show_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "qrsc/model/roll_rule.hpp"
#include "qrsc/model/written_cells.hpp"

namespace qrsc {

namespace {

using Line = std::vector<std::string>;  // one printed line: a cell per column

// Characters a terminal shows for UTF-8 text (every code point one column wide).
std::size_t display_width(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string pad(const std::string& s, std::size_t width) {
  return s + std::string(width - std::min(width, display_width(s)), ' ');
}

// Words of `text` in lines of at most `width` characters (a longer word stands alone).
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> out;
  std::string line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    if (!line.empty() && display_width(line) + 1 + display_width(word) > width) {
      out.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty() || out.empty()) out.push_back(line);
  return out;
}

class Grid {
 public:
  Grid(Line header, const ShowStyle& style) : header_(std::move(header)), style_(style) {}
  void add(Line line) { lines_.push_back(std::move(line)); }
  void rule() { lines_.emplace_back(); }  // a blank separator line

  [[nodiscard]] std::string str() const {
    const std::size_t n = header_.size();
    std::vector<std::size_t> widths(n, 0);
    for (std::size_t c = 0; c + 1 < n; ++c) {
      widths[c] = display_width(header_[c]);
      for (const auto& l : lines_) {
        if (c < l.size()) widths[c] = std::max(widths[c], display_width(l[c]));
      }
    }
    std::size_t used = 0;
    for (std::size_t c = 0; c + 1 < n; ++c) used += widths[c] + 2;
    const std::size_t last = std::max<std::size_t>(
        24, static_cast<std::size_t>(style_.width) > used ? static_cast<std::size_t>(style_.width) - used : 0);
    std::string out = render(header_, widths, last, true);
    for (const auto& l : lines_) out += l.empty() ? "\n" : render(l, widths, last, false);
    return out;
  }

 private:
  std::string render(const Line& l, const std::vector<std::size_t>& widths, std::size_t last, bool head) const {
    std::string lead;
    for (std::size_t c = 0; c + 1 < widths.size(); ++c) lead += pad(c < l.size() ? l[c] : "", widths[c]) + "  ";
    const std::string tail = l.size() == widths.size() ? l.back() : "";
    std::string out;
    const auto lines = wrap(tail, last);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      std::string row = (i == 0 ? lead : std::string(display_width(lead), ' ')) + lines[i];
      while (!row.empty() && row.back() == ' ') row.pop_back();
      out += (head && style_.color ? "\x1b[1m" + row + "\x1b[0m" : row) + "\n";
    }
    return out;
  }

  Line header_;
  std::vector<Line> lines_;
  const ShowStyle& style_;
};

std::string show_bands(const BandTable& bt, const ShowStyle& style) {
  Line header;
  for (const auto& c : bt.columns) header.push_back(c.id.empty() ? bt.key_heading() : c.name);
  const bool numbered =
      std::any_of(bt.rows.begin(), bt.rows.end(), [](const BandRow& r) { return r.number.has_value(); });
  if (numbered) header.emplace_back("");
  header.emplace_back("Effect");
  Grid g(header, style);
  for (const auto& r : bt.rows) {
    const auto line = [&](const std::vector<BandCell>& cells, const std::string& text) {
      Line l;
      for (std::size_t c = 0; c < bt.columns.size(); ++c) {
        l.push_back(!r.label.empty() ? (c == 0 ? r.label : "") : written_band(cells[c], bt.key_type));
      }
      if (numbered) l.push_back(r.number ? format_signed(*r.number) : "");
      l.push_back(text);
      g.add(std::move(l));
    };
    if (r.parts.empty()) {
      line(r.bands, r.effect());
      continue;
    }
    // A row with parts prints a line per part, the effect's name and text on the first.
    for (std::size_t i = 0; i < r.parts.size(); ++i) {
      const std::string part = r.parts[i].text.render();
      line(r.parts[i].bands, i == 0 ? r.effect() + " " + part : part);
    }
  }
  return g.str();
}

std::string show_modifiers(const ModifierTable& mt, const ShowStyle& style) {
  Grid g({"", "Condition"}, style);
  for (const auto& m : mt.items) {
    const std::string group = m.group >= 0 ? " [" + mt.groups[static_cast<std::size_t>(m.group)].id + "]" : "";
    g.add({m.value_notation(), m.with_notes(m.text.render()) + group});
  }
  std::string out = g.str();
  for (const auto& gr : mt.groups) {
    out += fmt::format("[{}] {}: only one counts{}\n", gr.id, gr.name(), gr.note.empty() ? "" : " (" + gr.note + ")");
  }
  return out;
}

std::string show_matrix(const Matrix& m, const ShowStyle& style) {
  Line header{""};
  for (const auto& c : m.columns) header.push_back(c.name);
  header.emplace_back("");  // the wrapped column: nothing to wrap in a matrix
  Grid g(header, style);
  std::string group;
  for (const auto& r : m.rows) {
    if (r.group != group && !r.group.empty()) {
      group = r.group;
      g.add({group + ":"});
    }
    Line l{(r.group.empty() ? "" : "  ") + r.name};
    for (const auto& c : r.cells) l.push_back(written_cell(c));
    l.emplace_back("");
    g.add(std::move(l));
  }
  return g.str();
}

void show_items(const std::vector<ListItem>& items, bool numbered, int depth, const ShowStyle& style,
                std::string& out) {
  int n = 0;
  for (const auto& i : items) {
    const std::string mark = !i.label.empty() ? i.label : numbered ? std::to_string(++n) + "." : "-";
    const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
    std::string text = i.text.render();
    if (!i.condition.empty()) text += " (" + i.condition.render() + ")";
    const auto lines = wrap(text, static_cast<std::size_t>(std::max(24, style.width - depth * 2 - 4)));
    for (std::size_t k = 0; k < lines.size(); ++k) {
      out += indent + (k == 0 ? mark + " " : std::string(display_width(mark) + 1, ' ')) + lines[k] + "\n";
    }
    show_items(i.items, numbered, depth + 1, style, out);
  }
}

std::string show_list(const ListTable& lt, const ShowStyle& style) {
  std::string out;
  for (const auto& s : lt.sections) {
    if (!s.title.empty()) out += (style.color ? "\x1b[1m" + s.title + "\x1b[0m" : s.title) + "\n";
    show_items(s.items, s.numbered, 1, style, out);
  }
  return out;
}

std::string show_facts(const FactsTable& ft, const ShowStyle& style) {
  Grid g({"", "", ""}, style);
  for (const auto& f : ft.items) g.add({f.label, f.value, f.text.render()});
  const std::string out = g.str();
  return out.substr(out.find('\n') + 1);  // facts have no column headings
}

// The sheet's footnotes for the values a table prints "?" (not given in the source), one per
// place they send the reader, in the order the values come.
std::vector<std::string> unknown_footnotes(const Table& t, const std::vector<SourceDoc>& sources) {
  std::vector<std::string> out;
  const auto add = [&](const std::optional<SourceNote>& row_source) {
    const std::string note = unknown_footnote(unknown_value_source(t, row_source, &sources));
    if (std::find(out.begin(), out.end(), note) == out.end()) out.push_back(note);
  };
  std::visit(
      [&](const auto& body) {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, BandTable>) {
          for (const auto& r : body.rows) {
            if (std::any_of(r.bands.begin(), r.bands.end(), [](const BandCell& c) { return c.unknown; })) add(r.source);
          }
        } else if constexpr (std::is_same_v<T, Matrix>) {
          for (const auto& r : body.rows) {
            if (std::any_of(r.cells.begin(), r.cells.end(), [](const MatrixCell& c) { return c.unknown; }))
              add(r.source);
          }
        } else if constexpr (std::is_same_v<T, FactsTable>) {
          if (std::any_of(body.items.begin(), body.items.end(), [](const Fact& f) { return f.unknown; }))
            add(std::nullopt);
        }
      },
      t.body);
  return out;
}

}  // namespace

std::string show_table(const Table& t, const Spec& spec, const ShowStyle& style) {
  std::string title = t.title + (t.caption.empty() ? "" : " (" + t.caption + ")");
  std::string out =
      (style.color ? "\x1b[1;4m" + title + "\x1b[0m" : title + "\n" + std::string(display_width(title), '=')) + "\n";
  // How the dice are read, as the printed sheet says it over the table.
  if (const auto* bt = std::get_if<BandTable>(&t.body)) {
    if (const std::string rule = roll_rule(*bt, &spec); !rule.empty()) out += rule + "\n";
  }
  out += std::visit(
      [&](const auto& body) -> std::string {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, BandTable>) return show_bands(body, style);
        if constexpr (std::is_same_v<T, ModifierTable>) return show_modifiers(body, style);
        if constexpr (std::is_same_v<T, Matrix>) return show_matrix(body, style);
        if constexpr (std::is_same_v<T, ListTable>) return show_list(body, style);
        if constexpr (std::is_same_v<T, FactsTable>) return show_facts(body, style);
      },
      t.body);
  // What a column of type modifiers is read against, as the printed sheet says it under the matrix.
  if (const auto* m = std::get_if<Matrix>(&t.body)) {
    for (const auto& c : m->columns) {
      if (!c.against.empty()) out += against_line(spec, t, c) + "\n";
    }
  }
  for (const auto& note : unknown_footnotes(t, spec.sources)) out += note + "\n";
  return out;
}

std::string show_sheet(const Spec& spec, const ShowStyle& style) {
  std::string out = spec.title;
  for (const std::string* part : {&spec.subtitle, &spec.period}) {
    if (!part->empty()) out += " - " + *part;
  }
  out += "\n\n";
  for (const auto& t : spec.tables) out += show_table(t, spec, style) + "\n";
  return out;
}

}  // namespace qrsc
