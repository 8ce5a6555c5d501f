#include "emit_html.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <kainjow/mustache.hpp>
#include <map>
#include <set>
#include <stdexcept>

#include "backend.hpp"
#include "template_store.hpp"

namespace qrsc {

namespace mst = kainjow::mustache;

namespace {

mst::data list_of() { return mst::data(mst::data::type::list); }

// ------------------------------------------------------------------ paper

struct PaperSize {
  Paper paper;
  const char* name;
  const char* css_size;  // the @page size
  const char* width;     // landscape
  const char* height;
};
constexpr PaperSize kPapers[] = {
    {Paper::letter, "letter", "letter landscape", "11in", "8.5in"},
    {Paper::a4, "a4", "A4 landscape", "297mm", "210mm"},
};
// Enough for a home printer's unprintable edge, small enough to leave room for the tables.
constexpr const char* kMargin = "0.3in";

const PaperSize& paper_size(Paper p) {
  for (const auto& s : kPapers) {
    if (s.paper == p) return s;
  }
  return kPapers[0];
}

// ------------------------------------------------------------------ how values are printed

// Negative numbers get a true minus sign (a hyphen is easily missed on a printed sheet); a
// hyphen between two digits is a range ("1-3") and stays; a lone "-" (no band, no value) is
// printed as a dash.
std::string sheet_number(const std::string& s) {
  if (s == "-") return "\u2013";
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool minus = s[i] == '-' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])) &&
                       (i == 0 || !std::isdigit(static_cast<unsigned char>(s[i - 1])));
    out += minus ? std::string("\u2212") : std::string(1, s[i]);
  }
  return out;
}

// Fire points and factors as the sheet prints them: 1/2 as ½, 1 1/2 as 1½, x as ×.
std::string sheet_fraction(const std::string& s) {
  static const std::map<std::string, std::string> kVulgar = {
      {"1/2", "\u00bd"}, {"1/4", "\u00bc"}, {"3/4", "\u00be"}, {"1/3", "\u2153"}, {"2/3", "\u2154"}};
  std::string out;
  std::size_t start = 0;
  while (start <= s.size()) {
    std::size_t end = s.find(' ', start);
    if (end == std::string::npos) end = s.size();
    std::string word = s.substr(start, end - start);
    if (const auto it = kVulgar.find(word); it != kVulgar.end()) {
      const bool after_whole = !out.empty() && std::isdigit(static_cast<unsigned char>(out.back()));
      if (after_whole) out.pop_back();  // the space between 1 and 1/2
      word = it->second;
    } else if (word == "x") {
      word = "\u00d7";
    }
    out += word;
    if (end < s.size()) out += ' ';
    start = end + 1;
  }
  return out;
}

// The effect name in bold is followed by a full stop when its text starts a new sentence
// ("Double Quick. Well handled ...") and runs on when the text continues it ("Well Handled
// maneuver.", "Fallen Leader check on ...").
std::string bold_title(const std::string& title, const std::string& text) {
  if (title.empty() || text.empty()) return title;
  const char last = title.back();
  if (last == '.' || last == ':' || last == '!' || last == '?') return title;
  return std::islower(static_cast<unsigned char>(text[0])) ? title : title + ".";
}

bool same_words(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

mst::data text_item(const std::string& text) {
  mst::data d;
  d.set("text", text);
  return d;
}

// ------------------------------------------------------------------ tables, by kind

// The rows [first, last) of each of the `split` blocks a long table is printed in, side by
// side; one block (possibly empty) when split <= 1.
std::vector<std::pair<std::size_t, std::size_t>> block_ranges(std::size_t rows, int split) {
  const auto parts = static_cast<std::size_t>(std::max(1, split));
  const std::size_t per_block = std::max<std::size_t>(1, (rows + parts - 1) / parts);
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t first = 0; first < rows; first += per_block) out.emplace_back(first, std::min(rows, first + per_block));
  if (out.empty()) out.emplace_back(0, 0);
  return out;
}

mst::data blocks_of(const mst::data& lines, int split) {
  const auto& all = lines.list_value();
  mst::data blocks = list_of();
  for (const auto& [first, last] : block_ranges(all.size(), split)) {
    mst::data block_lines = list_of();
    for (std::size_t i = first; i < last; ++i) block_lines << all[i];
    mst::data block;
    block.set("lines", block_lines);
    blocks << block;
  }
  return blocks;
}

std::string band_text(const BandCell& c, KeyType type) {
  return sheet_number(c.notation.empty() ? format_band(c.band, type) : c.notation);
}

// One printed line of a band table: the die results, then the effect.
mst::data band_line(const std::vector<std::string>& cells, bool span_all, std::size_t columns, const std::string& title,
                    const std::vector<std::string>& paragraphs, bool continues) {
  mst::data line;
  mst::data cell_list = list_of();
  for (const auto& c : cells) {
    mst::data cd;
    cd.set("text", c);
    cd.set("span", std::to_string(span_all ? columns : 1));
    cell_list << cd;
  }
  line.set("cells", cell_list);
  line.set("has_title", !title.empty());
  line.set("title", bold_title(title, paragraphs.empty() ? std::string() : paragraphs.front()));
  mst::data paras = list_of();
  for (const auto& p : paragraphs) paras << text_item(p);
  line.set("paragraphs", paras);
  line.set("continues", continues);
  return line;
}

mst::data band_data(const BandTable& bt, int split) {
  mst::data d;
  const bool single = bt.single_column();
  // A table whose every row carries a number is a list of modifiers ("-5 less than 1 fire
  // point") and is printed like one.
  const bool modifier_style =
      !bt.rows.empty() && std::all_of(bt.rows.begin(), bt.rows.end(), [](const BandRow& r) { return r.number.has_value(); });
  bool has_effects = false;
  mst::data lines = list_of();
  for (const auto& r : bt.rows) {
    std::vector<std::string> paragraphs;
    for (const auto& p : r.paragraphs) paragraphs.push_back(p.render());
    // A label already names the row; its title is not repeated beside it.
    const std::string title = !r.label.empty() && same_words(r.label, r.title) ? std::string() : r.title;
    if (r.parts.empty()) {
      std::vector<std::string> cells;
      const bool label_spans = !r.label.empty();
      if (label_spans) {
        cells.push_back(sheet_number(r.label));
      } else {
        for (const auto& c : r.bands) cells.push_back(band_text(c, bt.key_type));
      }
      mst::data line = band_line(cells, label_spans, bt.columns.size(), title, paragraphs, false);
      line.set("number", r.number ? sheet_number(format_signed(*r.number)) : std::string());
      lines << line;
      has_effects = has_effects || !title.empty() || !paragraphs.empty();
      continue;
    }
    // A row with parts is printed one line per part: the first line carries the effect's
    // name and text, each line its part's own text (the sheet's "Charge checked." lines).
    for (std::size_t i = 0; i < r.parts.size(); ++i) {
      const BandPart& part = r.parts[i];
      std::vector<std::string> cells;
      for (const auto& c : part.bands) cells.push_back(band_text(c, bt.key_type));
      std::vector<std::string> paras = i == 0 ? paragraphs : std::vector<std::string>{};
      const std::string part_text = part.text.render();
      if (!part_text.empty()) {
        if (paras.empty()) {
          paras.push_back(part_text);
        } else {
          paras.back() += " " + part_text;
        }
      }
      mst::data line = band_line(cells, false, bt.columns.size(), i == 0 ? title : std::string(), paras, i > 0);
      line.set("number", i == 0 && r.number ? sheet_number(format_signed(*r.number)) : std::string());
      lines << line;
    }
    has_effects = true;
  }
  d.set("blocks", blocks_of(lines, split));
  d.set("modifier_style", modifier_style);
  d.set("has_numbers", std::any_of(bt.rows.begin(), bt.rows.end(), [](const BandRow& r) { return r.number.has_value(); }));
  d.set("has_effects", has_effects);
  d.set("multi", !single);
  d.set("key_name", bt.key_name.empty() ? std::string("Die result") : bt.key_name);
  d.set("column_count", std::to_string(bt.columns.size()));
  mst::data columns = list_of();
  for (const auto& c : bt.columns) {
    mst::data cd;
    cd.set("name", c.name);
    columns << cd;
  }
  d.set("columns", columns);
  return d;
}

mst::data modifier_data(const ModifierTable& mt) {
  mst::data d;
  int last_column = 1;
  for (const auto& m : mt.items) last_column = std::max(last_column, m.column);
  mst::data columns = list_of();
  for (int c = 1; c <= last_column; ++c) {
    mst::data items = list_of();
    for (const auto& m : mt.items) {
      if (m.column != c) continue;
      mst::data item;
      item.set("value", sheet_number(sheet_fraction(m.value_notation())));
      item.set("text", m.text.render());
      items << item;
    }
    mst::data col;
    col.set("items", items);
    columns << col;
  }
  d.set("columns", columns);
  d.set("two_columns", last_column > 1);
  return d;
}

std::string cell_text(const MatrixCell& c, CellType type) {
  if (!c.present) return "";
  if (c.notation == "-") return sheet_number(c.notation);
  switch (type) {
    case CellType::integer:
    case CellType::dice:  // M-2: morale minus two
      return sheet_number(c.notation);
    case CellType::fire_points:
      return sheet_fraction(c.notation);
    default:  // text as written; rates "12 / 16"; levels "2/-1", where "-" is "no worn level"
      return c.notation;
  }
}

// Header cells over the columns: each named group over its columns, blanks between.
mst::data column_group_data(const Matrix& m) {
  mst::data out = list_of();
  std::string current;
  bool current_named = false;
  int span = 0;
  const auto flush = [&] {
    if (span == 0) return;
    mst::data g;
    g.set("name", current);
    g.set("named", current_named);
    g.set("span", std::to_string(span));
    out << g;
  };
  for (const auto& col : m.columns) {
    std::string name;
    bool named = false;
    for (const auto& g : m.column_groups) {
      if (std::find(g.columns.begin(), g.columns.end(), col.id) != g.columns.end()) {
        name = g.name;
        named = true;
        break;
      }
    }
    if (span > 0 && name == current && named == current_named) {
      ++span;
      continue;
    }
    flush();
    current = name;
    current_named = named;
    span = 1;
  }
  flush();
  return out;
}

mst::data matrix_data(const Matrix& m, int split) {
  mst::data d;
  const bool row_groups =
      std::any_of(m.rows.begin(), m.rows.end(), [](const MatrixRow& r) { return !r.group.empty(); });
  mst::data columns = list_of();
  for (const auto& c : m.columns) {
    mst::data cd;
    cd.set("name", c.name);
    columns << cd;
  }
  mst::data blocks = list_of();
  for (const auto& [start, end] : block_ranges(m.rows.size(), split)) {
    mst::data rows = list_of();
    for (std::size_t i = start; i < end; ++i) {
      const MatrixRow& r = m.rows[i];
      mst::data row;
      // The row heading ("Infantry") spans its run of rows.
      const bool starts = i == start || m.rows[i - 1].group != r.group;
      std::size_t span = 1;
      while (starts && i + span < end && m.rows[i + span].group == r.group) ++span;
      row.set("group_cell", row_groups && starts);
      row.set("group_start", row_groups && starts && i != start);
      row.set("group", r.group);
      row.set("group_span", std::to_string(span));
      row.set("name", r.name);
      mst::data cells = list_of();
      for (const auto& c : r.cells) cells << text_item(cell_text(c, m.cell));
      row.set("cells", cells);
      rows << row;
    }
    mst::data block;
    block.set("rows", rows);
    block.set("columns", columns);
    block.set("column_groups", column_group_data(m));
    block.set("has_column_groups", !m.column_groups.empty());
    block.set("has_row_groups", row_groups);
    block.set("cell_type", cell_type_name(m.cell));
    blocks << block;
  }
  d.set("blocks", blocks);
  return d;
}

mst::data list_items(const std::vector<ListItem>& items, bool numbered) {
  mst::data out = list_of();
  int n = 0;
  for (const auto& i : items) {
    mst::data item;
    ++n;
    const std::string marker = !i.label.empty() ? i.label + "." : numbered ? std::to_string(n) + "." : std::string();
    item.set("has_marker", !marker.empty());
    item.set("marker", marker);
    item.set("text", i.text.render());
    item.set("has_condition", !i.condition.empty());
    item.set("condition", i.condition.render());
    item.set("has_items", !i.items.empty());
    item.set("items", list_items(i.items, false));
    out << item;
  }
  return out;
}

mst::data list_data(const ListTable& lt) {
  mst::data d;
  mst::data sections = list_of();
  // A list whose every section is a title and one plain item is a list of named effects and
  // reads one line each: "Charge Home. Resolve ...".
  const bool inline_item = std::all_of(lt.sections.begin(), lt.sections.end(), [](const ListSection& s) {
    return !s.title.empty() && s.items.size() == 1 && s.items[0].items.empty() && s.items[0].label.empty() &&
           s.items[0].condition.empty() && !s.numbered;
  });
  for (const auto& s : lt.sections) {
    mst::data sd;
    const std::string first = inline_item ? s.items[0].text.render() : std::string();
    sd.set("inline", inline_item);
    sd.set("inline_text", first);
    sd.set("section_title", inline_item ? bold_title(s.title, first) : s.title);
    sd.set("has_section_title", !s.title.empty());
    sd.set("items", list_items(s.items, s.numbered));
    sections << sd;
  }
  d.set("sections", sections);
  return d;
}

mst::data facts_data(const FactsTable& ft) {
  mst::data d;
  mst::data items = list_of();
  for (const auto& f : ft.items) {
    mst::data item;
    item.set("has_label", !f.label.empty());
    item.set("label", f.label);
    item.set("has_value", !f.value.empty());
    item.set("value", f.value);
    item.set("text", f.text.render());
    items << item;
  }
  d.set("items", items);
  return d;
}

mst::data table_data(const Table& t, bool show_title, int split) {
  mst::data d;
  d.set("table_id", t.id);
  d.set("kind", table_kind_name(t.kind));
  d.set("table_title", t.title);
  d.set("show_title", show_title && !t.title.empty());
  d.set("has_caption", !t.caption.empty());
  d.set("caption", t.caption);
  std::visit(
      [&](const auto& body) {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, BandTable>) d.set("bands", band_data(body, split));
        if constexpr (std::is_same_v<T, ModifierTable>) d.set("modifiers", modifier_data(body));
        if constexpr (std::is_same_v<T, Matrix>) d.set("matrix", matrix_data(body, split));
        if constexpr (std::is_same_v<T, ListTable>) d.set("list", list_data(body));
        if constexpr (std::is_same_v<T, FactsTable>) d.set("facts", facts_data(body));
      },
      t.body);
  return d;
}

// ------------------------------------------------------------------ the layout

// A layout (templates/html/layouts.yaml) resolved against one spec: tables the spec lacks are
// gone, "*" is replaced by the tables the layout does not name, and empty sections, columns,
// rows and pages are dropped.
struct PlacedTable {
  const Table* table = nullptr;  // nullptr: the "*" slot, until it is filled
  int split = 1;                 // blocks side by side (long tables)
  int width = 1;                 // share of the width when side by side
};
using PlacedBlock = std::vector<PlacedTable>;  // tables side by side
struct PlacedSection {
  std::string title;
  std::vector<PlacedBlock> blocks;
};
struct PlacedColumn {
  int width = 1;
  std::vector<PlacedSection> sections;
};
using PlacedRow = std::vector<PlacedColumn>;
struct PlacedPage {
  std::string title;
  int flow = 0;  // > 0: tables poured into this many columns, over as many pages as needed
  std::vector<PlacedRow> rows;
};

constexpr const char* kLayouts = "html/layouts.yaml";
constexpr const char* kRest = "*";

[[noreturn]] void layout_error(const YAML::Node& n, const std::string& what) {
  throw std::runtime_error(std::string(kLayouts) + ":" + std::to_string(n.Mark().line + 1) + ": " + what);
}

std::string scalar(const YAML::Node& n, const char* key) { return n[key] ? n[key].as<std::string>() : std::string(); }
int number(const YAML::Node& n, const char* key, int fallback) { return n[key] ? n[key].as<int>() : fallback; }

class Placer {
 public:
  explicit Placer(const Spec& spec) : spec_(spec) {}

  std::vector<PlacedPage> place(const YAML::Node& pages) {
    std::vector<PlacedPage> out;
    for (const auto& p : pages) {
      PlacedPage page{scalar(p, "title"), number(p, "flow", 0), {}};
      // A page is one row of columns, or `rows` of them, top to bottom.
      if (p["rows"]) {
        for (const auto& r : p["rows"]) page.rows.push_back(row(r));
      } else {
        page.rows.push_back(row(p));
      }
      out.push_back(std::move(page));
    }
    fill_rest_and_prune(out);
    return out;
  }

 private:
  PlacedRow row(const YAML::Node& n) {
    if (!n["columns"] || !n["columns"].IsSequence()) layout_error(n, "a page or row needs a list of columns");
    PlacedRow r;
    for (const auto& c : n["columns"]) {
      PlacedColumn col{number(c, "width", 1), {}};
      for (const auto& s : c["sections"]) {
        PlacedSection sec{scalar(s, "title"), {}};
        for (const auto& e : s["tables"]) {
          PlacedBlock block;
          if (e.IsSequence()) {
            for (const auto& t : e) add(block, t);
          } else {
            add(block, e);
          }
          if (!block.empty()) sec.blocks.push_back(std::move(block));
        }
        col.sections.push_back(std::move(sec));
      }
      r.push_back(std::move(col));
    }
    return r;
  }

  void add(PlacedBlock& block, const YAML::Node& n) {
    if (!n.IsScalar() && !(n.IsMap() && n["id"])) layout_error(n, "a table is an id or { id, split, width }");
    const std::string id = n.IsScalar() ? n.as<std::string>() : scalar(n, "id");
    named_.insert(id);
    const int split = n.IsMap() ? number(n, "split", 1) : 1;
    const int width = n.IsMap() ? number(n, "width", 1) : 1;
    if (id == kRest) {
      block.push_back({nullptr, 1, 1});
    } else if (const Table* t = spec_.table(id)) {
      block.push_back({t, split, width});
    }
  }

  void fill_rest_and_prune(std::vector<PlacedPage>& pages) const {
    for (auto& page : pages) {
      for (auto& row : page.rows) {
        for (auto& col : row) {
          for (auto& sec : col.sections) {
            std::vector<PlacedBlock> blocks;
            for (auto& b : sec.blocks) {
              if (b.size() == 1 && b[0].table == nullptr) {
                for (const auto& t : spec_.tables) {
                  if (!named_.count(t.id)) blocks.push_back({{&t, 1, 1}});
                }
              } else {
                blocks.push_back(std::move(b));
              }
            }
            sec.blocks = std::move(blocks);
          }
          std::erase_if(col.sections, [](const PlacedSection& s) { return s.blocks.empty(); });
        }
        std::erase_if(row, [](const PlacedColumn& c) { return c.sections.empty(); });
      }
      std::erase_if(page.rows, [](const PlacedRow& r) { return r.empty(); });
    }
    std::erase_if(pages, [](const PlacedPage& p) { return p.rows.empty(); });
  }

  const Spec& spec_;
  std::set<std::string> named_;
};

struct PlacedLayout {
  std::string font_size;  // the base font size, when the layout sets one
  std::vector<PlacedPage> pages;
};

PlacedLayout place(const YAML::Node& all, const Spec& spec) {
  const YAML::Node layout = all[spec.system] ? all[spec.system] : all["default"];
  if (!layout || !layout["pages"] || !layout["pages"].IsSequence()) {
    throw std::runtime_error(std::string(kLayouts) + ": no layout for '" + spec.system + "' and no default");
  }
  return {scalar(layout, "font_size"), Placer(spec).place(layout["pages"])};
}

mst::data block_data(const PlacedSection& s, const PlacedBlock& b) {
  // Tables side by side under one name ("Die Roll Modifiers") show it once, above them.
  const bool shared_title = b.size() > 1 && std::all_of(b.begin(), b.end(), [&](const PlacedTable& pt) {
                              return same_words(pt.table->title, b[0].table->title);
                            });
  mst::data tables = list_of();
  for (const auto& pt : b) {
    // A section named like its only table ("Movement Rate") shows the name once.
    const bool repeats = s.blocks.size() == 1 && b.size() == 1 && same_words(s.title, pt.table->title);
    mst::data td = table_data(*pt.table, !repeats && !shared_title, pt.split);
    td.set("table_style", b.size() > 1 ? "flex: " + std::to_string(pt.width) + " 1 0" : std::string());
    tables << td;
  }
  mst::data block;
  block.set("side", b.size() > 1);
  block.set("has_block_title", shared_title);
  block.set("block_title", shared_title ? b[0].table->title : std::string());
  block.set("tables", tables);
  return block;
}

mst::data row_data(const PlacedRow& r, int flow) {
  std::string style = "column-count: " + std::to_string(flow);
  if (flow <= 0) {
    style = "grid-template-columns:";
    for (const auto& c : r) style += " " + std::to_string(c.width) + "fr";
  }
  mst::data columns = list_of();
  for (const auto& c : r) {
    mst::data sections = list_of();
    for (const auto& s : c.sections) {
      mst::data blocks = list_of();
      for (const auto& b : s.blocks) blocks << block_data(s, b);
      mst::data section;
      section.set("has_heading", !s.title.empty());
      section.set("heading", s.title);
      section.set("blocks", blocks);
      sections << section;
    }
    mst::data col;
    col.set("sections", sections);
    columns << col;
  }
  mst::data row;
  row.set("layout_style", style);
  row.set("columns", columns);
  return row;
}

mst::data page_data(const PlacedPage& p) {
  mst::data page;
  page.set("has_page_title", !p.title.empty());
  page.set("page_title", p.title);
  page.set("flow", p.flow > 0);
  mst::data rows = list_of();
  for (const auto& r : p.rows) rows << row_data(r, p.flow);
  page.set("rows", rows);
  return page;
}

// ------------------------------------------------------------------ rendering

mst::mustache parse_template(const std::string& name) {
  mst::mustache tmpl(load_template(name));
  if (!tmpl.is_valid()) throw std::runtime_error(name + ": " + tmpl.error_message());
  return tmpl;
}

std::string render(const std::string& name, mst::mustache& tmpl, mst::data& d) {
  // Partials are looked up by name in the data; the names contain a '/' or '.', so no data
  // key can shadow them.
  for (const char* p : {"sheet.css", "partials/table", "partials/bands", "partials/modifiers", "partials/matrix",
                        "partials/list", "partials/list_item", "partials/facts"}) {
    const std::string file = std::string("html/") + p + (std::string(p).find('.') == std::string::npos ? ".mustache" : "");
    const std::string& text = load_template(file);
    d.set(p, mst::partial([&text] { return text; }));
  }
  std::string out = tmpl.render(d);
  if (!tmpl.is_valid()) throw std::runtime_error(name + ": " + tmpl.error_message());
  return out;
}

void set_sheet_fields(mst::data& d, const Spec& spec) {
  d.set("sheet_title", spec.title);
  d.set("subtitle", spec.subtitle);
  d.set("has_subtitle", !spec.subtitle.empty());
  d.set("has_period", !spec.period.empty());
  d.set("period", spec.period);
  d.set("has_edition", !spec.edition.empty());
  d.set("edition", spec.edition);
  d.set("figures", spec.figures);
  d.set("spec_path", spec.path);
  d.set("system", spec.system);
}

}  // namespace

std::optional<Paper> paper_from(const std::string& name) {
  for (const auto& s : kPapers) {
    if (name == s.name) return s.paper;
  }
  return std::nullopt;
}

std::string html_sheet_path(const Spec& spec) { return spec.system + "/" + sheet_file_id(spec) + ".html"; }

constexpr const char* kSheetTemplate = "html/sheet.html.mustache";
constexpr const char* kIndexTemplate = "html/index.html.mustache";

struct HtmlSheetEmitter::Parsed {
  YAML::Node layouts = YAML::Load(load_template(kLayouts));
  mst::mustache sheet = parse_template(kSheetTemplate);
  mst::mustache index = parse_template(kIndexTemplate);
};

HtmlSheetEmitter::HtmlSheetEmitter() : parsed_(std::make_unique<Parsed>()) {}
HtmlSheetEmitter::~HtmlSheetEmitter() = default;

std::optional<int> HtmlSheetEmitter::page_count(const Spec& spec) const {
  const auto pages = place(parsed_->layouts, spec).pages;
  for (const auto& p : pages) {
    if (p.flow > 0) return std::nullopt;
  }
  return static_cast<int>(pages.size());
}

std::string HtmlSheetEmitter::sheet(const Spec& spec, Paper paper) const {
  const PaperSize& size = paper_size(paper);
  const PlacedLayout layout = place(parsed_->layouts, spec);
  const auto& pages = layout.pages;
  const bool fixed = std::none_of(pages.begin(), pages.end(), [](const PlacedPage& p) { return p.flow > 0; });
  mst::data d;
  set_sheet_fields(d, spec);
  d.set("paper", size.name);
  d.set("page_size", size.css_size);
  d.set("page_width", size.width);
  d.set("page_height", size.height);
  d.set("margin", kMargin);
  d.set("has_font_size", !layout.font_size.empty());
  d.set("font_size", layout.font_size);
  mst::data page_list = list_of();
  for (std::size_t i = 0; i < pages.size(); ++i) {
    mst::data page = page_data(pages[i]);
    page.set("page_number", std::to_string(i + 1));
    page.set("page_count", std::to_string(pages.size()));
    page.set("fixed_pages", fixed);
    page_list << page;
  }
  d.set("pages", page_list);
  return render(kSheetTemplate, parsed_->sheet, d);
}

std::string HtmlSheetEmitter::index(const std::vector<const Spec*>& specs) const {
  mst::data d;
  mst::data sheets = list_of();
  for (const Spec* spec : specs) {
    if (spec->abstract) continue;
    mst::data s;
    set_sheet_fields(s, *spec);
    s.set("href", html_sheet_path(*spec));
    sheets << s;
  }
  d.set("sheets", sheets);
  return render(kIndexTemplate, parsed_->index, d);
}

std::string emit_html_sheet(const Spec& spec, Paper paper) { return HtmlSheetEmitter().sheet(spec, paper); }

std::string emit_html_index(const std::vector<Spec>& specs) {
  std::vector<const Spec*> all;
  for (const auto& s : specs) all.push_back(&s);
  return HtmlSheetEmitter().index(all);
}

std::optional<int> html_sheet_page_count(const Spec& spec) { return HtmlSheetEmitter().page_count(spec); }

}  // namespace qrsc
