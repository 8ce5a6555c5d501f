// User input echoed in a message (a name from the command line, a file name, a key from a spec)
// with what a terminal would act on made visible: control characters as C escapes (\n, \t,
// \x1b) and bytes that are not UTF-8 as \xNN, so a name can neither clear the screen nor make a
// message invalid text.
#pragma once

#include <string>
#include <string_view>

namespace qrsc {

std::string printable(std::string_view text);

// Whether `text` holds a control character (C0, DEL or C1): such a name is refused where a build
// tool would read it (a depfile) instead of being escaped.
bool has_control_character(std::string_view text);
// Whether `text` is valid UTF-8 (what JSON and HTML can hold).
bool is_valid_utf8(std::string_view text);

}  // namespace qrsc
