#include "qrsc/lsp/transport.hpp"

#include <charconv>

namespace qrsc::lsp {

namespace {

constexpr std::size_t kMaxHeaderLine = 1024;
constexpr std::string_view kLength = "content-length:";

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (lower(s[i]) != lower(prefix[i])) return false;
  }
  return true;
}

// One header line without its "\r\n"; nothing at the end of the stream or past the line limit.
std::optional<std::string> header_line(std::istream& in) {
  std::string line;
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (line.size() == kMaxHeaderLine) return std::nullopt;
    line.push_back(static_cast<char>(c));
  }
  return std::nullopt;
}

// Reads up to and including the next "Content-Length:" (any case), wherever it starts; false at
// the end of the stream. The prefix has no repeated start, so a mismatch restarts the match at
// the mismatched character.
bool skip_past_length_header(std::istream& in) {
  std::size_t matched = 0;
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    const char ch = lower(static_cast<char>(c));
    if (ch == kLength[matched]) {
      if (++matched == kLength.size()) return true;
    } else {
      matched = ch == kLength[0] ? 1 : 0;
    }
  }
  return false;
}

// The length a Content-Length header's value states; nothing for one that is not a length or
// is beyond kMaxMessageBytes.
std::optional<std::size_t> length_value(std::string_view value) {
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc() || end != value.data() + value.size() || n > kMaxMessageBytes) return std::nullopt;
  return n;
}

}  // namespace

std::optional<Frame> MessageReader::next() {
  std::optional<std::size_t> length;
  bool headers = false;  // a header line of this frame has been read
  if (resync_) {
    resync_ = false;
    if (!skip_past_length_header(in_)) return std::nullopt;
    const auto rest = header_line(in_);
    if (!rest || !(length = length_value(*rest))) return std::nullopt;
    headers = true;
  }
  for (;;) {
    const auto line = header_line(in_);
    if (!line) return std::nullopt;
    if (line->empty()) {
      if (length) break;
      if (!headers) continue;  // blank lines between messages
      // Headers without a length: the body's end cannot be known. Answered, then skipped.
      resync_ = true;
      return Frame{"", "a message needs a Content-Length header; skipped to the next one"};
    }
    headers = true;
    if (!starts_with_nocase(*line, kLength)) continue;  // Content-Type and any other header
    if (!(length = length_value(std::string_view(*line).substr(kLength.size())))) return std::nullopt;
  }
  Frame frame;
  frame.body.resize(*length);
  if (!in_.read(frame.body.data(), static_cast<std::streamsize>(frame.body.size()))) return std::nullopt;
  return frame;
}

bool nested_deeper_than(std::string_view body, int limit) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

void write_message(std::ostream& out, const nlohmann::json& message) {
  // Text that is not UTF-8 (a file name, a message quoting bad input) is replaced, never thrown on.
  const std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace qrsc::lsp
