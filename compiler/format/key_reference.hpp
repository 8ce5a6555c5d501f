// The key reference of docs/spec-format.md, generated from the spec format's description: one
// Markdown table per object, each key with what its value must be and what it means.
#pragma once

#include <string>

namespace qrsc::format {

// The Markdown between the key-reference markers of docs/spec-format.md.
std::string key_reference_markdown();

}  // namespace qrsc::format
