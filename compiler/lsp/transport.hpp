// JSON-RPC 2.0 messages as the Language Server Protocol frames them on a stream: a header
// ("Content-Length: N"), a blank line, then N bytes of JSON.
#pragma once

#include <cstddef>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace qrsc::lsp {

// A message larger than this is refused (a spec file's limit, with room for JSON escapes).
inline constexpr std::size_t kMaxMessageBytes = 64 * 1024 * 1024;
// Arrays and objects nested deeper than this are refused before they are parsed: copying and
// printing JSON recurse once per level, and no message of the protocol nests a tenth as deep.
inline constexpr int kMaxJsonDepth = 64;

// What one frame of the stream held: a message's body, or why the frame holds none (a header
// block without Content-Length), to answer before reading on.
struct Frame {
  std::string body;
  std::string error;  // "" for a message
};

// Reads frames off a stream. After a header block without Content-Length (whose body's end
// cannot be known), the bytes up to the next "Content-Length:" header are skipped.
class MessageReader {
 public:
  explicit MessageReader(std::istream& in) : in_(in) {}
  // The next frame; nothing at the end of the stream or on a header that cannot be read (a
  // header line past its limit, a length beyond kMaxMessageBytes), after which the stream is
  // not trusted.
  std::optional<Frame> next();

 private:
  std::istream& in_;
  bool resync_ = false;  // skip to the next Content-Length header first
};

// Whether `body` nests arrays and objects deeper than `limit` (strings are skipped; the scan
// does not check that the rest is JSON).
bool nested_deeper_than(std::string_view body, int limit);

void write_message(std::ostream& out, const nlohmann::json& message);

}  // namespace qrsc::lsp
