// Old spellings the spec format still reads (format::DeprecatedSpelling): found in a parsed
// spec by following the format's description from the root, so that a word is replaced only
// where it is the key's value (a `cell:` of a matrix table, not a `cell:` an assertion states).
#pragma once

#include <string>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

struct OldSpelling {
  Loc at;  // the value's token
  std::string old_spelling;
  std::string spelling;
};

// Replaces every deprecated spelling in the tree by the current one and says where each was.
std::vector<OldSpelling> modernize_spellings(Node& spec);

// The warning for one: "'fire_points' is deprecated; use 'fraction'".
void warn_old_spelling(const OldSpelling& old, Diagnostics& diags);

// `text` (the spec the tree was parsed from) with each old spelling's token replaced by the
// current one, and nothing else changed; a token that is not where its location says (an
// alias's copy) is left alone. `fixed` counts the replacements.
std::string with_current_spellings(std::string text, const std::vector<OldSpelling>& old, std::size_t& fixed);

}  // namespace qrsc
