// A layout (templates/html/layouts.yaml) resolved against one spec, and its mustache data.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "qrsc/backends/common/mustache.hpp"
#include "qrsc/backends/common/shared_tables.hpp"
#include "qrsc/backends/html/change_marks.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc::html {

namespace mst = qrsc::tmpl;

// The layouts of every system, one file.
inline constexpr const char* kLayouts = "html/layouts.yaml";

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
  int flow = 0;           // > 0: tables poured into this many columns, over as many pages as needed
  std::string font_size;  // this page's base type size, when it sets its own
  std::vector<PlacedRow> rows;
};

struct PlacedLayout {
  std::string font_size;                             // the base font size, when the layout sets one
  bool change_marks = false;                         // the layout prints change marks whenever the spec has errata
  DistanceStyle distances = DistanceStyle::decimal;  // `distances`: how tables and text write them
  std::vector<PlacedPage> pages;
};

// The layout file a sheet is placed by (each holds one layout: `pages`, `font_size`, ...), the
// first found of
// 1. the sheet's own, which an author keeps with the spec: SPEC.layout.yaml beside the spec
//    file, else its nearest parent's (the lineage's order);
// 2. its system's, in the system's package: SYSTEM.layout.yaml in the first of the system's
//    folders on the spec search path that has one (Spec::system_layout);
// 3. none: the default layout, `default` in templates/html/layouts.yaml.
struct LayoutFile {
  std::filesystem::path file;  // empty: the default
  std::string shown;           // `file` as messages name it
  bool own = false;            // the sheet's own (else its system's)
  std::string own_shown;       // where the sheet's own layout is, or would go
};
LayoutFile layout_file(const Spec& spec);

// Places the spec's tables by its layout file (layout_file), else the default; `all` is
// layouts.yaml. Reference tables (`print: appendix`) are placed only when `appendix` is set.
PlacedLayout place(const Node& all, const Spec& spec, bool appendix);
// layouts.yaml (from the template store), parsed; throws BackendError with its first error
// when it cannot be read.
NodePtr load_layouts();
// What a page's tables need of the sheet beyond the placement: its change marks (or nullptr),
// its source documents, which footnotes cite by title, and the layout's way with distances.
struct PageContext {
  const ChangeMarks* marks = nullptr;
  const std::vector<SourceDoc>& sources;
  DistanceStyle distances = DistanceStyle::decimal;
  std::string sources_key;               // the citations, for the key a shared table's rendering is reused by
  SharedTableNumbers* shared = nullptr;  // the run's shared tables; nullptr: nothing reused
  const Spec* spec = nullptr;            // for what a table prints of the tables it names
};
PageContext page_context(const Spec& spec, const ChangeMarks* marks, DistanceStyle distances);
mst::data page_data(const PlacedPage& p, const PageContext& ctx);

}  // namespace qrsc::html
