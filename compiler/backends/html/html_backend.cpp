// `--emit html`: a printable sheet per spec, and index.html listing every sheet of the run.
#include <array>

#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/html/emit_html.hpp"

namespace qrsc {

namespace {

constexpr std::string_view kIndexFile = "index.html";
constexpr std::array<std::string_view, 1> kRunFiles = {kIndexFile};

class HtmlBackend final : public Backend {
 public:
  explicit HtmlBackend(SheetOptions options) : options_(options) {}

  std::vector<OutputFile> emit(const Spec& spec) const override {
    return one_output(html_sheet_path(spec), emitter_.sheet(spec, options_));
  }
  std::vector<std::string> files_read(const Spec& spec) const override { return layout_files_read(spec); }
  std::vector<OutputFile> emit_run(const std::vector<const Spec*>& specs) const override {
    return one_output(std::string(kIndexFile), emitter_.index(specs));
  }

 private:
  SheetOptions options_;
  HtmlSheetEmitter emitter_;
};

}  // namespace

const BackendInfo& html_backend() {
  static const BackendInfo info{"html",
                                "printable sheet (self-contained HTML) and index.html",
                                true,
                                [](const BackendOptions& o) -> std::unique_ptr<Backend> {
                                  return std::make_unique<HtmlBackend>(sheet_options(o));
                                },
                                html_sheet_path,
                                kRunFiles};
  return info;
}

}  // namespace qrsc
