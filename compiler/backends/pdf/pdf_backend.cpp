// `--emit pdf`: the printable sheet as PDF, printed by headless Chromium.
#include <fmt/format.h>

#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/html/emit_html.hpp"
#include "qrsc/backends/pdf/pdf.hpp"

namespace qrsc {

namespace {

// The error a sheet that does not fit gets, at its spec: the paper, then a note per finding with
// its page, table (id and title) and what does not fit, and a note on what to do.
std::vector<Diagnostic> layout_diagnostics(const Spec& spec, Paper paper, const std::vector<LayoutFinding>& findings) {
  const Loc at{std::make_shared<const std::string>(spec.path), 0, 0};
  std::vector<Diagnostic> out{{Severity::error, at,
                               std::string("the sheet does not fit its pages on ") +
                                   (paper == Paper::a4 ? "A4" : "Letter") +
                                   " paper (measured by the browser that prints it)"}};
  for (const auto& f : findings) {
    if (f.fixed) continue;
    std::string where = "page " + f.page;
    if (const Table* t = spec.table(f.table)) where += ", table " + t->id + " (" + t->title + ")";
    out.push_back({Severity::note, at, where + ": " + f.what});
  }
  out.push_back({Severity::note, at,
                 fmt::format("give the table more room in {} (a wider column, a split, another column or page), or "
                             "shorten it (docs/sheets.md, \"A sheet's own layout\")",
                             layout_place(spec))});
  return out;
}

class PdfBackend final : public Backend {
 public:
  PdfBackend(SheetOptions options, std::string chromium) : options_(options), chromium_(std::move(chromium)) {}

  std::vector<OutputFile> emit(const Spec& spec) const override {
    auto pdf = print_pdf(html_.sheet(spec, options_), chromium_);
    if (!pdf) backend_error(pdf.error());
    if (!pdf->fits()) backend_error(layout_diagnostics(spec, options_.paper, pdf->findings));
    return one_output(pdf_sheet_path(spec), std::move(pdf->pdf));
  }
  std::vector<std::string> files_read(const Spec& spec) const override { return layout_files_read(spec); }

 private:
  SheetOptions options_;
  std::string chromium_;
  HtmlSheetEmitter html_;
};

}  // namespace

std::string pdf_sheet_path(const Spec& spec) { return spec.system + "/" + sheet_file_id(spec) + ".pdf"; }

const BackendInfo& pdf_backend() {
  static const BackendInfo info{"pdf",
                                "printable sheet as PDF (headless Chromium)",
                                false,
                                [](const BackendOptions& o) -> std::unique_ptr<Backend> {
                                  return std::make_unique<PdfBackend>(
                                      sheet_options(o), o.chromium.empty() ? default_chromium() : o.chromium);
                                },
                                pdf_sheet_path,
                                {}};
  return info;
}

}  // namespace qrsc
