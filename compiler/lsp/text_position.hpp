// Between the front end's locations (1-based lines, columns in UTF-8 characters) and the
// protocol's (0-based lines, characters in UTF-16 code units), and between file URIs and paths.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "diagnostics.hpp"

namespace qrsc::lsp {

// A file: URI's path (percent-decoded); nothing for another scheme.
std::optional<std::filesystem::path> path_of_uri(std::string_view uri);
std::string uri_of_path(const std::filesystem::path& path);

// Line `line` (0-based) of `text`, without its line break ("" past the end).
std::string_view line_of(std::string_view text, int line);

// The protocol's position {line, character} of byte `byte` of line `line`.
nlohmann::json position(std::string_view text, int line, std::size_t byte);
// The byte of its line a protocol position names (clamped to the line).
std::size_t byte_of(std::string_view text, int line, int character);

// The range of the token a diagnostic's location points at: a quoted scalar to its closing
// quote, a plain one to the next ',', ']', '}', ': ' or comment; the line's start when the
// location has no line.
nlohmann::json token_range(std::string_view text, const Loc& loc);

// The word of spec names and ids around byte `byte` of `line` ([A-Za-z0-9_./-]).
std::string word_at(std::string_view line, std::size_t byte);

}  // namespace qrsc::lsp
