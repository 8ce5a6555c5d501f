// `--emit web`: per sheet one self-contained interactive page whose answers come from the
// runtime compiled to WebAssembly, an index of the run's pages, and what makes the folder an
// offline app when it is served (offline_app.hpp).
#include <array>
#include <stdexcept>

#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/cpp/emit_cpp.hpp"
#include "qrsc/backends/html/emit_html.hpp"
#include "qrsc/backends/web/offline_app.hpp"
#include "qrsc/backends/web/wasm_module.hpp"
#include "qrsc/backends/web/web_page.hpp"
#include "qrsc/model/procedure_files.hpp"

namespace qrsc {

namespace {

constexpr std::string_view kIndexFile = "web.html";
// What emit_run writes: the index, and what makes the folder an offline app when served.
constexpr std::array<std::string_view, 1 + kOfflineAppFiles.size()> kRunFiles = {
    kIndexFile, kOfflineAppFiles[0], kOfflineAppFiles[1], kOfflineAppFiles[2]};

class WebBackend final : public Backend {
 public:
  WebBackend(std::string compiler, const SheetOptions& printed) : compiler_(std::move(compiler)), page_(printed) {}

  std::vector<OutputFile> emit(const Spec& spec) const override {
    auto module = build_wasm_module(spec, emit_cpp_header(spec), compiler_);
    if (!module) backend_error(module.error());
    return one_output(web_sheet_path(spec), page_.page(spec, *module));
  }
  // The layout the page's sections follow (it places its tables as the printed sheet does), the
  // system's package file (its procedures) and their page parts.
  std::vector<std::string> files_read(const Spec& spec) const override {
    std::vector<std::string> files = layout_files_read(spec);
    for (std::string& f : procedure_files(spec)) files.push_back(std::move(f));
    return files;
  }
  std::vector<OutputFile> emit_run(const std::vector<const Spec*>& specs) const override {
    std::vector<OutputFile> out = one_output(std::string(kIndexFile), page_.index(specs));
    std::vector<std::string> pages{std::string(kIndexFile)};
    for (const Spec* s : specs) pages.push_back(web_sheet_path(*s));
    for (auto& f : offline_app_files(std::string(kIndexFile), pages)) out.push_back(std::move(f));
    return out;
  }

 private:
  std::string compiler_;
  WebPageEmitter page_;
};

}  // namespace

const BackendInfo& web_backend() {
  static const BackendInfo info{"web",
                                "interactive sheet (self-contained HTML, answers from the runtime in WebAssembly)",
                                false,
                                [](const BackendOptions& o) -> std::unique_ptr<Backend> {
                                  return std::make_unique<WebBackend>(
                                      o.wasm_cxx.empty() ? default_wasm_compiler() : o.wasm_cxx, sheet_options(o));
                                },
                                web_sheet_path,
                                kRunFiles};
  return info;
}

}  // namespace qrsc
