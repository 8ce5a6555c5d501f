// Printing a sheet to PDF with headless Chromium (run through run_process: no shell, its own
// process group, a timeout).
#pragma once

#include <string>
#include <vector>

#include "qrsc/base/expected.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// The PDF's path under the output folder: beside the HTML sheet, <system>/<file id>.pdf
std::string pdf_sheet_path(const Spec& spec);

// The Chromium qrsc uses when none is given: /usr/bin/chromium, else `chromium` on PATH.
std::string default_chromium();

// What the browser that printed a sheet found when it measured it (templates/html/measure.js).
struct LayoutFinding {
  bool fixed = false;  // the layout fixed it itself (wrapped, or set smaller); else it does not fit
  std::string page;    // "1", "2", ...
  std::string table;   // the table's id, or "-"
  std::string what;
};

struct PdfResult {
  std::string pdf;  // the PDF's bytes
  std::vector<LayoutFinding> findings;
  [[nodiscard]] bool fits() const;  // no finding is a problem
};

// Prints a sheet (the html backend's document) to PDF. The page size comes from the document's
// @page rule. A missing Chromium is reported with the Debian package to install. The sheet's
// own script (templates/html/measure.js) fits it in the browser that prints it (a table too
// wide for its column has its headings wrapped, then its text columns, and is then set
// smaller, down to the smallest size) and measures it; what still does not fit is in `findings`.
// Without a PDF (no Chromium, or it printed none), the message says why.
Expected<PdfResult> print_pdf(const std::string& html, const std::string& chromium);
// The PDF with its creation and modification dates set to one fixed date (same length, so
// the file stays valid): prints of the same sheet are byte-identical.
std::string fixed_dates(std::string pdf);

}  // namespace qrsc
