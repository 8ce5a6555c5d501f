// `--emit json`: the resolved sheet as JSON, for web apps, Python and spreadsheets.
#include "backend.hpp"
#include "emit_json.hpp"

namespace qrsc {

namespace {

class JsonBackend final : public Backend {
 public:
  std::vector<OutputFile> emit(const Spec& spec) const override { return one_output(json_sheet_path(spec), emit_json_sheet(spec)); }
};

}  // namespace

const BackendInfo& json_backend() {
  static const BackendInfo info{"json", "the resolved sheet as JSON (docs/schema/qrs-sheet.schema.json)", false,
                                [](const BackendOptions&) -> std::unique_ptr<Backend> {
                                  return std::make_unique<JsonBackend>();
                                }};
  return info;
}

}  // namespace qrsc
