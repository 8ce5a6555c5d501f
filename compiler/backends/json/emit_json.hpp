// The JSON backend's renderer: the resolved sheet as one JSON document, for consumers in other
// languages. The format is described by docs/schema/qrs-sheet.schema.json (draft 2020-12).
#pragma once

#include <string>

#include "qrsc/model/model.hpp"

namespace qrsc {

// The version of the JSON format; bumped on any change that a consumer could notice.
inline constexpr int kJsonFormatVersion = 2;

std::string emit_json_sheet(const Spec& spec);
// The file's path under the output folder: beside the header, <system>/<file id>.json
std::string json_sheet_path(const Spec& spec);

}  // namespace qrsc
