#include "qrsc/backends/html/layout.hpp"

#include <algorithm>
#include <charconv>
#include <set>

#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/common/template_store.hpp"
#include "qrsc/backends/html/emit_html.hpp"
#include "qrsc/backends/html/sheet_text.hpp"
#include "qrsc/backends/html/table_data.hpp"

namespace qrsc::html {

namespace {

constexpr const char* kRest = "*";

[[noreturn]] void layout_error(const Node& n, std::string what) {
  backend_error(Diagnostic{Severity::error, n.loc, std::move(what)});
}

// A map's value for `key` (null when absent, null in the file, or when `n` is not a map).
const Node* field(const Node& n, const char* key) {
  if (!n.is_map()) return nullptr;
  const NodePtr v = n.get(key);
  return v && !v->is_null() ? v.get() : nullptr;
}

const ChildList<NodePtr>& items(const Node* n) {
  static const ChildList<NodePtr> kNone;
  return n && n->is_seq() ? n->items : kNone;
}

std::string text(const Node& n) {
  if (!n.is_scalar()) layout_error(n, "expected a word or number here");
  return n.scalar;
}

std::string scalar(const Node& n, const char* key) {
  const Node* v = field(n, key);
  return v ? text(*v) : std::string();
}

int number(const Node& n, const char* key, int fallback) {
  const Node* v = field(n, key);
  if (!v) return fallback;
  const std::string t = text(*v);
  int value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end != t.data() + t.size() || value < 0 || value > 100) {
    layout_error(*v, "'" + std::string(key) + "' is a whole number from 0 to 100, not '" + t + "'");
  }
  return value;
}

// How the layout writes distances that are not whole; decimal when it does not say.
DistanceStyle distance_style(const Node& n) {
  const Node* v = field(n, "distances");
  if (!v) return DistanceStyle::decimal;
  const auto style = distance_style_from(text(*v));
  if (!style) layout_error(*v, "'distances' is decimal or fraction, not '" + v->scalar + "'");
  return *style;
}

bool flag(const Node& n, const char* key) {
  const Node* v = field(n, key);
  if (!v) return false;
  const std::string t = text(*v);
  if (t != "true" && t != "false") layout_error(*v, "'" + std::string(key) + "' is true or false, not '" + t + "'");
  return t == "true";
}

class Placer {
 public:
  Placer(const Spec& spec, bool appendix) : spec_(spec), appendix_(appendix) {}

  std::vector<PlacedPage> place(const Node& pages) {
    std::vector<PlacedPage> out;
    for (const auto& pp : pages.items) {
      const Node& p = *pp;
      // An appendix page holds reference tables only, and is printed only when asked for.
      on_appendix_ = flag(p, "appendix");
      if (on_appendix_ && !appendix_) continue;
      PlacedPage page{scalar(p, "title"), number(p, "flow", 0), page_font_size(field(p, "font_size")), {}};
      // A page is one row of columns, or `rows` of them, top to bottom.
      if (const Node* rows = field(p, "rows")) {
        for (const auto& r : items(rows)) page.rows.push_back(row(*r));
      } else {
        page.rows.push_back(row(p));
      }
      out.push_back(std::move(page));
    }
    fill_rest_and_prune(out);
    return out;
  }

 private:
  // A page's type size: one size, or sizes by spec id (sheets of one system differ in how much
  // their first page holds), "*" for the others.
  std::string page_font_size(const Node* n) const {
    if (!n) return "";
    if (n->is_scalar()) return n->scalar;
    if (const Node* own = field(*n, spec_.id.c_str())) return text(*own);
    return scalar(*n, "*");
  }

  PlacedRow row(const Node& n) {
    const Node* columns = field(n, "columns");
    if (!columns || !columns->is_seq()) layout_error(n, "a page or row needs a list of columns");
    PlacedRow r;
    for (const auto& c : columns->items) {
      PlacedColumn col{number(*c, "width", 1), {}};
      for (const auto& s : items(field(*c, "sections"))) {
        PlacedSection sec{scalar(*s, "title"), {}};
        for (const auto& e : items(field(*s, "tables"))) {
          PlacedBlock block;
          if (e->is_seq()) {
            for (const auto& t : e->items) add(block, *t);
          } else {
            add(block, *e);
          }
          if (!block.empty()) sec.blocks.push_back(std::move(block));
        }
        col.sections.push_back(std::move(sec));
      }
      r.push_back(std::move(col));
    }
    return r;
  }

  void add(PlacedBlock& block, const Node& n) {
    if (!n.is_scalar() && !field(n, "id")) layout_error(n, "a table is an id or { id, split, width }");
    const std::string id = n.is_scalar() ? n.scalar : scalar(n, "id");
    if (id != kRest && !shown(id)) return;
    named_.insert(id);
    const int split = n.is_map() ? number(n, "split", 1) : 1;
    const int width = n.is_map() ? number(n, "width", 1) : 1;
    if (id == kRest) {
      block.push_back({nullptr, on_appendix_ ? 1 : 0, 1});  // split marks which "*" this is
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
                const bool appendix_rest = b[0].split == 1;
                for (const auto& t : spec_.tables) {
                  if (!named_.count(t.id) && t.appendix == appendix_rest && (appendix_ || !t.appendix)) {
                    blocks.push_back({{&t, 1, 1}});
                  }
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

  // Reference tables are printed only on appendix pages, in an appendix run; an appendix page
  // holds nothing else.
  bool shown(const std::string& id) const {
    const Table* t = spec_.table(id);
    return t == nullptr || (t->appendix && on_appendix_ && appendix_) || (!t->appendix && !on_appendix_);
  }

  const Spec& spec_;
  bool appendix_;
  bool on_appendix_ = false;  // placing an appendix page
  std::set<std::string> named_;
};

}  // namespace

// "rules/house/wide.yaml" -> "rules/house/wide.layout.yaml".
std::string layout_name(const std::string& spec_file) {
  const std::string stem =
      spec_file.size() > 5 && spec_file.ends_with(".yaml") ? spec_file.substr(0, spec_file.size() - 5) : spec_file;
  return stem + ".layout.yaml";
}

// A file as a message names it: relative to the current folder when under it.
std::string shown_path(const std::filesystem::path& file) {
  std::error_code ec;
  const std::filesystem::path here = std::filesystem::current_path(ec);
  const std::filesystem::path relative = ec ? file : file.lexically_proximate(here);
  return relative.empty() || *relative.begin() == ".." ? file.string() : relative.string();
}

LayoutFile layout_file(const Spec& spec) {
  std::error_code ec;
  const std::string own_shown = layout_name(spec.path);
  for (std::size_t i = 0; i < spec.inputs.size(); ++i) {
    const std::filesystem::path file = layout_name(spec.inputs[i]);
    if (std::filesystem::exists(file, ec)) {
      const std::string shown = layout_name(i < spec.lineage.size() ? spec.lineage[i] : spec.inputs[i]);
      return {file, shown, true, shown};
    }
  }
  if (!spec.system_layout.empty()) return {spec.system_layout, shown_path(spec.system_layout), false, own_shown};
  return {{}, {}, false, own_shown};
}

}  // namespace qrsc::html

namespace qrsc {

std::string layout_place(const Spec& spec) {
  const html::LayoutFile layout = html::layout_file(spec);
  if (layout.own) return layout.shown;
  return "the sheet's own layout, " + layout.own_shown + " (a copy of " +
         (layout.file.empty() ? "the default layout in templates/html/layouts.yaml"
                              : "its system's layout, " + layout.shown) +
         ")";
}

std::vector<std::string> layout_files_read(const Spec& spec) {
  const html::LayoutFile layout = html::layout_file(spec);
  if (layout.file.empty()) return {};
  return {layout.file.string()};
}

}  // namespace qrsc

namespace qrsc::html {

PlacedLayout place(const Node& all, const Spec& spec, bool appendix) {
  const Node* layout = field(all, "default");
  NodePtr read;  // the sheet's or its system's layout file, read with the spec reader's limits
  const LayoutFile file = layout_file(spec);
  const std::string whose = file.own ? "a sheet's own layout" : "a system's layout";
  if (!file.file.empty()) {
    Diagnostics diags;
    read = load_yaml_file(file.file, diags);
    for (const Diagnostic& d : diags.all()) {
      if (d.severity == Severity::error) backend_error(d);
    }
    if (!read || !read->is_map()) {
      backend_error(Diagnostic{Severity::error,
                               read ? read->loc : Loc{std::make_shared<const std::string>(file.shown), 0, 0},
                               whose + " is a map with `pages` (docs/sheets.md)"});
    }
    layout = read.get();
  }
  const Node* pages = layout ? field(*layout, "pages") : nullptr;
  if (!pages || !pages->is_seq()) {
    if (read) layout_error(pages ? *pages : *read, whose + " needs `pages`, a list (docs/sheets.md)");
    layout_error(all, "no default layout");
  }
  return {scalar(*layout, "font_size"), flag(*layout, "change_marks"), distance_style(*layout),
          Placer(spec, appendix).place(*pages)};
}

NodePtr load_layouts() {
  Diagnostics diags;
  NodePtr all = load_yaml_string(std::string(load_template(kLayouts)), kLayouts, diags);
  for (const Diagnostic& d : diags.all()) {
    if (d.severity == Severity::error) backend_error(d);
  }
  if (!all) backend_error("the sheet layouts cannot be read: " + std::string(kLayouts));
  return all;
}

namespace {

mst::data block_data(const PlacedSection& s, const PlacedBlock& b, const PageContext& ctx) {
  // Tables side by side under one name ("Die Roll Modifiers") show it once, above them.
  const bool shared_title = b.size() > 1 && std::all_of(b.begin(), b.end(), [&](const PlacedTable& pt) {
                              return same_words(pt.table->title, b[0].table->title);
                            });
  // A section named like its only table ("Movement Rate") shows the name once.
  const auto show_title = [&s, &b, shared_title](const PlacedTable& pt) {
    const bool repeats = s.blocks.size() == 1 && b.size() == 1 && same_words(s.title, pt.table->title);
    return !repeats && !shared_title;
  };
  const auto style = [&b](const PlacedTable& pt) {
    return b.size() > 1 ? "flex: " + std::to_string(pt.width) + " 1 0" : std::string();
  };
  // Made as the template reaches each table, and keyed by the table (its number in the run)
  // and how it is drawn here: a table a run's variants share renders once (mst::generated_list).
  // Change marks are the spec's own, so a marked table is not reused.
  mst::generated_list tables;
  tables.count = b.size();
  tables.make = [&b, &ctx, show_title, style](std::size_t i) {
    const PlacedTable& pt = b[i];
    mst::data td = table_data(*pt.table, show_title(pt), pt.split, {ctx.marks, ctx.sources, ctx.distances, ctx.spec});
    put(td, "table_style", style(pt));
    return td;
  };
  tables.key = [&b, &ctx, show_title, style](std::size_t i) {
    const PlacedTable& pt = b[i];
    const std::string table = ctx.shared ? ctx.shared->key(*pt.table) : std::string();
    if (ctx.marks || table.empty()) return std::string();
    return table + (show_title(pt) ? " titled " : " untitled ") + std::to_string(pt.split) + " " + style(pt) + " " +
           kDistanceStyleNames[static_cast<std::size_t>(ctx.distances)] + " " + ctx.sources_key + " " +
           names_printed(*pt.table, ctx.spec);
  };
  mst::data block;
  put(block, "side", b.size() > 1);
  put(block, "has_block_title", shared_title);
  put(block, "block_title", shared_title ? b[0].table->title : std::string());
  put(block, "tables", std::move(tables));
  return block;
}

mst::data row_data(const PlacedRow& r, int flow, const PageContext& ctx) {
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
      for (const auto& b : s.blocks) append(blocks, block_data(s, b, ctx));
      mst::data section;
      put(section, "has_heading", !s.title.empty());
      put(section, "heading", s.title);
      put(section, "blocks", std::move(blocks));
      append(sections, std::move(section));
    }
    mst::data col;
    put(col, "sections", std::move(sections));
    append(columns, std::move(col));
  }
  mst::data row;
  put(row, "layout_style", style);
  put(row, "columns", std::move(columns));
  return row;
}

}  // namespace

PageContext page_context(const Spec& spec, const ChangeMarks* marks, DistanceStyle distances) {
  PageContext ctx{marks, spec.sources, distances, {}, nullptr, &spec};
  for (const auto& s : spec.sources) ctx.sources_key += s.id + "=" + document_title(spec.sources, s.id) + ";";
  return ctx;
}

mst::data page_data(const PlacedPage& p, const PageContext& ctx) {
  mst::data page;
  put(page, "has_page_title", !p.title.empty());
  put(page, "page_title", p.title);
  put(page, "flow", p.flow > 0);
  put(page, "page_style", p.font_size.empty() ? std::string() : "font-size: " + p.font_size);
  mst::data rows = list_of();
  for (const auto& r : p.rows) append(rows, row_data(r, p.flow, ctx));
  put(page, "rows", std::move(rows));
  return page;
}

}  // namespace qrsc::html
