// The web page of one sheet (templates/web/sheet.html.mustache): the rolled tables grouped as
// the printed sheet's sections, their rows, columns and modifier lists in the sheet's words
// (escaped by the renderer), the script and style, and the WebAssembly module inline.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "qrsc/backends/html/emit_html.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// The page's path under the output folder: <system>/<file id>.web.html
std::string web_sheet_path(const Spec& spec);

// Parses the templates once; renders as many pages as a run has.
class WebPageEmitter {
 public:
  // `printed`: how the page prints (the printed sheet's paper, appendix and change marks, as
  // the PDF backend takes them).
  explicit WebPageEmitter(const SheetOptions& printed = {});
  ~WebPageEmitter();
  WebPageEmitter(const WebPageEmitter&) = delete;
  WebPageEmitter& operator=(const WebPageEmitter&) = delete;
  [[nodiscard]] std::string page(const Spec& spec, const std::string& wasm) const;
  // The page listing the run's sheets, linking to each one's web_sheet_path.
  [[nodiscard]] std::string index(const std::vector<const Spec*>& specs) const;

 private:
  struct Templates;
  std::unique_ptr<Templates> templates_;
};

// The bytes as base64 (RFC 4648, padded): how the page carries its module.
std::string base64(const std::string& bytes);

}  // namespace qrsc
