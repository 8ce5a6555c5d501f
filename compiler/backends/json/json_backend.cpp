// `--emit json`: the resolved sheet as JSON, for web apps, Python and spreadsheets.
#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/json/emit_json.hpp"
#include "qrsc/base/diagnostics.hpp"

namespace qrsc {

namespace {

class JsonBackend final : public Backend {
 public:
  std::vector<OutputFile> emit(const Spec& spec) const override {
    return one_output(json_sheet_path(spec), emit_json_sheet(spec));
  }
  // A spec's text is UTF-8 (the front end admits nothing else), its file name need not be.
  void check(const Spec& spec, Diagnostics& diags) const override {
    if (is_valid_utf8(spec.path)) return;
    diags.warning(Loc{std::make_shared<const std::string>(spec.path), 0, 0},
                  "the file name is not UTF-8: the JSON gives it with U+FFFD in place of the bytes that are not");
  }
};

}  // namespace

const BackendInfo& json_backend() {
  static const BackendInfo info{"json",
                                "the resolved sheet as JSON (docs/schema/qrs-sheet.schema.json)",
                                false,
                                [](const BackendOptions&) -> std::unique_ptr<Backend> {
                                  return std::make_unique<JsonBackend>(); },
                                json_sheet_path,
                                {}};
  return info;
}

}  // namespace qrsc
