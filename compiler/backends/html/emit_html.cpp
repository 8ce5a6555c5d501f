#include "qrsc/backends/html/emit_html.hpp"

#include <algorithm>
#include <stdexcept>

#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/common/mustache.hpp"
#include "qrsc/backends/common/template_store.hpp"
#include "qrsc/backends/html/layout.hpp"
#include "qrsc/backends/html/sheet_text.hpp"
#include "qrsc/backends/html/table_data.hpp"
#include "qrsc/backends/html/table_partials.hpp"

namespace qrsc {

namespace mst = qrsc::tmpl;
using html::list_of;
using html::page_data;
using html::place;
using html::PlacedLayout;
using html::PlacedPage;

namespace {

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

// ------------------------------------------------------------------ rendering

// The partials of the sheet's page beyond the tables' (table_partials.hpp).
constexpr const char* kPagePartials[] = {"sheet.css", "measure.js", "sheet/style", "sheet/pages", "sheet/page_rule"};

// A template, checked with every partial it may use, so that an error is reported in the file
// it is in, at its line and column (the renderer parses each partial once, when first used).
mst::mustache parse_template(const std::string& name) {
  mst::mustache tmpl(mst::mustache::outliving_text{}, load_template(name));
  if (!tmpl.is_valid()) template_error(name, tmpl);
  for (const char* p : kPagePartials) {
    const std::string file = html::partial_file(p);
    if (const mst::mustache partial(load_template(file)); !partial.is_valid()) template_error(file, partial);
  }
  html::check_table_partials();
  return tmpl;
}

std::string render(const std::string& name, mst::mustache& tmpl, mst::data& d) {
  // Partials are looked up by name in the data; the names contain a '/' or '.', so no data
  // key can shadow them.
  html::set_sheet_partials(d);
  std::string out = tmpl.render(d);
  if (!tmpl.is_valid()) template_error(name, tmpl);
  return out;
}

void set_sheet_fields(mst::data& d, const Spec& spec) {
  put(d, "sheet_title", spec.title);
  put(d, "subtitle", spec.subtitle);
  put(d, "has_subtitle", !spec.subtitle.empty());
  put(d, "has_period", !spec.period.empty());
  put(d, "period", spec.period);
  put(d, "has_edition", !spec.edition.empty());
  put(d, "edition", spec.edition);
  put(d, "figures", spec.figures);
  put(d, "spec_path", spec.path);
  put(d, "system", spec.system);
  // The footer's imprint: publisher, copyright line, version (default: the edition), date.
  const Publisher& p = spec.publisher;
  put(d, "has_publisher", !p.name.empty());
  put(d, "publisher", p.name);
  put(d, "has_copyright", !p.copyright.empty());
  put(d, "copyright", p.copyright);
  // The footer states each fact once: a version or scale the title line already gives
  // ("1812 QRS Version 3", "Ver. 2.1 for 15mm") is not repeated after it.
  const std::string title_line = spec.title + " " + spec.subtitle;
  put(d, "has_version", !p.version.empty() && !html::states(title_line, p.version));
  put(d, "has_scale", !html::states(title_line, spec.figures));
  put(d, "version", p.version);
  put(d, "has_date", !p.date.empty());
  put(d, "date", p.date);
}

}  // namespace

std::optional<Paper> paper_from(const std::string& name) {
  for (const auto& s : kPapers) {
    if (name == s.name) return s.paper;
  }
  return std::nullopt;
}

Paper paper_option(const std::string& name) {
  const auto paper = paper_from(name);
  if (!paper) backend_error("unknown paper '" + name + "' (letter or a4)");
  return *paper;
}

SheetOptions sheet_options(const BackendOptions& o) { return {paper_option(o.paper), o.appendix, o.change_marks}; }

std::string html_sheet_path(const Spec& spec) { return spec.system + "/" + sheet_file_id(spec) + ".html"; }

constexpr const char* kSheetTemplate = "html/sheet.html.mustache";
constexpr const char* kIndexTemplate = "html/index.html.mustache";

struct HtmlSheetEmitter::Parsed {
  NodePtr layouts = html::load_layouts();
  mst::mustache sheet = parse_template(kSheetTemplate);
  mst::mustache index = parse_template(kIndexTemplate);
  SharedTableNumbers shared;  // a table a run's specs share renders once (mst::generated_list)
};

HtmlSheetEmitter::HtmlSheetEmitter() : parsed_(std::make_unique<Parsed>()) {}
HtmlSheetEmitter::~HtmlSheetEmitter() = default;

std::optional<int> HtmlSheetEmitter::page_count(const Spec& spec, bool appendix) const {
  const auto pages = place(*parsed_->layouts, spec, appendix).pages;
  for (const auto& p : pages) {
    if (p.flow > 0) return std::nullopt;
  }
  return static_cast<int>(pages.size());
}

namespace html {

void set_sheet_partials(mst::data& d) {
  for (const char* p : kPagePartials) d.set(p, std::string(load_template(partial_file(p))));
  set_table_partials(d);
}

}  // namespace html

std::string HtmlSheetEmitter::sheet(const Spec& spec, const SheetOptions& options) const {
  std::string out;
  with_sheet_data(spec, options, [&](mst::data& d) { out = render(kSheetTemplate, parsed_->sheet, d); });
  return out;
}

void HtmlSheetEmitter::with_sheet_data(const Spec& spec, const SheetOptions& options,
                                       const std::function<void(mst::data&)>& use) const {
  const PaperSize& size = paper_size(options.paper);
  const PlacedLayout layout = place(*parsed_->layouts, spec, options.appendix);
  const html::ChangeMarks change_marks(spec);
  const bool marked = (options.change_marks || layout.change_marks) && !change_marks.empty();
  const html::ChangeMarks* marks = marked ? &change_marks : nullptr;
  const auto& pages = layout.pages;
  const bool fixed = std::none_of(pages.begin(), pages.end(), [](const PlacedPage& p) { return p.flow > 0; });
  mst::data d;
  set_sheet_fields(d, spec);
  put(d, "paper", size.name);
  put(d, "page_size", size.css_size);
  put(d, "page_width", size.width);
  put(d, "page_height", size.height);
  put(d, "margin", kMargin);
  put(d, "has_font_size", !layout.font_size.empty());
  put(d, "font_size", layout.font_size);
  mst::data page_list = list_of();
  html::PageContext context = html::page_context(spec, marks, layout.distances);
  context.shared = &parsed_->shared;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    mst::data page = page_data(pages[i], context);
    put(page, "page_number", std::to_string(i + 1));
    put(page, "page_count", std::to_string(pages.size()));
    put(page, "fixed_pages", fixed);
    append(page_list, std::move(page));
  }
  put(d, "pages", std::move(page_list));
  mst::data legend = list_of();
  if (marked) {
    for (const auto& l : change_marks.legend()) {
      mst::data item;
      put(item, "text", l);
      append(legend, std::move(item));
    }
  }
  put(d, "has_legend", marked);
  put(d, "legend", std::move(legend));
  use(d);  // while the layout, the change marks and the page context its lists read are alive
}

std::string HtmlSheetEmitter::index(const std::vector<const Spec*>& specs) const {
  std::vector<IndexEntry> entries;
  for (const Spec* spec : specs) entries.push_back({spec, {}});
  return index(entries);
}

std::string HtmlSheetEmitter::index(const std::vector<IndexEntry>& entries) const {
  mst::data d;
  mst::data sheets = list_of();
  bool has_files = false;
  for (const auto& [spec, files] : entries) {
    if (spec->abstract) continue;
    mst::data s;
    set_sheet_fields(s, *spec);
    put(s, "href", html_sheet_path(*spec));
    mst::data links = list_of();
    for (const auto& f : files) {
      mst::data link;
      put(link, "label", f.label);
      put(link, "path", f.path);
      append(links, std::move(link));
    }
    put(s, "files", std::move(links));
    has_files = has_files || !files.empty();
    append(sheets, std::move(s));
  }
  put(d, "has_files", has_files);
  put(d, "sheets", std::move(sheets));
  return render(kIndexTemplate, parsed_->index, d);
}

std::string emit_html_sheet(const Spec& spec, Paper paper) { return HtmlSheetEmitter().sheet(spec, paper); }
std::string emit_html_sheet(const Spec& spec, const SheetOptions& options) {
  return HtmlSheetEmitter().sheet(spec, options);
}

std::string emit_html_index(const std::vector<Spec>& specs) {
  std::vector<const Spec*> all;
  for (const auto& s : specs) all.push_back(&s);
  return HtmlSheetEmitter().index(all);
}

std::optional<int> html_sheet_page_count(const Spec& spec, bool appendix) {
  return HtmlSheetEmitter().page_count(spec, appendix);
}

}  // namespace qrsc
