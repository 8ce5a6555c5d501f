// The sheet backend's renderer: one self-contained, printable HTML file per spec, rendered from
// the templates under templates/html/. Which table goes on which page, in which column and
// under which section heading is data (templates/html/layouts.yaml, chosen by spec.system);
// every table is drawn by the partial of its kind.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "qrsc/backends/common/mustache.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

enum class Paper { letter, a4 };
std::optional<Paper> paper_from(const std::string& name);  // "letter", "a4"
// The paper a backend was asked for; throws BackendError on an unknown name.
Paper paper_option(const std::string& name);

// How one sheet is printed.
struct SheetOptions {
  Paper paper = Paper::letter;
  bool appendix = false;      // add the reference tables (`print: appendix`) on further pages
  bool change_marks = false;  // print each erratum's number beside what it changed, with a legend
};

struct BackendOptions;
// The sheet options a backend was asked for (paper, appendix, change marks); throws on an
// unknown paper.
SheetOptions sheet_options(const BackendOptions& o);

// A further file of a sheet that the index page links to (a publishing bundle's PDFs and
// change lists), by its path under the output folder.
struct IndexLink {
  std::string label;
  std::string path;
};
// A sheet on the index page, and its further files.
struct IndexEntry {
  const Spec* spec;
  std::vector<IndexLink> files;
};

// Loads the layouts and parses the templates once; renders as many sheets as a run has.
class HtmlSheetEmitter {
 public:
  HtmlSheetEmitter();  // throws BackendError on a missing or invalid template
  ~HtmlSheetEmitter();
  HtmlSheetEmitter(const HtmlSheetEmitter&) = delete;
  HtmlSheetEmitter& operator=(const HtmlSheetEmitter&) = delete;

  [[nodiscard]] std::string sheet(const Spec& spec, const SheetOptions& options) const;
  // Calls `use` with what the sheet's templates read (html/sheet.html.mustache and html/sheet/),
  // which is valid only during the call (its lists are made as they are rendered, from the
  // sheet's layout): the web page draws its printed sheet from the same, with the same partials
  // (set_sheet_partials).
  void with_sheet_data(const Spec& spec, const SheetOptions& options,
                       const std::function<void(tmpl::data&)>& use) const;
  [[nodiscard]] std::string sheet(const Spec& spec, Paper paper) const { return sheet(spec, SheetOptions{paper}); }
  // The page listing every sheet (title, edition, scale), linking to html_sheet_path of each.
  [[nodiscard]] std::string index(const std::vector<const Spec*>& specs) const;
  // The same with each sheet's further files, in a column of their own when any sheet has some.
  [[nodiscard]] std::string index(const std::vector<IndexEntry>& entries) const;
  // The number of printed pages the layout intends for this spec (pages with content), or
  // nothing when its layout flows over as many pages as it needs.
  [[nodiscard]] std::optional<int> page_count(const Spec& spec, bool appendix = false) const;

 private:
  struct Parsed;
  std::unique_ptr<Parsed> parsed_;
};

namespace html {
// Puts every partial the sheet's templates use into `d` under its name (its pages, style and
// script, and each table's partials), where the renderer looks partials up.
void set_sheet_partials(tmpl::data& d);
}  // namespace html

// The same, each with a renderer of its own (tests, one-off uses).
std::string emit_html_sheet(const Spec& spec, Paper paper);
std::string emit_html_sheet(const Spec& spec, const SheetOptions& options);
std::string emit_html_index(const std::vector<Spec>& specs);
std::optional<int> html_sheet_page_count(const Spec& spec, bool appendix = false);
// The sheet's path under the output folder: beside the header, <system>/<file id>.html
std::string html_sheet_path(const Spec& spec);
// Where an author gives a table of the sheet more room, as a diagnostic names it: the sheet's own
// layout file (layout.hpp), or where one would go.
std::string layout_place(const Spec& spec);
// The sheet's own layout file when it has one (layout.hpp), as the files a sheet reads besides
// its specs: what the backends that place the sheet's tables report as read (Backend::files_read).
std::vector<std::string> layout_files_read(const Spec& spec);

}  // namespace qrsc
