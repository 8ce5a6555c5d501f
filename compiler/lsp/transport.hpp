// JSON-RPC 2.0 messages as the Language Server Protocol frames them on a stream: a header
// ("Content-Length: N"), a blank line, then N bytes of JSON.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace qrsc::lsp {

// A message larger than this is refused (a spec file's limit, with room for JSON escapes).
inline constexpr std::size_t kMaxMessageBytes = 64 * 1024 * 1024;

// The next message's body; nothing at the end of the stream or on a header that cannot be
// read (no length, a length beyond kMaxMessageBytes), after which the stream is not trusted.
std::optional<std::string> read_message(std::istream& in);
void write_message(std::ostream& out, const nlohmann::json& message);

}  // namespace qrsc::lsp
