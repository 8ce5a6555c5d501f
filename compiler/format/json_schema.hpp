// The JSON Schema (draft 2020-12) of spec files, generated from the spec format's description:
// what yaml-language-server and other editors check a spec against as it is typed. A table's
// keys depend on its kind (an `if`/`then` per kind, `unevaluatedProperties: false`), so an
// editor offers and accepts only the keys of that kind; notations that a pattern can express
// (ids, band notation, dice, numbers, distances) carry one.
#pragma once

#include <string>

namespace qrsc::format {

// The schema as the text of docs/schema/qrs-spec.schema.json.
std::string spec_json_schema();

}  // namespace qrsc::format
