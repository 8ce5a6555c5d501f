// `--emit pdf`: the printable sheet as PDF, printed by headless Chromium.
#include "backend.hpp"
#include "emit_html.hpp"
#include "pdf.hpp"

namespace qrsc {

namespace {

class PdfBackend final : public Backend {
 public:
  PdfBackend(SheetOptions options, std::string chromium) : options_(options), chromium_(std::move(chromium)) {}

  std::vector<OutputFile> emit(const Spec& spec) const override {
    PdfResult pdf = print_pdf(html_.sheet(spec, options_), chromium_);
    if (!pdf.error.empty()) throw std::runtime_error(pdf.error);
    return one_output(pdf_sheet_path(spec), std::move(pdf.pdf));
  }

 private:
  SheetOptions options_;
  std::string chromium_;
  HtmlSheetEmitter html_;
};

}  // namespace

std::string pdf_sheet_path(const Spec& spec) { return spec.system + "/" + sheet_file_id(spec) + ".pdf"; }

const BackendInfo& pdf_backend() {
  static const BackendInfo info{"pdf", "printable sheet as PDF (headless Chromium)", false,
                                [](const BackendOptions& o) -> std::unique_ptr<Backend> {
                                  return std::make_unique<PdfBackend>(
                                      sheet_options(o), o.chromium.empty() ? default_chromium() : o.chromium);
                                }};
  return info;
}

}  // namespace qrsc
