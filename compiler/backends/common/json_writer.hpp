// The one JSON writer of every output (the JSON backend, `qrsc check --format json`, `lookup`,
// `odds`, `diff`): objects keep their fields in the order they are set, so each output states
// its order and no JSON comes out sorted by key.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace qrsc {

using Json = nlohmann::ordered_json;

// The document as written: two-space indents and a final line break. Text the front end
// admitted is valid UTF-8; a diagnostic quoting a file's invalid bytes gets U+FFFD for them
// rather than an exception.
std::string json_document(const Json& j);
// The same on one line (a line per answer: `qrsc lookup --cases`).
std::string json_line(const Json& j);

}  // namespace qrsc
