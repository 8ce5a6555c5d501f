// Between the front end's locations (1-based lines, columns in UTF-8 characters) and the
// protocol's (0-based lines, characters in UTF-16 code units), and between file URIs and paths.
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qrsc/base/diagnostics.hpp"

namespace qrsc::lsp {

// A file: URI's path (percent-decoded); nothing for another scheme.
std::optional<std::filesystem::path> path_of_uri(std::string_view uri);
std::string uri_of_path(const std::filesystem::path& path);

// Line `line` (0-based) of `text`, without its line break ("" past the end).
std::string_view line_of(std::string_view text, int line);

// Where each line of a text starts, found in one pass: a line's text, and so a position on it,
// in time of that line alone (finding each line from the text's top costs the square of the
// text when a whole file's positions are wanted).
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  [[nodiscard]] int lines() const { return static_cast<int>(starts_.size()); }
  // Line `line` (0-based) without its line break ("" past the end), as line_of says.
  [[nodiscard]] std::string_view line(int line) const;
  [[nodiscard]] std::string_view text() const { return text_; }

 private:
  std::string_view text_;
  std::vector<std::size_t> starts_;
};

// The protocol's characters (UTF-16 code units) of bytes of one line, asked in increasing order:
// each in time of the bytes since the one asked before, so a line's many places cost the line
// once (an earlier byte starts again from the line's start).
class LineCursor {
 public:
  explicit LineCursor(std::string_view line) : line_(line) {}
  int character(std::size_t byte);

 private:
  std::string_view line_;
  std::size_t byte_ = 0;
  int units_ = 0;
};

// The protocol's position {line, character} of byte `byte` of line `line`.
nlohmann::json position(std::string_view text, int line, std::size_t byte);
// The same, given the line's own text `l`.
nlohmann::json position_on_line(std::string_view l, int line, std::size_t byte);
// The byte of its line a protocol position names (clamped to the line).
std::size_t byte_of(std::string_view text, int line, int character);

// The range of the token a diagnostic's location points at: a quoted scalar to its closing
// quote, a plain one to the next ',', ']', '}', ': ' or comment; the line's start when the
// location has no line.
nlohmann::json token_range(std::string_view text, const Loc& loc);
nlohmann::json token_range(const LineIndex& lines, const Loc& loc);  // for many locations in one text

// The word of spec names and ids around byte `byte` of `line` ([A-Za-z0-9_./-]).
std::string word_at(std::string_view line, std::size_t byte);

}  // namespace qrsc::lsp
