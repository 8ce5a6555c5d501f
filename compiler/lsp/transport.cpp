#include "transport.hpp"

#include <charconv>
#include <string_view>

namespace qrsc::lsp {

namespace {

constexpr std::size_t kMaxHeaderLine = 1024;

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
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

}  // namespace

std::optional<std::string> read_message(std::istream& in) {
  std::optional<std::size_t> length;
  for (;;) {
    const auto line = header_line(in);
    if (!line) return std::nullopt;
    if (line->empty()) {
      if (length) break;
      continue;  // blank lines between messages
    }
    constexpr std::string_view kLength = "content-length:";
    if (!starts_with_nocase(*line, kLength)) continue;  // Content-Type and any other header
    std::string_view value = std::string_view(*line).substr(kLength.size());
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || n > kMaxMessageBytes) return std::nullopt;
    length = n;
  }
  std::string body(*length, '\0');
  if (!in.read(body.data(), static_cast<std::streamsize>(body.size()))) return std::nullopt;
  return body;
}

void write_message(std::ostream& out, const nlohmann::json& message) {
  // Text that is not UTF-8 (a file name, a message quoting bad input) is replaced, never thrown on.
  const std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace qrsc::lsp
